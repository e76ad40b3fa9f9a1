import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, isoDaysFromToday, signIn, signOut, type Person } from './trips-helpers.js';

/**
 * The dashboard's main pages are rendered by the server for their reader (issue 27 point 12,
 * api/src/server/signedInPages.ts): the content is in the document, the document is kept by no
 * cache, a browser that is not signed in as that reader never shows it, and signing out ends it.
 */
test('a signed-in page arrives with its reader content, and only that reader sees it', async ({ page, browser }) => {
  const rita: Person = { firstName: 'Rita', lastName: 'Render', email: uniqueEmail('rita.render'), password: 'render-42-pages' };
  await createVerifiedAccount(page, rita);
  await signIn(page, rita.email, rita.password);

  const response = await page.goto('/dashboard');
  const html = await response!.text();
  expect(response!.headers()['cache-control']).toBe('private, no-store');
  // The greeting and the counts are in the document, before any script has run.
  expect(html).toMatch(/<div id="root">\s*<[a-z]/);
  expect(html).toMatch(/Hello, (<!-- -->)?Rita/);
  expect(html).toContain('Total Trips');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Rita' })).toBeVisible();
  // Adopted by the app: its links and buttons answer.
  await page.getByRole('link', { name: 'Friends', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible();

  // Before the app has adopted it (its scripts held back here), the page's links work as links
  // and its controls take no taps: nothing would answer them yet.
  const early = await page.context().newPage();
  await early.route('**/assets/*.js', (route) => route.abort());
  await early.goto('/dashboard');
  await expect(early.locator('html')).toHaveAttribute('data-hydrating', '');
  const pointerEvents = (element: Element) => getComputedStyle(element).pointerEvents;
  expect(await early.getByRole('button', { name: 'Sign Out' }).first().evaluate(pointerEvents)).toBe('none');
  expect(await early.getByRole('link', { name: 'Friends', exact: true }).first().evaluate(pointerEvents)).toBe('auto');
  await early.close();

  // A browser holding the cookies but not signed in as Rita (signed out there, unknown to the
  // server): the content stays hidden, and the app sends it to sign in.
  const cookies = (await page.context().cookies()).filter((c) => c.name.startsWith('tc_'));
  expect(cookies.map((c) => c.name).sort()).toEqual(['tc_locale', 'tc_page', 'tc_reader', 'tc_tz']);
  const other = await browser.newContext();
  await other.addCookies(cookies);
  const stranger = await other.newPage();
  await stranger.route('**/assets/*.js', (route) => route.abort());
  await stranger.goto('/dashboard');
  await expect(stranger.locator('html')).toHaveAttribute('data-not-yours', '');
  await expect(stranger.getByText('Hello, Rita')).toBeHidden();
  await stranger.unroute('**/assets/*.js');
  await stranger.goto('/dashboard');
  await expect(stranger).toHaveURL(/\/signin/);
  await other.close();

  // Signing out ends it: the next document is the shell, and the app asks to sign in.
  await signOut(page);
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'tc_page')).toBe(false);
  const after = await page.goto('/dashboard');
  expect(await after!.text()).not.toMatch(/Hello, (<!-- -->)?Rita/);
  await expect(page).toHaveURL(/\/signin/);
});

const tokenOf = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('tripcrew.session') ?? 'null') as { access_token: string }).access_token);

async function api(page: Page, path: string, data: unknown) {
  const res = await page.request.post(`/api/backend${path}`, { headers: { authorization: `Bearer ${await tokenOf(page)}` }, data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

/**
 * A new traveller, signed in on `page`, with a trip holding one checklist of one item (made
 * over REST); `tick()` ticks the item as another device of theirs would.
 */
async function travellerWithItem(page: Page, firstName: string, bag: string, item: string) {
  const who: Person = { firstName, lastName: 'Live', email: uniqueEmail(`${firstName.toLowerCase()}.live`), password: 'render-42-pages' };
  await createVerifiedAccount(page, who);
  await signIn(page, who.email, who.password);
  const made = await api(page, '/create-trip', { name: `${bag} ${Date.now() % 100000}`, start_date: isoDaysFromToday(5), end_date: isoDaysFromToday(9) });
  const tripId = (made.trip?.id ?? made.id) as string;
  const list = await api(page, '/save-checklist', { trip_id: tripId, title: bag, category: 'packing_list' });
  const checklistId = (list.checklist?.id ?? list.id) as string;
  const saved = await api(page, '/save-checklist-item', { checklist_id: checklistId, description: item });
  const itemId = (saved.item?.id ?? saved.id) as string;
  return {
    tripId,
    checkbox: page.getByRole('region', { name: bag }).getByRole('checkbox', { name: new RegExp(item) }),
    tick: () => api(page, '/save-checklist-item', { id: itemId, checklist_id: checklistId, description: item, is_completed: true }),
  };
}

/**
 * A page the server rendered holds the data of its render; the app subscribes to changes only
 * once it has adopted the page, seconds later on a phone. A change made in between is not sent
 * again on the socket: the page reads its data afresh once the socket is up, and shows it.
 */
test('a change made while a server-rendered page was still loading shows once the page is live', async ({ page }) => {
  const { tripId, checkbox: binoculars, tick } = await travellerWithItem(page, 'Lia', 'Whale bag', 'Binoculars');

  // The page arrives rendered; its scripts are held back, as a slow line would.
  let release!: () => void;
  const scriptsMayGo = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsMayGo;
    await route.continue();
  });
  await page.goto(`/dashboard/checklist/${tripId}`, { waitUntil: 'commit' });
  await expect(binoculars).not.toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-hydrating', '');

  // Ticked elsewhere before the app is up: nothing is listening yet.
  await tick();
  release();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrating');
  await expect(binoculars).toBeChecked();
});

/**
 * The same after a dropped socket (a phone losing its line): the app reconnects by itself, and
 * what changed while it was away shows, though no event of it was sent again.
 */
test('a change made while the socket was down shows once it is back', async ({ page }) => {
  // Every socket of the page goes through here, so the test can drop it; each socket's
  // subscriptions are noted as the app sends them.
  const sockets: { route: WebSocketRoute; subscribed: string[] }[] = [];
  await page.routeWebSocket(/\/graphql$/, (route) => {
    const server = route.connectToServer();
    const socket = { route, subscribed: [] as string[] };
    sockets.push(socket);
    route.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { type: string; payload?: { operationName?: string } };
      if (frame.type === 'subscribe') socket.subscribed.push(frame.payload?.operationName ?? '');
      server.send(message);
    });
  });
  const checklistListened = () => sockets.at(-1)?.subscribed.includes('useChecklistLiveSubscription') ?? false;
  const { tripId, checkbox: crampons, tick } = await travellerWithItem(page, 'Ivo', 'Summit bag', 'Crampons');

  await page.goto(`/dashboard/checklist/${tripId}`);
  await expect(crampons).not.toBeChecked();
  await expect.poll(checklistListened).toBe(true);
  const dropped = sockets.at(-1)!;

  // The line drops (the app waits half a second or more before it tries again); meanwhile the
  // item is ticked elsewhere.
  await dropped.route.close({ code: 1012, reason: 'test: line dropped' });
  await tick();
  await expect.poll(() => sockets.at(-1) !== dropped && checklistListened()).toBe(true);
  await expect(crampons).toBeChecked();
});
