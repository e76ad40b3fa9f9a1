import { expect, test } from '@playwright/test';
import { TripMessages as M } from '../../api/src/trips/messages.js';
import { budgetTooLarge } from '../../api/src/trips/budgetRule.js';
import { TripFormMessages } from '../../web/src/pages/trips/tripFormMessages.js';
import { uniqueEmail, waitForLink } from './mail.js';
import { completeSignupWizard, createVerifiedAccount, isoDaysFromToday, signIn, type Person } from './trips-helpers.js';

/**
 * Trips together, in two browsers: A creates a trip through the
 * modal (place search, the documented checks), invites B by e-mail; B signs up from the
 * e-mailed invitation and joins; A sees B appear live; A edits and B sees it live; A deletes
 * with confirmation and B's list loses the trip live. Neither page is ever reloaded.
 */

test.setTimeout(180_000);

const password = 'plan-together-42';

/** B lands on the invitation's sign-up: through the public page when it offers it, else directly. */

test('create with place search, invite by e-mail, join from the e-mail, live members, edit and delete seen live', async ({ browser }) => {
  const a: Person = { firstName: 'Ana', lastName: 'Sousa', email: uniqueEmail('ana.trips'), password };
  const b: Person = { firstName: 'Bruno', lastName: 'Costa', email: uniqueEmail('bruno.trips'), password };
  const tripName = `Porto Weekend ${Date.now() % 100000}`;
  const renamed = `${tripName} (wine edition)`;

  const pageA = await (await browser.newContext()).newPage();
  const pageB = await (await browser.newContext()).newPage();

  // A: a fresh account, signed in; nothing yet.
  await createVerifiedAccount(pageA, a);
  await signIn(pageA, a.email, a.password);
  await expect(pageA.getByText('No trips found in this category!')).toBeVisible();

  // Create New Trip: an empty form shows every field's problem at once, then place search.
  await pageA.getByRole('button', { name: 'Create New Trip' }).click();
  const create = pageA.getByRole('dialog', { name: 'Create New Trip' });
  await create.getByRole('button', { name: 'Create Trip' }).click();
  await expect(create.getByText(M.nameRequired)).toBeVisible();
  await expect(create.getByText(TripFormMessages.destinationRequired)).toBeVisible();
  await expect(create.getByText(TripFormMessages.startRequired)).toBeVisible();
  await expect(create.getByText(TripFormMessages.endRequired)).toBeVisible();
  await expect(create.getByLabel('Trip name')).toBeFocused();
  // A long name is counted and refused, never cut short.
  const longName = 'n'.repeat(130);
  await create.getByLabel('Trip name').fill(longName);
  await expect(create.getByLabel('Trip name')).toHaveValue(longName);
  await expect(create.getByText('130 / 120')).toBeVisible();
  await create.getByLabel('Budget').fill('99999999999999');
  await create.getByRole('button', { name: 'Create Trip' }).click();
  await expect(create.getByText(M.nameTooLong)).toBeVisible();
  await expect(create.getByText(budgetTooLarge('USD'))).toBeVisible();
  await create.getByLabel('Budget').fill('');
  await create.getByLabel('Trip name').fill(tripName);
  await create.getByLabel('Description').fill('Port cellars and the Douro.');
  // One character asks nothing; from two, up to five suggestions.
  await create.getByLabel('Destination').fill('P');
  await expect(pageA.getByRole('listbox', { name: 'Suggested places' })).toBeHidden();
  await create.getByLabel('Destination').fill('Porto');
  const suggestions = pageA.getByRole('listbox', { name: 'Suggested places' }).getByRole('option');
  await expect(suggestions.first()).toBeVisible();
  expect(await suggestions.count()).toBeLessThanOrEqual(5);
  await suggestions.filter({ hasText: 'Portugal' }).first().click();
  await expect(create.getByLabel('Destination')).toHaveValue(/^Porto, .*Portugal$/);
  await create.getByLabel('Start date').fill(isoDaysFromToday(30));
  await create.getByLabel('End date').fill(isoDaysFromToday(27));
  await create.getByRole('button', { name: 'Create Trip' }).click();
  await expect(create.getByText(M.dateOrder)).toBeVisible();
  await create.getByLabel('End date').fill(isoDaysFromToday(33));
  await create.getByLabel('Budget').fill('1234.5');
  await create.getByLabel('Currency').selectOption('EUR');
  await create.getByRole('button', { name: 'Create Trip' }).click();
  await expect(create).toBeHidden();

  // The trip is in the list at once, with its facts.
  const cardA = pageA.getByRole('article', { name: tripName });
  await expect(cardA).toBeVisible();
  await expect(cardA.getByText('Budget €1,234.50 EUR')).toBeVisible();
  await expect(cardA.getByText('Trip starts in 30 days')).toBeVisible();
  await expect(cardA.getByText('4 days')).toBeVisible();
  await expect(pageA.getByRole('tab', { name: /Upcoming/ })).toHaveAttribute('aria-selected', 'true');
  await expect(pageA.getByRole('group', { name: 'Upcoming' })).toContainText('1');
  await expect(pageA.getByRole('group', { name: 'Total budget planned' })).toContainText('€1,234.50');

  // '+' opens Invite Friends: A has no friends yet, so by e-mail.
  await cardA.getByRole('button', { name: `Invite friends to ${tripName}` }).click();
  const invite = pageA.getByRole('dialog', { name: 'Invite Friends' });
  await expect(invite.getByText('No friends yet')).toBeVisible();
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite.getByText(M.selectFriend)).toBeVisible();
  await invite.getByRole('tab', { name: 'Send Email Invite' }).click();
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite.getByText(M.selectFriendOrEmail)).toBeVisible();
  await invite.getByLabel('Email address').fill(b.email);
  await invite.getByLabel('Message (optional)').fill('Come to Porto with us!');
  const invitedAt = Date.now() - 1000;
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(pageA.getByText(`Invitation sent to ${b.email}!`)).toBeVisible();
  await expect(invite).toBeHidden();
  await expect(cardA.getByText('1 invited')).toBeVisible();

  // The same address again: the server's words.
  await cardA.getByRole('button', { name: `Invite friends to ${tripName}` }).click();
  await invite.getByRole('tab', { name: 'Send Email Invite' }).click();
  await invite.getByLabel('Email address').fill(b.email.toUpperCase());
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite.getByText(M.alreadyInvited)).toBeVisible();
  await invite.getByRole('button', { name: 'Cancel' }).click();
  await expect(invite).toBeHidden();

  // A opens the trip and stays there.
  await cardA.getByRole('link', { name: 'Itinerary' }).click();
  await expect(pageA.getByRole('heading', { name: tripName, level: 1 })).toBeVisible();
  const membersA = pageA.getByRole('region', { name: /^Members/ });
  await expect(membersA).toContainText('Members (1)');
  await expect(membersA.getByText('Owner')).toBeVisible();
  await expect(pageA.getByRole('region', { name: /^Pending Invitations/ })).toContainText(b.email);
  await expect(pageA.getByRole('button', { name: 'Add Item' }).first()).toBeEnabled();

  // B: from the e-mail in one step. Signing up from the link with the invited address proves
  // that address, so B is verified, on the trip and signed in at once (no second e-mail).
  const link = await waitForLink(b.email, 'pending-invitations', invitedAt);
  await pageB.goto(link);
  await pageB.getByRole('button', { name: 'Accept Invitation' }).first().click();
  await completeSignupWizard(pageB, b, /\/dashboard\/trips\/[0-9a-f-]{36}$/);
  await expect(pageB.getByRole('heading', { name: tripName, level: 1 })).toBeVisible();
  await pageB.goto('/dashboard/trips');
  const cardB = pageB.getByRole('article', { name: tripName });
  await expect(cardB).toBeVisible();
  await expect(pageB.getByRole('article', { name: `Invitation to ${tripName}` })).toHaveCount(0);
  await expect(cardB.getByText('Member', { exact: true })).toBeVisible();
  await expect(cardB.getByRole('button', { name: 'Leave' })).toBeVisible();
  await expect(cardB.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // A, without reloading: B is a member, the invitation is gone.
  await expect(membersA).toContainText('Members (2)');
  await expect(membersA.getByText('Bruno Costa')).toBeVisible();
  await expect(pageA.getByRole('region', { name: /^Pending Invitations/ })).toContainText('Pending Invitations (0)');

  // A edits the trip (the same modal, prefilled); B's list shows the new name live.
  await pageA.getByRole('button', { name: 'Edit' }).click();
  const edit = pageA.getByRole('dialog', { name: 'Edit Trip' });
  await expect(edit.getByLabel('Trip name')).toHaveValue(tripName);
  await expect(edit.getByLabel('Destination')).toHaveValue(/^Porto, /);
  await expect(edit.getByLabel('Budget')).toHaveValue('1234.50');
  await edit.getByLabel('Trip name').fill(renamed);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(pageA.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
  await expect(pageB.getByRole('article', { name: renamed })).toBeVisible();

  // A deletes it, after confirming (cancel first: nothing happens).
  await pageA.getByRole('button', { name: 'Delete' }).click();
  const confirm = pageA.getByRole('dialog', { name: 'Delete this trip?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(pageA.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
  await pageA.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete Trip' }).click();
  await expect(pageA).toHaveURL(/\/dashboard\/trips$/);
  await expect(pageA.getByRole('article', { name: renamed })).toHaveCount(0);
  await expect(pageA.getByText('No trips found in this category!')).toBeVisible();

  // B's list loses it live.
  await expect(pageB.getByRole('article', { name: renamed })).toHaveCount(0);
  await expect(pageB.getByText('No trips found in this category!')).toBeVisible();

  // Someone else's (or a deleted) trip reads as not found.
  await pageB.goto('/dashboard/trips/00000000-0000-4000-8000-000000000000');
  await expect(pageB.getByRole('heading', { name: 'Trip not found' })).toBeVisible();
  await pageA.context().close();
  await pageB.context().close();
});

test('an invitation to an existing account arrives live; decline asks first; accept, leave; a deletion reaches the open trip page', async ({ browser }) => {
  const a: Person = { firstName: 'Carla', lastName: 'Dias', email: uniqueEmail('carla.trips'), password };
  const b: Person = { firstName: 'Duarte', lastName: 'Reis', email: uniqueEmail('duarte.trips'), password };
  const tripName = `Lisbon Lights ${Date.now() % 100000}`;
  const pageA = await (await browser.newContext()).newPage();
  const pageB = await (await browser.newContext()).newPage();
  await createVerifiedAccount(pageA, a);
  await createVerifiedAccount(pageB, b);
  await signIn(pageA, a.email, a.password);
  await signIn(pageB, b.email, b.password);

  // A: a current trip (started yesterday), no budget.
  await pageA.getByRole('button', { name: 'Create New Trip' }).click();
  const create = pageA.getByRole('dialog', { name: 'Create New Trip' });
  await create.getByLabel('Trip name').fill(tripName);
  await create.getByLabel('Destination').fill('Lisbon');
  await pageA.getByRole('listbox', { name: 'Suggested places' }).getByRole('option').filter({ hasText: 'Portugal' }).first().click();
  await create.getByLabel('Start date').fill(isoDaysFromToday(-1));
  await create.getByLabel('End date').fill(isoDaysFromToday(2));
  await create.getByRole('button', { name: 'Create Trip' }).click();
  await expect(create).toBeHidden();
  // It opens the tab it belongs to.
  await expect(pageA.getByRole('tab', { name: /Current/ })).toHaveAttribute('aria-selected', 'true');
  const cardA = pageA.getByRole('article', { name: tripName });
  await expect(cardA.getByText('2 days left')).toBeVisible();

  const inviteB = async () => {
    await cardA.getByRole('button', { name: `Invite friends to ${tripName}` }).click();
    const invite = pageA.getByRole('dialog', { name: 'Invite Friends' });
    await invite.getByRole('tab', { name: 'Send Email Invite' }).click();
    await invite.getByLabel('Email address').fill(b.email);
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(invite).toBeHidden();
  };

  // B already has an account: the invitation shows on B's page live.
  await inviteB();
  const invitation = pageB.getByRole('article', { name: `Invitation to ${tripName}` });
  await expect(invitation).toBeVisible();
  await expect(invitation.getByText('Carla Dias invited you')).toBeVisible();

  // Decline asks first; cancelling keeps it.
  await invitation.getByRole('button', { name: 'Decline' }).click();
  const confirm = pageB.getByRole('dialog', { name: 'Decline this invitation?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(invitation).toBeVisible();
  await invitation.getByRole('button', { name: 'Decline' }).click();
  await confirm.getByRole('button', { name: 'Decline Invitation' }).click();
  await expect(invitation).toHaveCount(0);
  await expect(cardA.getByText('1 invited')).toHaveCount(0);

  // Invited again, B accepts: the trip opens in B's Current tab; A's card counts B live.
  await inviteB();
  await expect(cardA.getByText('1 invited')).toBeVisible();
  await invitation.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(invitation).toHaveCount(0);
  await expect(pageB.getByRole('tab', { name: /Current/ })).toHaveAttribute('aria-selected', 'true');
  await expect(pageB.getByRole('article', { name: tripName })).toBeVisible();
  await expect(cardA.getByText('2 members')).toBeVisible();
  await expect(cardA.getByText('1 invited')).toHaveCount(0);
  await expect(pageA.getByRole('group', { name: 'Travel companions' })).toContainText('1');

  // B leaves (after confirming); A's card counts one member again, live.
  await pageB.getByRole('article', { name: tripName }).getByRole('button', { name: 'Leave' }).click();
  await pageB.getByRole('dialog', { name: 'Leave this trip?' }).getByRole('button', { name: 'Leave Trip' }).click();
  await expect(pageB.getByRole('article', { name: tripName })).toHaveCount(0);
  await expect(cardA.getByText('1 member', { exact: true })).toBeVisible();

  // Back on the trip, B watches its page while A deletes it from the card: B is told and sent to the list.
  await inviteB();
  await invitation.getByRole('button', { name: 'Accept Invitation' }).click();
  await pageB.getByRole('article', { name: tripName }).getByRole('link', { name: 'Itinerary' }).click();
  await expect(pageB.getByRole('heading', { name: tripName, level: 1 })).toBeVisible();
  await expect(pageB.getByText('Organised by Carla Dias')).toBeVisible();
  await expect(pageB.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await cardA.getByRole('button', { name: 'Delete' }).click();
  await pageA.getByRole('dialog', { name: 'Delete this trip?' }).getByRole('button', { name: 'Delete Trip' }).click();
  await expect(cardA).toHaveCount(0);
  await expect(pageB.getByText('This trip was deleted.')).toBeVisible();
  await expect(pageB).toHaveURL(/\/dashboard\/trips$/);
  await expect(pageB.getByRole('article', { name: tripName })).toHaveCount(0);
  await pageA.context().close();
  await pageB.context().close();
});
