import { gzipSync } from 'node:zlib';
import { expect, test, type Browser } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, signIn, type Person } from './trips-helpers.js';

/**
 * What a route's first load costs in JavaScript (issue 27): the gzip (level 9) bytes of every
 * script a cold page fetches until the network is idle, as `npm run page-weight` counts them.
 * Each budget sits 1–2% above what the route measured when it was set (issue 27 point 12: the
 * modals, the map, the expenses chart and the sign-up's later steps load when wanted); a change
 * that makes a page heavier fails here and either earns its bytes (raise the budget, say why) or
 * loads later.
 * The landing page's 150 KB is checked in first-paint.spec.ts.
 */
const KB = 1024;
const PUBLIC_BUDGETS: [path: string, heading: string, gzipLimit: number][] = [
  // 154.6 KB once the wizard came to Mantine form (issue 26: `useForm` is 6.2 KB gzip); 148.7 KB
  // since the wizard keeps its state itself (pages/accounts/wizardForm.ts): the 150 KB.
  ['/signup', 'Create Your Account', 150 * KB],
  ['/signin', 'Welcome back', 142 * KB],
  // 203.7 and 201.8 KB while they read Relay; 137.8 and 136.8 KB on REST (pages/stories/listQueries.ts).
  ['/stories', 'Travel Stories', 150 * KB],
  ['/blog', 'Stories from the crew', 150 * KB],
  // 201.4 KB while the map (Leaflet, 49 KB) loaded with the page; it is below the first screen at
  // every width and now loads as it nears it (pages/guides/GuideMap.tsx): 147.9 KB.
  ['/guides/barcelona', 'Barcelona Travel Guide', 150 * KB],
  // 264.3 KB with Relay and the trip choosers; 136.5 KB on REST, the choosers loading for a
  // signed-in reader only (pages/stories/StoryPlaceActions.tsx).
  ['/blog/stories/three-perfect-days-in-barcelona', 'Three Perfect Days in Barcelona', 150 * KB],
];
/**
 * Signed-in pages carry React, React Router and Relay (about 150 KB gzip on their own) and the
 * dashboard's frame: over 150 KB, bounded where they stand. A trip at 1280 × 720 measured 338.2 KB
 * without its map and 387.7 KB when the map (Leaflet, 47 KB) came within 300 px of the screen
 * as the page settled: its budget holds the second.
 * Their files are bounded too (issue 27 point 12, fourth pass): over HTTP/1.1 each costs a round
 * trip on one of six connections, and the count held their paint more than the bytes. The build
 * merges the chunks that always load together (web/scripts/chunkGroups.ts): 83, 99, 114 and 80
 * files before, 49, 68, 84 and 47 after.
 */
const SIGNED_IN_BUDGETS: [path: string, heading: RegExp, gzipLimit: number, filesLimit: number][] = [
  ['/dashboard', /Hello, Nuno/, 265 * KB, 52],
  ['/dashboard/trips', /Your Trips/, 298 * KB, 72],
  ['/dashboard/trips/:trip', /Budget Trip/, 394 * KB, 90],
  ['/dashboard/friends', /Friends/, 275 * KB, 50],
];

/** A cold page (no cache, no service worker), optionally signed in: its scripts' gzip bytes, once its heading shows. */
async function weigh(browser: Browser, path: string, heading: string | RegExp, session?: string) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  if (session) await context.addInitScript((s) => localStorage.setItem('tripcrew.session', s), session);
  const page = await context.newPage();
  const scripts: { url: string; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => {
        scripts.push({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length });
      }),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.removeAllListeners('response');
  await Promise.all(pending);
  await context.close();
  return { files: scripts.length, gzip: scripts.reduce((sum, s) => sum + s.gzip, 0), scripts };
}

function report(path: string, weight: { files: number; gzip: number; scripts: { url: string; gzip: number }[] }, limit: number) {
  const description = `${weight.files} files, ${(weight.gzip / KB).toFixed(1)} KB gzip (budget ${limit / KB} KB)`;
  test.info().annotations.push({ type: path, description });
  console.log(`${path}: ${description}`);
  // Over its budget: the heaviest files, to say where to look.
  if (weight.gzip > limit) {
    for (const s of [...weight.scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 15)) console.log(`  ${(s.gzip / KB).toFixed(1)} KB ${s.url}`);
  }
}

test('the sign-up, sign-in, story and guide pages stay within their JavaScript budgets (gzip)', async ({ browser }) => {
  for (const [path, heading, limit] of PUBLIC_BUDGETS) {
    const weight = await weigh(browser, path, heading);
    report(path, weight, limit);
    expect.soft(weight.gzip, `${path}: ${weight.files} files`).toBeLessThanOrEqual(limit);
  }
});

test('each main signed-in page stays within its JavaScript budget (gzip)', async ({ browser }) => {
  test.setTimeout(120_000);
  const nuno: Person = { firstName: 'Nuno', lastName: 'Budget', email: uniqueEmail('nuno.budget'), password: 'light-pages-42' };
  const page = await browser.newPage();
  await createVerifiedAccount(page, nuno);
  await signIn(page, nuno.email, nuno.password);
  const session = await page.evaluate(() => localStorage.getItem('tripcrew.session') ?? '');
  const token = (JSON.parse(session) as { access_token: string }).access_token;
  const made = await page.request.post('/api/backend/create-trip', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Budget Trip', destination: 'Lisbon, Portugal', start_date: '2027-03-10', end_date: '2027-03-14', total_budget: 1200, currency: 'EUR' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const tripId = ((await made.json()) as { trip: { id: string } }).trip.id;
  await page.close();

  for (const [route, heading, limit, filesLimit] of SIGNED_IN_BUDGETS) {
    const weight = await weigh(browser, route.replace(':trip', tripId), heading, session);
    report(route, weight, limit);
    expect.soft(weight.gzip, `${route}: ${weight.files} files`).toBeLessThanOrEqual(limit);
    expect.soft(weight.files, `${route}: script files`).toBeLessThanOrEqual(filesLimit);
  }

  // On a phone the trip's map sits below the first screen: Leaflet loads as it nears the screen,
  // and the trip form's code only when Edit is used (whose first click opens it).
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, serviceWorkers: 'block' });
  await phone.addInitScript((s) => localStorage.setItem('tripcrew.session', s), session);
  const trip = await phone.newPage();
  const loaded: string[] = [];
  trip.on('response', (response) => loaded.push(new URL(response.url()).pathname));
  await trip.goto(`/dashboard/trips/${tripId}`, { waitUntil: 'networkidle' });
  await expect(trip.getByRole('heading', { level: 1, name: /Budget Trip/ })).toBeVisible();
  await trip.waitForLoadState('networkidle');
  const chunks = (name: string) => loaded.filter((file) => new RegExp(`/assets/${name}-[^/]+\\.js$`).test(file));
  expect(chunks('LeafletMap')).toEqual([]);
  expect(chunks('TripFormModal')).toEqual([]);
  await trip.getByLabel('Loading the map').scrollIntoViewIfNeeded();
  await expect(trip.locator('.leaflet-container')).toBeVisible();
  expect(chunks('LeafletMap')).toHaveLength(1);
  await trip.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(trip.getByRole('dialog', { name: 'Edit Trip' })).toBeVisible();
  expect(chunks('TripFormModal')).toHaveLength(1);
  await phone.close();

  // The dashboard's frame loads neither the bell's popover nor Tooltip: the bell's list comes
  // when the bell is approached, and its first click opens it; Home's hint is the stylesheet's.
  const frame = await browser.newContext({ serviceWorkers: 'block' });
  await frame.addInitScript((s) => localStorage.setItem('tripcrew.session', s), session);
  const home = await frame.newPage();
  const homeLoaded: string[] = [];
  home.on('response', (response) => homeLoaded.push(new URL(response.url()).pathname));
  await home.goto('/dashboard', { waitUntil: 'networkidle' });
  await expect(home.getByRole('heading', { level: 1, name: /Hello, Nuno/ })).toBeVisible();
  await home.waitForLoadState('networkidle');
  const homeChunks = (name: string) => homeLoaded.filter((file) => new RegExp(`/assets/${name}-[^/]+\\.js$`).test(file));
  expect(homeChunks('NotificationsPopover')).toEqual([]);
  expect(homeChunks('Tooltip')).toEqual([]);
  await home.getByRole('button', { name: /^Notifications/ }).click();
  await expect(home.getByText("You're all caught up.")).toBeVisible();
  expect(homeChunks('NotificationsPopover')).toHaveLength(1);
  const hintOpacity = () => home.evaluate(() => getComputedStyle(document.querySelector('.tc-hint')!, '::after').opacity);
  await home.keyboard.press('Escape');
  expect(await hintOpacity()).toBe('0');
  await home.getByRole('link', { name: 'Home', exact: true }).hover();
  await expect.poll(hintOpacity).toBe('1');
  await frame.close();
});
