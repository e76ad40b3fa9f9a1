import { expect, test, type Browser, type Page } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, isoDaysFromToday, signIn, type Person } from './trips-helpers.js';

/**
 * Writing on the road (issue 30): an expense added offline waits on the device (also across a
 * reload), is saved once when the connection returns and reaches the other member live; a payment
 * recorded offline likewise; signing out with a change waiting asks first. An itinerary item edited
 * offline while another member edits it online comes back as a conflict: Keep mine saves mine over
 * theirs, Keep theirs shows theirs, on both screens and on the server. An invitation tried offline
 * says at once that it needs the connection.
 */

test.setTimeout(240_000);
test.use({ serviceWorkers: 'allow' });

const password = 'on-the-road-42';
const NEEDS_NETWORK = 'You are offline: this needs the connection. Try again when you are back online.';

/** A GraphQL call as the page's signed-in user (setting up, and reading what the server has). */
async function gql(page: Page, query: string, variables: Record<string, unknown>) {
  return page.evaluate(
    async ([q, v]) => {
      const token = (JSON.parse(localStorage.getItem('tripcrew.session') ?? 'null') as { access_token: string }).access_token;
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: q, variables: v }),
      });
      return (await res.json()) as { data: any };
    },
    [query, variables] as const,
  );
}

async function person(browser: Browser, first: string) {
  const who: Person = { firstName: first, lastName: 'Viajante', email: uniqueEmail(`${first.toLowerCase()}.offw`), password };
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await createVerifiedAccount(page, who);
  await signIn(page, who.email, who.password);
  return { who, context, page };
}

/** A's trip with B on it (invited and accepted over GraphQL: other journeys cover the screens). */
async function sharedTrip(a: Page, b: Page, bEmail: string, name: string): Promise<string> {
  const created = await gql(a, 'mutation($i: TripInput!) { createTrip(input: $i) { ... on TripPayload { trip { id } } } }', {
    i: { name, startDate: isoDaysFromToday(5), endDate: isoDaysFromToday(12) },
  });
  const tripId: string = created.data.createTrip.trip.id;
  const inv = await gql(a, 'mutation($i: InviteToTripInput!) { inviteToTrip(input: $i) { ... on InviteToTripPayload { invitation { id } } } }', {
    i: { tripId, email: bEmail },
  });
  const accepted = await gql(b, 'mutation($id: ID!) { acceptTripInvitation(invitationId: $id) { __typename } }', { id: inv.data.inviteToTrip.invitation.id });
  expect(accepted.data.acceptTripInvitation.__typename).not.toMatch(/Error/);
  return tripId;
}

/** The worker controls the page (it reloads from the device offline). */
async function underWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

const ledgerOf = async (page: Page, tripId: string) =>
  (
    await gql(
      page,
      'query($id: ID!) { node(id: $id) { ... on Trip { ledger { expenseCount suggestedTransfers { __typename } } expenses(first: 20) { edges { node { title } } } } } }',
      { id: tripId },
    )
  ).data.node as { ledger: { expenseCount: number; suggestedTransfers: unknown[] }; expenses: { edges: { node: { title: string } }[] } };

test('an expense and a payment made offline wait on the device, then reach the server once and the other member live; sign-out asks first', async ({
  browser,
}) => {
  const a = await person(browser, 'Alma');
  const b = await person(browser, 'Bruno');
  const tripName = `Madeira ${Date.now() % 100000}`;
  const tripId = await sharedTrip(a.page, b.page, b.who.email, tripName);

  const expensesUrl = `/dashboard/expenses?trip=${encodeURIComponent(tripId)}`;
  await a.page.goto(expensesUrl);
  await expect(a.page.getByText('No expenses yet.')).toBeVisible();
  await underWorker(a.page);
  await expect(a.page.getByText('No expenses yet.')).toBeVisible();
  await b.page.goto(expensesUrl);
  await expect(b.page.getByText('No expenses yet.')).toBeVisible();

  // Offline, A adds an expense: it waits, listed and counted.
  await a.context.setOffline(true);
  const banner = a.page.getByTestId('offline-banner');
  await expect(banner).toContainText('You are offline');
  await a.page.getByRole('button', { name: 'Add Expense' }).click();
  const form = a.page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel('Title').fill('Ferry tickets');
  await form.getByLabel('Amount').fill('40');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form).toBeHidden();
  const waitingA = a.page.getByRole('region', { name: 'Expenses and payments made offline, waiting for the network' });
  await expect(waitingA).toContainText('Add expense “Ferry tickets”');
  await expect(banner).toContainText('1 change waiting');

  // Sign Out with it waiting asks first; staying keeps it.
  await a.page.getByRole('button', { name: 'Sign Out' }).first().click();
  const ask = a.page.getByRole('dialog', { name: 'Sign out with changes waiting?' });
  await expect(ask).toContainText('1 change has not been saved. Sign out anyway?');
  await ask.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(ask).toBeHidden();
  await expect(waitingA).toContainText('Ferry tickets');

  // A reload offline reads the trip from the device, the change still waiting.
  await a.page.reload();
  await expect(a.page.getByRole('heading', { name: tripName, level: 2 })).toBeVisible();
  await expect(waitingA).toContainText('Add expense “Ferry tickets”');
  await expect(banner).toContainText('1 change waiting');

  // Online again: saved once, on A's screen (no longer waiting), B's (live), and the server.
  await a.context.setOffline(false);
  await expect(waitingA).toBeHidden();
  await expect(a.page.getByRole('article', { name: 'Ferry tickets' })).toBeVisible();
  await expect(b.page.getByRole('article', { name: 'Ferry tickets' })).toBeVisible();
  await expect(banner).toBeHidden();
  const afterExpense = await ledgerOf(a.page, tripId);
  expect(afterExpense.ledger.expenseCount).toBe(1);
  expect(afterExpense.expenses.edges.map((e) => e.node.title)).toEqual(['Ferry tickets']);

  // Offline, B records the suggested payment to A: it waits; online, both are settled up.
  const settleB = b.page.getByRole('region', { name: 'Settle up' }).or(b.page.locator('section', { has: b.page.getByRole('heading', { name: 'Settle up' }) }));
  await expect(settleB.getByRole('button', { name: 'Record payment' })).toHaveCount(1);
  await b.context.setOffline(true);
  await settleB.getByRole('button', { name: 'Record payment' }).click();
  const pay = b.page.getByRole('dialog', { name: 'Record payment' });
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay).toBeHidden();
  const waitingB = b.page.getByRole('region', { name: 'Expenses and payments made offline, waiting for the network' });
  await expect(waitingB).toContainText(/Record payment \(20(\.00)? USD\)/);
  await expect(b.page.getByTestId('offline-banner')).toContainText('1 change waiting');
  expect((await ledgerOf(a.page, tripId)).ledger.suggestedTransfers).toHaveLength(1);
  await b.context.setOffline(false);
  await expect(waitingB).toBeHidden();
  for (const page of [a.page, b.page]) await expect(page.getByText('Everyone is settled up.')).toBeVisible();
  expect((await ledgerOf(a.page, tripId)).ledger.suggestedTransfers).toHaveLength(0);

  // Signing out anyway drops what waits: it never reaches the server.
  await a.context.setOffline(true);
  await a.page.getByRole('button', { name: 'Add Expense' }).click();
  await form.getByLabel('Title').fill('Snacks');
  await form.getByLabel('Amount').fill('6');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(waitingA).toContainText('Snacks');
  await a.page.getByRole('button', { name: 'Sign Out' }).first().click();
  await ask.getByRole('button', { name: 'Sign out anyway' }).click();
  await expect(a.page).toHaveURL(/\/$/);
  await a.context.setOffline(false);
  expect((await ledgerOf(b.page, tripId)).expenses.edges.map((e) => e.node.title)).toEqual(['Ferry tickets']);
  await a.context.close();
  await b.context.close();
});

test('an item edited offline while another member edits it online: the conflict is asked, Keep mine and Keep theirs do what they say', async ({ browser }) => {
  const a = await person(browser, 'Ines');
  const b = await person(browser, 'Joao');
  const tripName = `Acores ${Date.now() % 100000}`;
  const tripId = await sharedTrip(a.page, b.page, b.who.email, tripName);
  // REST and the trip's address name it by its own id (the GraphQL id is "Trip:<id>" in base64).
  const ownId = Buffer.from(tripId, 'base64')
    .toString()
    .replace(/^Trip:/, '');
  const token = await a.page.evaluate(() => (JSON.parse(localStorage.getItem('tripcrew.session') ?? 'null') as { access_token: string }).access_token);
  const saved = await a.page.request.post('/api/backend/save-itinerary-item', {
    headers: { authorization: `Bearer ${token}` },
    data: { trip_id: ownId, title: 'Boat tour', type: 'activity', activity_date: isoDaysFromToday(6) },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const serverTitle = async () => {
    const res = await a.page.request.get(`/api/backend/trip-itinerary/${ownId}`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { items: { title: string }[] }).items.map((i) => i.title);
  };

  // An invitation tried offline says at once that it needs the connection.
  await a.page.goto('/dashboard/trips');
  await underWorker(a.page);
  // The list is read (and kept on the device) before the connection goes.
  await expect(a.page.getByRole('article', { name: tripName })).toBeVisible();
  await a.context.setOffline(true);
  await a.page
    .getByRole('article', { name: tripName })
    .getByRole('button', { name: `Invite friends to ${tripName}` })
    .click();
  const invite = a.page.getByRole('dialog', { name: 'Invite Friends' });
  await expect(invite.getByText(NEEDS_NETWORK)).toBeVisible();
  await a.page.keyboard.press('Escape');
  await expect(invite).toBeHidden();
  await a.context.setOffline(false);

  await a.page.goto(`/dashboard/trips/${ownId}`);
  await b.page.goto(`/dashboard/trips/${ownId}`);
  const edit = async (page: Page, from: string, to: string) => {
    await page
      .getByRole('article', { name: from, exact: true })
      .getByRole('button', { name: `Edit ${from}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Item' });
    await dialog.getByLabel(/^Title/).fill(to);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
  };
  const conflict = a.page.getByRole('dialog', { name: 'Changed by someone else meanwhile' });

  for (const [round, choice] of [
    [1, 'Keep mine'],
    [2, 'Keep theirs'],
  ] as const) {
    const before = round === 1 ? 'Boat tour' : 'Boat tour (mine)';
    const mine = round === 1 ? 'Boat tour (mine)' : 'Boat tour (mine again)';
    const theirs = round === 1 ? 'Boat tour (theirs)' : 'Boat tour (theirs again)';
    await expect(a.page.getByRole('article', { name: before, exact: true })).toBeVisible();
    await expect(b.page.getByRole('article', { name: before, exact: true })).toBeVisible();

    // A edits offline: shown at once, marked Waiting.
    await a.context.setOffline(true);
    await edit(a.page, before, mine);
    const mineA = a.page.getByRole('article', { name: mine, exact: true });
    await expect(mineA.getByTestId('waiting-badge')).toBeVisible();
    // B edits the same item online meanwhile.
    await edit(b.page, before, theirs);
    await expect.poll(serverTitle).toEqual([theirs]);

    // A comes back: the edit is refused as a conflict and the choice is asked.
    await a.context.setOffline(false);
    await expect(conflict).toContainText(`it is now “${theirs}”`);
    await conflict.getByRole('button', { name: choice }).click();
    await expect(conflict).toBeHidden();
    const kept = choice === 'Keep mine' ? mine : theirs;
    await expect.poll(serverTitle).toEqual([kept]);
    await expect(a.page.getByRole('article', { name: kept, exact: true })).toBeVisible();
    await expect(b.page.getByRole('article', { name: kept, exact: true })).toBeVisible();
    await expect(a.page.getByTestId('waiting-badge')).toHaveCount(0);
  }
  await a.context.close();
  await b.context.close();
});

/** How many changes wait in the device's queue (platform/offline/queue.ts). */
const queuedCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('tripcrew-offline');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve(0);
          const store = db.transaction('keyval').objectStore('keyval');
          const keys = store.getAllKeys();
          keys.onsuccess = () => {
            const key = keys.result.map(String).find((k) => k.startsWith('queue:'));
            if (!key) return resolve(0);
            const value = store.get(key);
            value.onsuccess = () => resolve((value.result as unknown[] | undefined)?.length ?? 0);
          };
        };
        open.onerror = () => resolve(0);
      }),
  );

test('a story draft saved offline waits, a later save replaces it, and the story is created once when back online', async ({ browser }) => {
  const a = await person(browser, 'Lia');
  const title = `Offline notes ${Date.now() % 100000}`;
  await a.page.goto('/blog/write');
  await underWorker(a.page);
  await expect(a.page.getByRole('heading', { name: 'Write Your Story', level: 1 })).toBeVisible();
  await a.page.getByLabel('Title').fill(title);
  await a.page.getByLabel('City').fill('Funchal');

  await a.context.setOffline(true);
  await a.page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(a.page.getByText('The draft is kept on this device and will be saved when you are back online.')).toBeVisible();
  await expect(a.page.getByText('Kept on this device, not saved yet')).toBeVisible();
  await a.page.getByLabel('Intro').fill('Levadas at dawn.');
  await a.page.getByRole('button', { name: 'Save Draft' }).click();
  await expect.poll(() => queuedCount(a.page)).toBe(1);
  // A cover or a picture cannot be uploaded offline: said at once.
  const chooser = a.page.waitForEvent('filechooser');
  await a.page.getByRole('button', { name: 'Upload cover' }).click();
  await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
  await expect(a.page.getByText(NEEDS_NETWORK).first()).toBeVisible();

  await a.context.setOffline(false);
  await expect(a.page.getByText('Kept on this device, not saved yet')).toBeHidden();
  const mine = async () =>
    (await gql(a.page, 'query { myStories(status: DRAFT) { edges { node { title intro } } } }', {})).data.myStories.edges.map(
      (e: { node: { title: string; intro: string } }) => `${e.node.title}: ${e.node.intro}`,
    );
  await expect.poll(mine).toEqual([`${title}: Levadas at dawn.`]);
  // Saved again online, it updates that story (its id came back with the answer), not a new one.
  await a.page.getByLabel('Intro').fill('Levadas at dawn, poncha at dusk.');
  await a.page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(a.page.getByText('Draft saved.')).toBeVisible();
  expect(await mine()).toEqual([`${title}: Levadas at dawn, poncha at dusk.`]);
  await a.context.close();
});
