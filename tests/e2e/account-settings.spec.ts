import { expect, test, type Page } from '@playwright/test';
import { AccountMessages as M } from '../../api/src/accounts/messages.js';
import { uniqueEmail, waitForLink } from './mail.js';

/**
 * Settings, at desktop width: changing the password (every other session ends at once, this one
 * carries on) and deleting the account (asked in the app's dialog, with the password; then signed
 * out on the home page with a notice). Each also checked at 375 px for the phone layout.
 */

/** A verified account, signed in through the form and looking at Settings. */
async function signedInAtSettings(page: Page, name: string) {
  const email = uniqueEmail(name);
  const password = 'first-secret-11';
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password, confirm_password: password, first_name: 'Rosa', last_name: 'Parks', city: 'Detroit', state: 'MI', country: 'US' },
  });
  expect(signup.status()).toBe(201);
  await page.goto(await waitForLink(email, 'verify-email'));
  await page.goto('/signin?next=%2Fdashboard%2Fsettings');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  return { email, password };
}

/** Nothing wider than a phone's screen: no sideways scrolling. */
async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 812 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('change the password: errors on their fields, other sessions end at once, this one goes on', async ({ page, request }, testInfo) => {
  const { email, password } = await signedInAtSettings(page, 'changer');
  // Another device signed in to the same account.
  const other = await request.post('/api/auth/signin', { data: { email, password } });
  expect(other.status()).toBe(200);
  const { access_token: otherToken, user } = (await other.json()) as { access_token: string; user: { id: string } };
  const otherCanRead = async () =>
    (await request.get(`/api/backend/user-dashboard/${user.id}`, { headers: { authorization: `Bearer ${otherToken}` } })).status();
  expect(await otherCanRead()).toBe(200);

  const section = page.getByRole('form', { name: 'Password' });
  const current = section.getByLabel('Current password');
  const next = section.getByLabel('New password', { exact: true });
  const confirm = section.getByLabel('Confirm new password');
  const submit = section.getByRole('button', { name: 'Change password' });

  // The browser's own checks, each on its field.
  await next.fill('short');
  await confirm.fill('different');
  await submit.click();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toHaveAccessibleDescription(M.passwordChangeCurrentRequired);
  await expect(next).toHaveAccessibleDescription(new RegExp(M.passwordTooShort));
  await expect(confirm).toHaveAccessibleDescription(new RegExp(M.passwordsDiffer));

  // The server's: a wrong current password, shown on that field.
  const newPassword = 'second-secret-22';
  await current.fill('not-my-password');
  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await submit.click();
  await expect(current).toHaveAccessibleDescription(M.currentPasswordWrong);
  expect(await otherCanRead()).toBe(200);

  await current.fill(password);
  await submit.click();
  await expect(page.getByText(M.passwordChanged)).toBeVisible();
  await expect(current).toHaveValue('');
  // The other device is signed out at once...
  expect(await otherCanRead()).toBe(401);
  // ...while this one carries on, also after a reload (it kept its refresh token).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Trips', exact: true }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/trips/);
  expect((await request.post('/api/auth/signin', { data: { email, password } })).status()).toBe(400);
  expect((await request.post('/api/auth/signin', { data: { email, password: newPassword } })).status()).toBe(200);

  await page.goto('/dashboard/settings');
  await expect(section).toBeVisible();
  await fitsPhone(page);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('settings-password-375.png') });
  await page.getByRole('button', { name: 'Delete account…' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('settings-delete-375.png') });
});

test('delete the account: asked in a dialog with the password, then signed out on the home page', async ({ page, request }, testInfo) => {
  const { email, password } = await signedInAtSettings(page, 'leaver');
  const open = page.getByRole('button', { name: 'Delete account…' });
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });

  // Cancel changes nothing.
  await open.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await open.click();
  const field = dialog.getByLabel('Your password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(field).toHaveAccessibleDescription(new RegExp(M.deletePasswordRequired));
  await field.fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(field).toHaveAccessibleDescription(new RegExp(M.currentPasswordWrong));

  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath('settings-delete-dialog-375.png') });
  await page.setViewportSize({ width: 1280, height: 720 });

  await field.fill(password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(M.accountDeleted)).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('tripcrew.session'))).toBeNull();
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/signin/);
  expect((await request.post('/api/auth/signin', { data: { email, password } })).status()).toBe(400);
});
