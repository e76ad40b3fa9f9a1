import { expect, test, type Page, type Request } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, signIn, type Person } from './trips-helpers.js';

/**
 * A main signed-in page's document starts its first queries itself (issue 27 point 12,
 * api/src/server/firstQuery.ts): the dashboard frame's and the page's, before any of the app's
 * scripts has arrived, and the app then uses those answers instead of asking again. A trip's
 * document (one shell for every trip) starts the frame's.
 */
const operation = (request: Request) => {
  if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/graphql') return null;
  return (JSON.parse(request.postData() ?? '{}') as { operationName?: string }).operationName ?? null;
};

/** The GraphQL operations the page sends, by name, in order. */
function watchOperations(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const name = operation(request);
    if (name) names.push(name);
  });
  return names;
}

let session = '';

test.beforeAll(async ({ browser }) => {
  const ana: Person = { firstName: 'Ana', lastName: 'Early', email: uniqueEmail('ana.early'), password: 'first-query-42' };
  const page = await browser.newPage();
  await createVerifiedAccount(page, ana);
  await signIn(page, ana.email, ana.password);
  session = await page.evaluate(() => localStorage.getItem('tripcrew.session') ?? '');
  await page.close();
});

async function signedInPage(browser: import('@playwright/test').Browser) {
  const context = await browser.newContext();
  await context.addInitScript((s) => localStorage.setItem('tripcrew.session', s), session);
  return { context, page: await context.newPage() };
}

test("the document sends the frame's and the page's queries before the app's scripts arrive", async ({ browser }) => {
  const { context, page } = await signedInPage(browser);
  // The app's scripts never come: whatever asks for data now is the document itself.
  await page.route('**/assets/*.js', (route) => route.abort());
  const names = watchOperations(page);
  await page.goto('/dashboard/trips', { waitUntil: 'domcontentloaded' });
  await expect.poll(() => [...names].sort()).toEqual(['DashboardLayoutQuery', 'TripsPageQuery']);
  await context.close();
});

test("a trip's document names its page's chunks and sends the frame's query (the page's variables are in its address)", async ({ browser }) => {
  const { context, page } = await signedInPage(browser);
  await page.route('**/assets/*.js', (route) => route.abort());
  const names = watchOperations(page);
  await page.goto('/dashboard/trips/00000000-0000-4000-8000-000000000001', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('link[rel="modulepreload"][href^="/assets/TripDetailPage"]')).toHaveCount(1);
  await expect.poll(() => names).toEqual(['DashboardLayoutQuery']);
  await context.close();
});

test('the app adopts those answers: each query goes out once, and the page shows its data', async ({ browser }) => {
  const { context, page } = await signedInPage(browser);
  const names = watchOperations(page);
  await page.goto('/dashboard/trips');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Trips' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(names.filter((n) => n === 'TripsPageQuery')).toEqual(['TripsPageQuery']);
  expect(names.filter((n) => n === 'DashboardLayoutQuery')).toEqual(['DashboardLayoutQuery']);
  // A later visit of the same page asks again (the early answer is used once).
  await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /Hello, Ana/ })).toBeVisible();
  await page.getByRole('link', { name: 'Trips', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Trips' })).toBeVisible();
  await expect.poll(() => names.filter((n) => n === 'TripsPageQuery').length).toBe(2);
  await context.close();
});

test('with a query string, or signed out, the document asks for nothing itself', async ({ browser }) => {
  const { context, page } = await signedInPage(browser);
  await page.route('**/assets/*.js', (route) => route.abort());
  const names = watchOperations(page);
  await page.goto('/dashboard/trips?tab=past', { waitUntil: 'load' });
  const signedOut = await browser.newPage();
  await signedOut.route('**/assets/*.js', (route) => route.abort());
  const signedOutNames = watchOperations(signedOut);
  await signedOut.goto('/dashboard/trips', { waitUntil: 'load' });
  // Both documents have run their inline script by `load`; give a request that would follow one turn to show.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  expect(names).toEqual([]);
  expect(signedOutNames).toEqual([]);
  await signedOut.close();
  await context.close();
});
