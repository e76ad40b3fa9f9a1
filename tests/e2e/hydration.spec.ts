import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from './trips-helpers.js';

/**
 * Prerendered pages are adopted by React in the browser (hydration), wherever the reader is: any
 * hydration error (React's #418, #423, #425, or a message about hydrating) fails, in three time
 * zones, on every prerendered public page, on a story page read signed in, and on the signed-in
 * pages the server renders for their reader.
 */
const PRERENDERED = [
  '/',
  '/how-it-works',
  '/guides',
  '/guides/barcelona',
  '/stories',
  '/blog',
  '/blog/stories/three-perfect-days-in-barcelona',
  '/signin',
  '/signup',
];
const STORY = '/blog/stories/three-perfect-days-in-barcelona';
/** The signed-in pages the server renders; `trip` stands for the demo's Lisbon trip, `trip checklists` for its checklists. Each is a test of its own. */
const SIGNED_IN = [
  '/dashboard',
  '/dashboard/trips',
  'trip',
  '/dashboard/friends',
  '/dashboard/expenses',
  '/dashboard/reservations',
  '/dashboard/checklist',
  '/dashboard/photos',
  'trip checklists',
  '/dashboard/mapped',
  `/dashboard/wrapped/${new Date().getFullYear()}`,
  '/dashboard/rewards',
  '/dashboard/settings',
];
const ZONES = ['America/New_York', 'Europe/Lisbon', 'Asia/Tokyo'];
const localeOf = (timezoneId: string) => (timezoneId === 'Asia/Tokyo' ? 'ja-JP' : timezoneId === 'Europe/Lisbon' ? 'pt-PT' : 'en-US');
const HYDRATION_ERROR = /#418|#423|#425|hydrat/i;

/** Hydration errors the page reports, as they come (console errors and uncaught errors). */
function watchHydration(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) errors.push(`${page.url()}: ${message.text().slice(0, 200)}`);
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_ERROR.test(`${error.message}\n${error.stack ?? ''}`)) errors.push(`${page.url()}: ${error.message.slice(0, 200)}`);
  });
  return errors;
}

/** The demo's Lisbon trip's page, as the trips list links it. */
async function tripPath(page: Page): Promise<string> {
  await page.goto('/dashboard/trips');
  const href = await page
    .getByRole('link', { name: /Lisbon Long Weekend/ })
    .first()
    .getAttribute('href');
  return href!;
}

/** The page arrived prerendered and React has adopted its content (React marks the nodes it owns). */
async function hydrated(page: Page) {
  await expect(page.locator('#main')).toBeVisible();
  await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('main') ?? {}).some((key) => key.startsWith('__reactFiber')))).toBe(true);
}

for (const timezoneId of ZONES) {
  test.describe(`hydration in ${timezoneId}`, () => {
    test.use({ timezoneId, locale: localeOf(timezoneId) });

    test('prerendered public pages hydrate without errors', async ({ page }) => {
      const errors = watchHydration(page);
      for (const route of PRERENDERED) {
        const response = await page.goto(route);
        // Served from the build's prerendered copy: the markup is there before any script runs.
        expect(await response!.text(), route).toMatch(/<div id="root">\s*<[a-z]/);
        await hydrated(page);
      }
      expect(errors).toEqual([]);
    });

    // The dashboard's main pages, rendered by the server for their reader in the reader's zone
    // and language (signed-in-pages.spec.ts): the browser adopts them as they are. One sign-in
    // per zone (its session and page cookies kept by the context), then one test per page.
    test.describe('signed in', () => {
      test.describe.configure({ mode: 'serial' });
      let context: BrowserContext;
      let page: Page;
      let errors: string[];
      test.beforeAll(async ({ browser }, testInfo) => {
        const { baseURL, serviceWorkers } = testInfo.project.use;
        context = await browser.newContext({ baseURL, serviceWorkers, timezoneId, locale: localeOf(timezoneId) });
        page = await context.newPage();
        errors = watchHydration(page);
        await signIn(page, 'maria@demo.tripcrew.local', 'tripcrew-demo');
      });
      test.afterAll(() => context.close());
      test.beforeEach(() => {
        errors.length = 0;
      });

      for (const route of SIGNED_IN) {
        test(`a signed-in page the server renders hydrates without errors: ${route}`, async () => {
          const path = route === 'trip' ? await tripPath(page) : route === 'trip checklists' ? (await tripPath(page)).replace('/trips/', '/checklist/') : route;
          const response = await page.goto(path);
          expect(await response!.text(), route).toContain('id="render-facts"');
          await hydrated(page);
          await expect(page.locator('html')).not.toHaveAttribute('data-hydrating');
          expect(errors).toEqual([]);
        });
      }
    });

    // The story's body is a Suspense boundary React adopts after the shell, when the session is
    // already known: it must still render signed out first (as the server did), then the reader's
    // controls (Add to Trip as a button, not the sign-in link) once hydrated.
    test('a story page hydrates without errors for a signed-in reader', async ({ page }) => {
      const errors = watchHydration(page);
      await signIn(page, 'maria@demo.tripcrew.local', 'tripcrew-demo');
      for (let visit = 0; visit < 3; visit++) {
        await page.goto(STORY);
        await hydrated(page);
        await expect(page.getByRole('heading', { name: 'Three Perfect Days in Barcelona', level: 1 })).toBeVisible();
        await expect(page.getByRole('button', { name: /^Add .+ to a trip$/ }).first()).toBeVisible();
        await expect(page.getByRole('link', { name: 'Add to Trip' })).toHaveCount(0);
      }
      expect(errors).toEqual([]);
    });
  });
}
