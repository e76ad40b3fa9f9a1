import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { offlineKeys } from './offline-helpers.js';
import { createVerifiedAccount, isoDaysFromToday, signIn, type Person } from './trips-helpers.js';

/**
 * On the road (issue 30), after the tab was closed: a tick made offline is queued and a
 * Background Sync registered; the page is closed (its browser context kept, as a phone keeps the
 * installed app's worker); back online, the service worker sends the change with no page of the
 * app open, and the server has it; the page opened afterwards shows it saved, not waiting, and
 * the device keeps neither the answer nor the token the worker sent it with.
 *
 * Which path fires the `sync` event: Chromium's own. Its Background Sync follows the DevTools
 * network emulation `context.setOffline` uses, so going back online fires the pending sync by
 * itself (measured here: the change was on the server within 0.1 s of `setOffline(false)`), with
 * no page open; nothing is dispatched by hand (`ServiceWorker.dispatchSyncEvent` over CDP would
 * be the way where a browser does not). Offline, the sync stays registered and the server has
 * nothing: the worker never sends while the device is offline.
 */

test.setTimeout(240_000);
test.use({ serviceWorkers: 'allow' });

const password = 'on-the-road-42';

const sessionOf = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('tripcrew.session') ?? 'null') as { access_token: string; user: { id: string } });

async function api(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await page.request.fetch(`/api/backend${path}`, { method, headers: { authorization: `Bearer ${(await sessionOf(page)).access_token}` }, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** A value of the offline store (undefined when it has none). */
const offlineValue = (page: Page, key: string) =>
  page.evaluate(
    (wanted) =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('tripcrew-offline');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve(undefined);
          const value = db.transaction('keyval').objectStore('keyval').get(wanted);
          value.onsuccess = () => resolve(value.result);
        };
        open.onerror = () => resolve(undefined);
      }),
    key,
  );

/** Whether the server has the item ticked (read over REST with the token A had, no page involved). */
async function tickedOnServer(request: APIRequestContext, token: string, userId: string, tripId: string, description: string) {
  const res = await request.get(`/api/backend/user-checklists/${userId}?tripId=${tripId}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { items: { description: string; is_completed: boolean }[] };
  return body.items.find((i) => i.description === description)?.is_completed ?? null;
}

test('a tick queued offline is sent by the service worker after the tab was closed, and the next open shows it saved', async ({ browser, request }) => {
  const who: Person = { firstName: 'Inês', lastName: 'Viajante', email: uniqueEmail('ines.bgsync'), password };
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await createVerifiedAccount(page, who);
  await signIn(page, who.email, who.password);

  const made = await api(page, 'POST', '/create-trip', {
    name: `Madeira ${Date.now() % 100000}`,
    start_date: isoDaysFromToday(5),
    end_date: isoDaysFromToday(12),
  });
  const tripId = (made.trip?.id ?? made.id) as string;
  const list = await api(page, 'POST', '/save-checklist', { trip_id: tripId, title: 'Levada bag', category: 'packing_list' });
  await api(page, 'POST', '/save-checklist-item', { checklist_id: (list.checklist?.id ?? list.id) as string, description: 'Head torch' });

  // Online once, then the worker controls the page.
  await page.goto(`/dashboard/checklist/${tripId}`);
  const bag = page.getByRole('region', { name: 'Levada bag' });
  await expect(bag.getByText('Head torch')).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(bag.getByText('Head torch')).toBeVisible();
  const { access_token: token, user } = await sessionOf(page);

  // Offline: a tick waits on the device, with a Background Sync registered and the token beside it.
  await context.setOffline(true);
  await bag.getByRole('checkbox', { name: /Head torch/ }).check();
  await expect(bag.getByTestId('waiting-badge')).toBeVisible();
  await expect.poll(() => offlineKeys(page)).toEqual(expect.arrayContaining([`queue:${user.id}`, 'replay-credential']));
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } };
        return registration.sync.getTags();
      }),
    )
    .toContain('tripcrew-queue');

  // The tab is closed: no page of the app is open. Offline, nothing reaches the server.
  await page.close();
  expect(context.pages()).toEqual([]);
  expect(await tickedOnServer(request, token, user.id, tripId, 'Head torch')).toBe(false);
  // Back online: the browser wakes the worker, which sends the tick.
  await context.setOffline(false);
  await expect.poll(() => tickedOnServer(request, token, user.id, tripId, 'Head torch'), { timeout: 60_000 }).toBe(true);
  expect(context.pages()).toEqual([]);

  // Opened again: saved, not waiting; the answer was taken in and the token is gone from the device.
  const again = await context.newPage();
  await again.goto(`/dashboard/checklist/${tripId}`);
  const bagAgain = again.getByRole('region', { name: 'Levada bag' });
  await expect(bagAgain.getByRole('checkbox', { name: /Head torch/ })).toBeChecked();
  await expect(again.getByText('Your change made offline is saved.')).toBeVisible();
  await expect(bagAgain.getByTestId('waiting-badge')).toBeHidden();
  await expect(again.getByTestId('offline-banner')).toBeHidden();
  await expect.poll(() => offlineKeys(again)).not.toContain('replay-credential');
  expect(await offlineValue(again, `queue:${user.id}`)).toEqual([]);
  expect((await offlineValue(again, `answered:${user.id}`)) ?? []).toEqual([]);
  // The worker sent the change through and kept nothing of the API in its caches.
  const cached = await again.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });
  expect(cached.filter((url) => /\/graphql|\/api\//.test(url))).toEqual([]);
  await again.screenshot({ path: test.info().outputPath('saved-after-background-sync.png') });
  await context.close();
});
