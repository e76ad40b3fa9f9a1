import { expect, test, type Page } from '@playwright/test';
import { signInAdmin } from './admin-helpers.js';
import { createVerifiedAccount } from './trips-helpers.js';

// Runs in the 'last' project, after every other journey, because its broadcast reaches their demo people too
// (alone: `npx playwright test -c tests/e2e/playwright.config.ts --no-deps admin-people`).
// Several accounts and every action of three tabs: generous on a busy machine.
test.setTimeout(240_000);

const shots = async (page: Page, name: string) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await page.screenshot({ path: `.tmp/admin-people-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

test('an administrator runs the users, friends and notifications tabs', async ({ page, browser }) => {
  const tag = `Q${Date.now() % 1_000_000}`;
  const ann = { firstName: 'Ann', lastName: `${tag}Asker`, email: `ann.${tag.toLowerCase()}@example.com`, password: 'secret-ann-1' };
  const bob = { firstName: 'Bob', lastName: `${tag}Bidden`, email: `bob.${tag.toLowerCase()}@example.com`, password: 'secret-bob-1' };
  const gone = { firstName: 'Gus', lastName: `${tag}Gone`, email: `gus.${tag.toLowerCase()}@example.com`, password: 'secret-gus-1' };

  // Ann asks Bob to be friends; Gus is there to be deleted.
  const setup = await browser.newContext();
  const s = await setup.newPage();
  await createVerifiedAccount(s, ann);
  await createVerifiedAccount(s, bob);
  for (const p of [gone])
    expect(
      (
        await s.request.post('/api/auth/signup', {
          data: { email: p.email, password: p.password, first_name: p.firstName, last_name: p.lastName, city: 'Austin', state: 'TX', country: 'US' },
        })
      ).status(),
    ).toBe(201);
  const signin = await s.request.post('/api/auth/signin', { data: { email: ann.email, password: ann.password } });
  const token = (await signin.json()).access_token as string;
  const asked = await s.request.post('/api/backend/add-friend-by-email', { data: { email: bob.email }, headers: { authorization: `Bearer ${token}` } });
  expect(asked.ok(), await asked.text()).toBe(true);
  await setup.close();

  await signInAdmin(page, 'people', 'users');

  // ---- users ----
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  for (const card of ['Total Users', 'New This Month', 'Active Users', 'With Preferences']) await expect(page.getByText(card, { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search users' }).fill(tag);
  await expect(page.getByText('3 users')).toBeVisible();
  await shots(page, 'users');

  await page.getByRole('button', { name: `View Ann ${ann.lastName}` }).click();
  const details = page.getByRole('dialog', { name: 'User Details' });
  await expect(details.getByText(ann.email)).toBeVisible();
  await expect(details.getByText('Not Set')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: `Edit Ann ${ann.lastName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await edit.getByLabel('City').fill('Lyon');
  await edit.getByLabel('First name').fill('');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  // The profile rule is checked in the form first (accountFields.ts): its message sits under the field.
  await expect(edit.getByText('First and last name are required')).toBeVisible();
  await expect(edit.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await edit.getByLabel('First name').fill('Annie');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('User updated successfully!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Annie ${ann.lastName}`) })).toContainText('Lyon');

  await page.getByRole('button', { name: `Delete Gus ${gone.lastName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete user' });
  await expect(confirm).toContainText('Are you sure you want to delete this user? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete user' }).click();
  await expect(page.getByText('User deleted successfully!')).toBeVisible();
  await expect(page.getByText('2 users')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search users' }).fill(`${tag}nobody`);
  await expect(page.getByText('No users match your filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();

  // ---- broadcast ----
  await page.getByRole('button', { name: 'Broadcast' }).click();
  const broadcast = page.getByRole('dialog', { name: 'Broadcast Notification' });
  await broadcast.getByRole('button', { name: 'Send to all users' }).click();
  await expect(page.getByText('Title and message are required!')).toBeVisible();
  await broadcast.getByLabel('Title').fill(`Hello ${tag}`);
  await broadcast.getByLabel('Message').fill('A new feature is live.');
  await broadcast.getByLabel('Type').click();
  await page.getByRole('option', { name: 'Feature' }).click();
  await broadcast.getByLabel('Action URL (optional)').fill('/dashboard/trips');
  await shots(page, 'broadcast');
  await broadcast.getByRole('button', { name: 'Send to all users' }).click();
  await expect(page.getByText(/^Notification sent to \d+ users!$/)).toBeVisible();
  await expect(page.getByText('Broadcast notification sent successfully!')).toBeVisible();

  // ---- friends ----
  await page.getByRole('tab', { name: 'Friends' }).click();
  await expect(page.getByRole('heading', { name: 'Friends & Social Analytics' })).toBeVisible();
  await page.getByRole('tab', { name: /^Requests/ }).click();
  await page.getByRole('textbox', { name: 'Search by name' }).fill(tag);
  await page.getByRole('button', { name: `Approve request from Annie ${ann.lastName} to Bob ${bob.lastName}` }).click();
  await expect(page.getByText('Friend request approved successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Approve request from Annie/ })).toHaveCount(0);
  await shots(page, 'friend-requests');
  await page.getByRole('tab', { name: /^Friendships/ }).click();
  const remove = page.getByRole('button', { name: /^Remove friendship of .*(Annie|Bob)/ });
  await expect(remove).toBeVisible();
  await shots(page, 'friendships');
  await remove.click();
  const removeDialog = page.getByRole('dialog', { name: 'Remove friendship' });
  await expect(removeDialog).toContainText('Are you sure you want to remove this friendship? This action cannot be undone.');
  await removeDialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Friendship removed successfully!')).toBeVisible();
  await expect(page.getByText('No friendships found')).toBeVisible();

  // ---- notifications ----
  await page.getByRole('tab', { name: 'Notifications', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Notification & Invitation System' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(`${tag}-nobody@example.com`);
  await expect(page.getByText('No invitations match your filters')).toBeVisible();
  await page.getByRole('tab', { name: /^Legacy Invites/ }).click();
  await expect(page.getByText('No legacy invitations found')).toBeVisible();
  await page.getByRole('tab', { name: /^Notifications \(/ }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(`Hello ${tag}`);
  const rows = page.getByRole('row', { name: new RegExp(`Hello ${tag}`) });
  await expect(rows.first()).toBeVisible();
  await shots(page, 'notifications');
  await page
    .getByRole('button', { name: `View details of Hello ${tag}` })
    .first()
    .click();
  const view = page.getByRole('dialog', { name: 'Notification Details' });
  await expect(view).toContainText('A new feature is live.');
  await expect(view).toContainText('/dashboard/trips');
  await page.keyboard.press('Escape');
  const before = await rows.count();
  await page
    .getByRole('button', { name: `Mark Hello ${tag} as read` })
    .first()
    .click();
  await expect(page.getByText('Notification marked as read!')).toBeVisible();
  await expect(page.getByRole('button', { name: `Mark Hello ${tag} as read` })).toHaveCount(before - 1);
  // The broadcast reached every account, so the list may hold a full page and refill after a deletion:
  // delete the one row just marked read and watch that row go.
  const readRow = page.getByRole('row', { name: new RegExp(`Hello ${tag}.*\\bRead\\b`) });
  await expect(readRow).toHaveCount(1);
  await readRow.getByRole('button', { name: `Delete Hello ${tag}` }).click();
  const del = page.getByRole('dialog', { name: 'Delete notification' });
  await expect(del).toContainText('Are you sure you want to delete this notification? This action cannot be undone.');
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Notification deleted successfully!')).toBeVisible();
  await expect(readRow).toHaveCount(0);

  // Every action is in the audit log.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  for (const action of [
    'user.update',
    'user.delete',
    'notification.broadcast',
    'friendRequest.approve',
    'friendship.remove',
    'notification.markRead',
    'notification.delete',
  ])
    await expect(page.getByText(action, { exact: true }).first()).toBeVisible();
});
