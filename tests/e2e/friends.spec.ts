import { expect, test, type Browser, type Page } from '@playwright/test';
import { FriendMessages as M } from '../../api/src/friends/messages.js';

/**
 * The friend request round trip in two browsers, every step
 * seen live by the other person without reloading. Demo users Sam and Priya are not friends in
 * the demo workspace (api/src/server/seed.ts).
 */

const demoEmail = (name: string) => `${name}@demo.tripcrew.local`;

/** A fresh browser context signed in through the form, landing on `next`. */
async function signedIn(browser: Browser, name: string, next: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/signin?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(demoEmail(name));
  await page.getByLabel('Password').fill('tripcrew-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(next);
  return page;
}

test('send, receive live, accept, see each other live, remove with confirmation', async ({ browser }) => {
  const sam = await signedIn(browser, 'sam', '/dashboard/friends');
  const priya = await signedIn(browser, 'priya', '/dashboard/friends?tab=requests');

  await expect(sam.getByRole('heading', { name: 'Friends', level: 1 })).toBeVisible();
  await expect(sam.getByRole('tab', { name: 'Friends (2)' })).toBeVisible();
  await expect(priya.getByRole('tab', { name: 'Friends (0)' })).toBeVisible();
  // Priya's demo state: Alex's request, brought along by a trip invitation.
  await expect(priya.getByRole('tab', { name: 'Pending Requests (1)' })).toBeVisible();
  await expect(priya.getByText('Sent with an invitation to Lisbon Long Weekend')).toBeVisible();
  const priyaBell = priya.getByRole('button', { name: /^Notifications/ });
  await expect(priyaBell).toHaveAccessibleName('Notifications, 1 unread');

  // Sam: 'Add Friend' reveals the e-mail field; Enter submits; blank is refused here.
  await sam.getByRole('button', { name: 'Add Friend' }).click();
  const emailField = sam.getByLabel("Friend's email");
  await expect(emailField).toBeFocused();
  await emailField.press('Enter');
  await expect(sam.getByText(M.emailRequired)).toBeVisible();
  await emailField.fill(`  ${demoEmail('priya')}  `);
  await emailField.press('Enter');
  await expect(sam.getByText(M.requestSent)).toBeVisible();

  // At once under 'Requests You Sent'.
  await sam.getByRole('tab', { name: 'Pending Requests (1)' }).click();
  const sent = sam.getByRole('article', { name: 'Friend request to Priya Patel' });
  await expect(sent).toBeVisible();
  await expect(sent.getByText(M.waiting)).toBeVisible();

  // A second request is refused with the server's words.
  await sam.getByRole('button', { name: 'Add Friend' }).click();
  await sam.getByLabel("Friend's email").fill(demoEmail('priya'));
  await sam.getByLabel("Friend's email").press('Enter');
  await expect(sam.getByText(M.alreadyPending).first()).toBeVisible();

  // Priya, without reloading: the request, the tab count, the bell.
  const incoming = priya.getByRole('article', { name: 'Friend request from Sam Chen' });
  await expect(incoming).toBeVisible();
  await expect(priya.getByRole('tab', { name: 'Pending Requests (2)' })).toBeVisible();
  await expect(priyaBell).toHaveAccessibleName('Notifications, 2 unread');
  await incoming.getByRole('button', { name: 'Accept' }).click();
  await expect(incoming).toHaveCount(0);
  await expect(priya.getByRole('tab', { name: 'Friends (1)' })).toBeVisible();
  await expect(priya.getByRole('tab', { name: 'Pending Requests (1)' })).toBeVisible();
  await priya.getByRole('tab', { name: 'Friends (1)' }).click();
  await expect(priya.getByRole('list', { name: 'Your friends' }).getByText('Sam Chen')).toBeVisible();

  // Sam, without reloading: the request is answered, Priya is a friend.
  await expect(sent).toHaveCount(0);
  await expect(sam.getByText(M.noPendingRequests)).toBeVisible();
  await sam.getByRole('tab', { name: 'Friends (3)' }).click();
  const samList = sam.getByRole('list', { name: 'Your friends' });
  await expect(samList.getByText('Priya Patel')).toBeVisible();

  // Remove, after a confirmation that says trips are not affected.
  await sam.getByRole('button', { name: 'Remove Priya Patel' }).click();
  const dialog = sam.getByRole('dialog', { name: 'Remove friend?' });
  await expect(dialog).toContainText(M.removeConfirm);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(samList.getByText('Priya Patel')).toBeVisible();
  await sam.getByRole('button', { name: 'Remove Priya Patel' }).click();
  await sam.getByRole('dialog', { name: 'Remove friend?' }).getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(samList.getByText('Priya Patel')).toHaveCount(0);
  await expect(sam.getByRole('tab', { name: 'Friends (2)' })).toBeVisible();

  // Priya, live again.
  await expect(priya.getByRole('tab', { name: 'Friends (0)' })).toBeVisible();
  await expect(priya.getByText(M.noFriends)).toBeVisible();
});
