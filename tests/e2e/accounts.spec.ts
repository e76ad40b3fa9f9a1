import { expect, test } from '@playwright/test';
import { AccountMessages as M } from '../../api/src/accounts/messages.js';
import { uniqueEmail, waitForLink } from './mail.js';
import { signOut } from './trips-helpers.js';

/** The whole account journey in the real UI: wizard, verification mail, sign-in, dashboard, reset. */
test('sign up through the wizard, verify, sign in, land on the dashboard, reset the password', async ({ page }) => {
  const email = uniqueEmail('traveller');
  const password = 'wander-lust-42';

  await page.goto('/signup');
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  // The page arrives prerendered: a click before React has taken the button over does nothing.
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect.poll(() => continueButton.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$')))).toBe(true);
  // Leaving step 1 empty: every field says what it needs, at once, and the step stays.
  const step1 = page.locator('form');
  await continueButton.click();
  await expect(step1.getByText(M.namesRequired)).toHaveCount(2);
  await expect(step1.getByText(M.emailRequired)).toBeVisible();
  await expect(step1.getByText(M.locationRequired)).toHaveCount(2);
  await expect(step1.getByText(M.passwordTooShort)).toBeVisible();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(step1.getByText(M.invalidEmail)).toBeVisible();
  await page.getByLabel('First name').fill('Maya');
  await page.getByLabel('Last name').fill('Rivera');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('TX');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill('something-else');
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(step1.getByText(M.passwordsDiffer)).toBeVisible();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await page.getByLabel('Confirm password').fill(password);
  await expect(page.getByText('Passwords match!')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(M.preferencePickOne)).toHaveCount(3);
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await page.getByText('Every few months', { exact: true }).click();
  await page.getByText('4-6', { exact: true }).click();
  await page.getByText('Mid-range $2000-5000', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText("Skip for now - I'll add preferences later").click();

  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  const submitted = Date.now() - 1000;
  await page.getByRole('button', { name: /create account|sign up|finish/i }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  // Said once, on the page (not also in a notice beside it).
  await expect(page.getByText(M.signupSuccess)).toHaveCount(1);

  // Signing in before verifying is refused with a clear message.
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(M.emailNotConfirmed).first()).toBeVisible();

  const verify = await waitForLink(email, 'verify-email', submitted);
  await page.goto(verify);
  await expect(page).toHaveURL(/\/signin/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/trips/);
  await page.goto('/dashboard');
  await expect(page.getByText('Hello, Maya')).toBeVisible();
  await expect(page.getByText('Total Trips')).toBeVisible();
  // Not an administrator: no Admin entry.
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  // Sign out, then reset the password from the e-mailed link.
  await signOut(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin/);

  await page.goto('/forgot-password');
  const asked = Date.now() - 1000;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(M.resetSent).first()).toBeVisible();
  const reset = await waitForLink(email, 'reset-password', asked);
  await page.goto(reset);
  await page.getByLabel('New password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm new password').fill('12345');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText(M.passwordTooShort).first()).toBeVisible();
  // The sign-up rule's upper bound too, under the field it is about (not a page-level notice).
  await page.getByLabel('New password', { exact: true }).fill('x'.repeat(129));
  await page.getByLabel('Confirm new password').fill('y'.repeat(129));
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('aria-describedby', 'reset-password-error');
  await expect(page.locator('#reset-password-error')).toHaveText(M.passwordTooLong);
  await expect(page.locator('#reset-confirm-password-error')).toHaveText(M.passwordsDiffer);
  await page.getByLabel('New password', { exact: true }).fill('brand-new-route');
  await page.getByLabel('Confirm new password').fill('brand-new-route');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('brand-new-route');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test('the server refuses what the wizard would refuse', async ({ request }) => {
  const res = await request.post('/api/auth/signup', {
    data: { email: uniqueEmail('x'), password: 'secret1', confirm_password: 'secret1', first_name: 'A', last_name: 'B', city: '', state: '' },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).error).toBe(M.locationRequired);
});
