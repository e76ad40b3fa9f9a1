import { expect, test } from '@playwright/test';
import { uniqueEmail, waitForLink } from './mail.js';
import { createVerifiedAccount, type Person } from './trips-helpers.js';

/**
 * The public invitation page, signed out: the e-mailed invitee declines without an
 * account. The link's token is the proof; Decline asks first, the server records the answer, a
 * notice says so and the invitation leaves the list, also after a reload.
 */

test('signed out, Decline on the e-mailed link asks first, then declines for good', async ({ browser }) => {
  const owner: Person = { firstName: 'Eva', lastName: 'Moura', email: uniqueEmail('eva.invites'), password: 'say-no-kindly-7' };
  const invitee = uniqueEmail('guest.invites');
  const tripName = `Madeira Hike ${Date.now() % 100000}`;

  // The owner's side through the API: an account, a trip and an e-mailed invitation.
  const ownerPage = await (await browser.newContext()).newPage();
  await createVerifiedAccount(ownerPage, owner);
  const signin = await ownerPage.request.post('/api/auth/signin', { data: { email: owner.email, password: owner.password } });
  expect(signin.status()).toBe(200);
  const authorization = `Bearer ${(await signin.json()).access_token}`;
  const created = await ownerPage.request.post('/graphql', {
    headers: { authorization },
    data: {
      query: 'mutation($input: TripInput!) { createTrip(input: $input) { ... on TripPayload { trip { id } } } }',
      variables: { input: { name: tripName } },
    },
  });
  const tripId = Buffer.from((await created.json()).data.createTrip.trip.id, 'base64')
    .toString()
    .split(':')[1];
  const invitedAt = Date.now() - 1000;
  const sent = await ownerPage.request.post('/api/send-invite', { headers: { authorization }, data: { to: invitee, tripId } });
  expect(sent.status(), await sent.text()).toBe(200);
  const link = await waitForLink(invitee, 'pending-invitations', invitedAt);

  // The invitee, signed out, opens the link.
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  const card = page.getByRole('article', { name: `Invitation to ${tripName}` });
  await expect(card).toBeVisible();

  // Decline asks first; Cancel (focused first) keeps it.
  await card.getByRole('button', { name: 'Decline' }).click();
  const confirm = page.getByRole('dialog', { name: 'Decline invitation?' });
  await expect(confirm).toContainText(`Decline the invitation to ${tripName}?`);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Decline' }).click();
  await confirm.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(page.getByText(`You declined the invitation to ${tripName}.`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No Pending Invitations' })).toBeVisible();

  // Declined on the server, not only on this device: the link still opens the page, without it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No Pending Invitations' })).toBeVisible();
  await expect(page.getByText(/you hid on this device/)).toHaveCount(0);
  await ownerPage.context().close();
  await page.context().close();
});
