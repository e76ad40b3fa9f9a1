import { expect, test } from '@playwright/test';
import { signInAdmin } from './admin-helpers.js';
import { createVerifiedAccount, signIn } from './trips-helpers.js';

// Two accounts, each signed up and verified: generous on a busy machine.
test.setTimeout(180_000);

test('a traveller is shown Access Denied; an administrator gets every tab and the audit log', async ({ page, browser }) => {
  const traveller = { firstName: 'Tess', lastName: 'Traveller', email: `tess.${Date.now()}@example.com`, password: 'secret-tess-1' };
  await createVerifiedAccount(page, traveller);
  await signIn(page, traveller.email, traveller.password);
  await page.goto('/dashboard/admin');
  await expect(page.getByRole('alert')).toContainText("You don't have permission to access the admin dashboard.");
  await expect(page.getByRole('alert')).toContainText('Contact an administrator if you believe this is an error.');
  await expect(page.getByRole('tab')).toHaveCount(0);
  // The trip management screen says its own name; the console's other pages refuse alike.
  await page.goto('/dashboard/admin?tab=trips');
  await expect(page.getByRole('alert')).toContainText("You don't have permission to access the trip management dashboard.");
  for (const path of ['/dashboard/admin-guides', '/dashboard/admin-stories', '/dashboard/admin-analytics']) {
    await page.goto(path);
    await expect(page.getByRole('alert').filter({ hasText: 'Access Denied' })).toContainText("You don't have permission to access the admin dashboard.");
  }

  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInAdmin(admin, 'console', 'audit');
  for (const name of ['Users', 'Trips', 'Expenses', 'Friends', 'Checklists', 'Notifications', 'Stories', 'Analytics', 'Rewards', 'System', 'Audit log'])
    await expect(admin.getByRole('tab', { name })).toBeVisible();
  await expect(admin.getByRole('tab', { name: 'Audit log' })).toHaveAttribute('aria-selected', 'true');
  await expect(admin.getByText(/actions recorded/)).toBeVisible();
  await admin.getByRole('tab', { name: 'Users' }).click();
  await expect(admin).toHaveURL(/tab=users/);

  // A tab whose data fails to load says so in the console's words, with the server's message, and
  // Retry reads it again: the notifications tab's figures are refused until Retry is pressed (the
  // route's preload and the screen may both ask; the server refuses every ask alike).
  let refusing = true;
  await admin.route('**/graphql', async (route) => {
    if (refusing && route.request().postData()?.includes('NotificationsTabStatsQuery')) {
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: null, errors: [{ message: 'Failed to fetch trip invitations' }] }),
      });
    } else await route.continue();
  });
  await admin.getByRole('tab', { name: 'Notifications' }).click();
  const loadError = admin.getByRole('alert').filter({ hasText: 'Error loading notification data: Failed to fetch trip invitations' });
  await expect(loadError).toBeVisible();
  refusing = false;
  await loadError.getByRole('button', { name: 'Retry' }).click();
  await expect(admin.getByRole('heading', { name: 'Notification & Invitation System' })).toBeVisible();
  await expect(admin.getByText('Total Invitations')).toBeVisible();
  await expect(loadError).toHaveCount(0);
  await admin.unroute('**/graphql');

  // The stories and analytics screens on pages of their own.
  await admin.goto('/dashboard/admin-stories');
  await expect(admin.getByText('Total Stories')).toBeVisible();
  await admin.goto('/dashboard/admin-analytics');
  await expect(admin.getByRole('button', { name: 'Refresh Data' })).toBeVisible();
  await context.close();
});
