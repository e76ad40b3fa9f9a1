import { expect, test } from '@playwright/test';
import { AccountMessages as M } from '../../api/src/accounts/messages.js';
import { uniqueEmail, waitForLink } from './mail.js';

/**
 * Changing the e-mail address in Settings: the account keeps signing in with the current address
 * until the new one is confirmed from the link sent to it; a typo can be cancelled.
 */
test('change the e-mail address: pending until confirmed from its link, then the account moves', async ({ page }) => {
  const email = uniqueEmail('mover');
  const password = 'moving-day-77';
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password, confirm_password: password, first_name: 'Noor', last_name: 'Haddad', city: 'Austin', state: 'TX', country: 'US' },
  });
  expect(signup.status()).toBe(201);
  await page.goto(await waitForLink(email, 'verify-email'));
  await page.goto('/signin?next=%2Fdashboard%2Fsettings');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // The sign-in form stays on screen while the settings page loads (a transition): wait for it.
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  const field = page.getByRole('textbox', { name: /^Email/ });
  // The profile's own form: the Password section below has a "Current password" field too.
  const profile = page.locator('form', { has: page.getByRole('button', { name: 'Save changes' }) });
  await expect(field).toHaveValue(email);

  // A typo first: cancelled from the notice.
  const typo = `typo.${email}`;
  await field.fill(typo);
  await expect(field).toHaveValue(typo);
  await expect(page.getByText('We will send a confirmation link to the new address.', { exact: false })).toBeVisible();
  // The current password is asked for (and checked by the server).
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(M.currentPasswordRequired).first()).toBeVisible();
  await profile.getByLabel('Current password').fill('not-my-password');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(M.currentPasswordWrong).first()).toBeVisible();
  await profile.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(M.emailChangeSent)).toBeVisible();
  await expect(profile.getByLabel('Current password')).toHaveCount(0);
  await expect(field).toHaveValue(email);
  await expect(page.getByText(typo)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel change' }).click();
  await expect(page.getByText(M.emailChangeCancelled)).toBeVisible();
  await expect(page.getByText('Confirm your new email address')).toHaveCount(0);

  // The real one, confirmed from its link.
  const next = `new.${email}`;
  const asked = Date.now() - 1000;
  await field.fill(next);
  await profile.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Confirm your new email address')).toBeVisible();
  await page.goto(await waitForLink(next, 'verify-email', asked));
  await expect(page).toHaveURL(/\/dashboard\/settings/);
  await expect(page.getByText('Your new email address is confirmed.')).toBeVisible();
  await expect(field).toHaveValue(next);
  await expect(page.getByText('Confirm your new email address')).toHaveCount(0);
});
