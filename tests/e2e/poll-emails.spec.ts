import { expect, test } from '@playwright/test';
import { uniqueEmail, waitForLink } from './mail.js';

/** Settings' "E-mail me about polls": off at first, saved when switched, still on after a reload. */
test('turn poll e-mails on in Settings; the choice is kept', async ({ page }) => {
  const email = uniqueEmail('polls');
  const password = 'poll-mail-2030';
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      email,
      password,
      confirm_password: password,
      first_name: 'Pia',
      last_name: 'Larsen',
      city: 'Oslo',
      state: 'Oslo',
      country: 'OTHER',
      country_other: 'Norway',
    },
  });
  expect(signup.status()).toBe(201);
  await page.goto(await waitForLink(email, 'verify-email'));
  await page.goto('/signin?next=%2Fdashboard%2Fsettings');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  const toggle = page.getByRole('switch', { name: 'E-mail me about polls' });
  await expect(toggle).not.toBeChecked();
  // By keyboard: focus it and press Space.
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Poll e-mails are on.')).toBeVisible();
  await expect(toggle).toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'E-mail me about polls' })).toBeChecked();
});
