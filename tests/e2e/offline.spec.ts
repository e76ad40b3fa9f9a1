import { expect, test, type Browser, type Page } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { offlineKeys } from './offline-helpers.js';
import { createVerifiedAccount, isoDaysFromToday, signIn, type Person } from './trips-helpers.js';

/**
 * On the road (issue 30): the app installs (manifest, icons, a service worker), a trip opened
 * once reads again offline after a reload, a tick made offline waits on the device (marked and
 * counted) and reaches the server and the other member's screen when the connection returns,
 * and signing out leaves nothing of the account in IndexedDB. (Expenses, payments, story drafts
 * and the conflict choice: offline-writes.spec.ts.)
 */

test.setTimeout(240_000);
test.use({ serviceWorkers: 'allow' });

const password = 'on-the-road-42';

const tokenOf = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('tripcrew.session') ?? 'null') as { access_token: string }).access_token);

async function api(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const res = await page.request.fetch(`/api/backend${path}`, { method, headers: { authorization: `Bearer ${await tokenOf(page)}` }, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** The records' text kept on the device. */
const savedRecordsContain = (page: Page, text: string) =>
  page.evaluate(
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('tripcrew-offline');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve(false);
          const all = db.transaction('keyval').objectStore('keyval').getAll();
          all.onsuccess = () => resolve(JSON.stringify(all.result).includes(wanted));
        };
        open.onerror = () => resolve(false);
      }),
    text,
  );

/** Every URL in the service worker's caches (precache and run time). */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });

async function person(browser: Browser, first: string, options: { serviceWorkers?: 'allow' | 'block' } = {}) {
  const who: Person = { firstName: first, lastName: 'Viajante', email: uniqueEmail(`${first.toLowerCase()}.offline`), password };
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  await createVerifiedAccount(page, who);
  await signIn(page, who.email, who.password);
  return { who, context, page };
}

test('installable: the manifest, its icons and the service worker', async ({ page, request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  const body = (await manifest.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(body).toMatchObject({ name: 'Tripcrew', short_name: 'Tripcrew', start_url: '/dashboard', display: 'standalone', theme_color: '#0c8599' });
  expect(body.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of body.icons) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');

  // The landing page registers it too, once loaded (with the browser's one call, not the chunk).
  await page.goto('/', { waitUntil: 'load' });
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js$/);
  // Every other page registers it from its chunk.
  await page.goto('/signin');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
  // What the worker keeps is the app's files: nothing of the API (the journey below checks it after use).
  const cached = await cachedUrls(page);
  // Workbox keys a file without a hash in its name by its revision (`?__WB_REVISION__=`).
  expect(cached.some((url) => /\/index\.html(?:\?|$)/.test(url))).toBe(true);
  expect(cached.filter((url) => /\/graphql|\/api\//.test(url))).toEqual([]);
});

test('a trip read offline after a reload; a tick made offline reaches the server and the other member; sign-out clears the device', async ({ browser }) => {
  const a = await person(browser, 'Amelia', { serviceWorkers: 'allow' });
  const b = await person(browser, 'Bento');
  const tripName = `Azores ${Date.now() % 100000}`;

  // A's trip, with B on it (invited by e-mail, accepted), a packing list and a plan item.
  const made = await api(a.page, 'POST', '/create-trip', { name: tripName, start_date: isoDaysFromToday(5), end_date: isoDaysFromToday(12) });
  const tripId = (made.trip?.id ?? made.id) as string;
  await a.page.goto('/dashboard/trips');
  await a.page
    .getByRole('article', { name: tripName })
    .getByRole('button', { name: `Invite friends to ${tripName}` })
    .click();
  const invite = a.page.getByRole('dialog', { name: 'Invite Friends' });
  await invite.getByRole('tab', { name: 'Send Email Invite' }).click();
  await invite.getByLabel('Email address').fill(b.who.email);
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite).toBeHidden();
  await b.page.goto('/dashboard/trips');
  await b.page
    .getByRole('article', { name: `Invitation to ${tripName}` })
    .getByRole('button', { name: 'Accept Invitation' })
    .click();
  await expect(b.page.getByRole('article', { name: tripName })).toBeVisible();
  const list = await api(a.page, 'POST', '/save-checklist', { trip_id: tripId, title: 'Ferry bag', category: 'packing_list' });
  const checklistId = (list.checklist?.id ?? list.id) as string;
  await api(a.page, 'POST', '/save-checklist-item', { checklist_id: checklistId, description: 'Rain jacket' });

  // Online once: the checklist and the trip's expenses; then the worker controls the page.
  await a.page.goto(`/dashboard/checklist/${tripId}`);
  const bag = a.page.getByRole('region', { name: 'Ferry bag' });
  await expect(bag.getByText('Rain jacket')).toBeVisible();
  await a.page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await a.page.reload();
  await a.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(bag.getByText('Rain jacket')).toBeVisible();
  await a.page.goto(`/dashboard/expenses?trip=${tripId}`);
  await expect(a.page.getByRole('button', { name: 'Add Expense' })).toBeVisible();
  await a.page.goto(`/dashboard/checklist/${tripId}`);
  await expect(bag.getByText('Rain jacket')).toBeVisible();
  await expect.poll(() => savedRecordsContain(a.page, 'Rain jacket')).toBe(true);

  // Offline: the reload reads the trip from the device.
  await a.context.setOffline(true);
  await a.page.reload();
  await expect(bag.getByText('Rain jacket')).toBeVisible();
  const banner = a.page.getByTestId('offline-banner');
  await expect(banner).toContainText('You are offline');

  // A tick waits, marked, and counted.
  await bag.getByRole('checkbox', { name: /Rain jacket/ }).check();
  await expect(bag.getByTestId('waiting-badge')).toBeVisible();
  await expect(banner).toContainText('1 change waiting');

  // B watches the checklist; A comes back online: both changes are saved, once each.
  await b.page.goto(`/dashboard/checklist/${tripId}`);
  await expect(b.page.getByRole('region', { name: 'Ferry bag' }).getByRole('checkbox', { name: /Rain jacket/ })).not.toBeChecked();
  await a.context.setOffline(false);
  await expect(banner).toBeHidden();
  await expect(bag.getByTestId('waiting-badge')).toBeHidden();
  await expect(b.page.getByRole('region', { name: 'Ferry bag' }).getByRole('checkbox', { name: /Rain jacket/ })).toBeChecked();
  // The worker answered the app's requests all along and kept none of the API's.
  expect((await cachedUrls(a.page)).filter((url) => /\/graphql|\/api\//.test(url))).toEqual([]);
  // Signing out leaves nothing of the account on the device.
  expect((await offlineKeys(a.page)).some((k) => k.startsWith('records:'))).toBe(true);
  await a.page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(a.page).toHaveURL(/\/$/);
  await expect.poll(() => offlineKeys(a.page)).toEqual([]);
  await a.context.close();
  await b.context.close();
});
