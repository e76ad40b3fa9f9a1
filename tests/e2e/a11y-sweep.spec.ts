import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAdmin } from './admin-helpers.js';
import { signIn } from './trips-helpers.js';

/**
 * Every route of web/src/routes.tsx, at 1280 and 375 px, signed out, as a traveller with a trip
 * full of data and as an administrator: no serious or critical axe violation anywhere. One test
 * per role, signed in once: each loads every route once, reads it with axe at 1280 px, narrows
 * the window to 375 px and reads it again once it has settled, and collects every violation, so
 * one run lists all that is wrong.
 */

/** The route table's paths, read from its source so a new route cannot escape the sweep. */
function routePaths(): string[] {
  const source = fs.readFileSync(path.resolve('web/src/routes.tsx'), 'utf8');
  const [dashboardPart, rootPart] = source.split('export const routes');
  const pathsIn = (text: string) => [...text.matchAll(/path: '([^']+)'/g)].map((m) => m[1]);
  const dashboard = ['/dashboard', ...pathsIn(dashboardPart).map((p) => `/dashboard/${p}`)];
  const root = [
    '/',
    ...pathsIn(rootPart)
      .filter((p) => p !== '*' && p !== 'dashboard')
      .map((p) => `/${p}`),
  ];
  return [...root, ...dashboard];
}

/** Concrete addresses for the routes with parameters (ids found on the way, see `idsFor`). */
interface Ids {
  trip?: string;
  story?: string;
}
function concrete(route: string, ids: Ids): string | null {
  const known: Record<string, string | null> = {
    '/guides/:city': '/guides/barcelona',
    '/dashboard/guides/:city': '/dashboard/guides/barcelona',
    '/blog/stories/:id': '/blog/stories/three-perfect-days-in-barcelona',
    '/blog/edit/:id': ids.story ? `/blog/edit/${ids.story}` : null,
    '/dashboard/trips/:id': ids.trip ? `/dashboard/trips/${ids.trip}` : null,
    '/dashboard/checklist/:tripId': ids.trip ? `/dashboard/checklist/${ids.trip}` : null,
    '/dashboard/wrapped/:year': `/dashboard/wrapped/${new Date().getFullYear()}`,
    // A link nobody made (or one revoked): the page that says so.
    '/wrapped/:token': '/wrapped/no-such-link',
  };
  if (route in known) return known[route];
  if (route.includes(':')) throw new Error(`the sweep has no address for ${route}: add one to concrete()`);
  return route;
}

/**
 * The page's own content is up: its heading shown, nothing loading (no 'Loading...', no region
 * marked busy, such as a skeleton), nothing moving.
 */
async function settle(page: Page) {
  await expect(page.locator('#main')).toBeVisible();
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Searching…')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Sections that fade in as they scroll into view (the landing page): reveal them all.
  if ((await page.locator('.tc-reveal[data-reveal="hidden"]').count()) > 0) {
    for (let step = 0; step < 40; step++) {
      const atBottom = await page.evaluate(() => scrollY + innerHeight >= document.scrollingElement!.scrollHeight - 2);
      if (atBottom) break;
      await page.mouse.wheel(0, 600);
    }
    await expect.poll(() => page.locator('.tc-reveal[data-reveal="hidden"]').count()).toBe(0);
  }
  // axe reads colours as painted: let every finite transition end (spinners loop forever).
  await expect
    .poll(() =>
      page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length),
    )
    .toBe(0);
}

/** Serious and critical violations of the page as it is now, one line each. */
async function violations(page: Page, where: string): Promise<string[]> {
  // Only violations are read: axe then skips building selectors for every passing node, the
  // slow tail of each run (axe-core's `resultTypes`).
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((x) => x.impact === 'serious' || x.impact === 'critical')
    .map(
      (v) =>
        `${where} ${v.id}: ${v.nodes.length} × ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

/** Each route loaded once and read at every width, widest first. */
async function sweep(page: Page, routes: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    await page.setViewportSize(WIDTHS[0].viewport);
    await page.goto(route, { waitUntil: 'domcontentloaded' });
    for (const width of WIDTHS) {
      const where = `${route} at ${width.name}`;
      await page.setViewportSize(width.viewport);
      try {
        await settle(page);
      } catch (error) {
        found.push(`${where} (now ${new URL(page.url()).pathname}) never settled: ${String(error).split('\n').slice(0, 3).join(' ')}`);
        console.log(`a11y sweep: ${found[found.length - 1]}`);
        break;
      }
      const seen = await violations(page, where);
      // Printed as they come, so a run cut short still says what it saw.
      for (const line of seen) console.log(`a11y sweep: ${line}`);
      found.push(...seen);
    }
  }
  return found;
}

/** The trip and story ids of the signed-in account, read from its own lists. */
async function idsFor(page: Page): Promise<Ids> {
  await page.goto('/dashboard/trips');
  const tripLink = page.getByRole('link', { name: /Lisbon Long Weekend/ }).first();
  await expect(tripLink).toBeVisible();
  const trip = (await tripLink.getAttribute('href'))!.split('/').pop();
  await page.goto('/dashboard/my-stories');
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  const edit = page.locator('a[href^="/blog/edit/"]').first();
  const story = (await edit.count()) ? (await edit.getAttribute('href'))!.split('/').pop() : undefined;
  return { trip, story };
}

const WIDTHS = [
  { name: '1280 px', viewport: { width: 1280, height: 800 } },
  { name: '375 px', viewport: { width: 375, height: 812 } },
];

test.describe('accessibility sweep of every route', () => {
  // A few minutes per role on an idle machine; generous for a busy one.
  test.describe.configure({ timeout: 1_200_000 });

  test('the route table is all covered', () => {
    const routes = routePaths();
    expect(routes).toContain('/dashboard/trips/:id');
    expect(routes).toContain('/signup');
    for (const route of routes) concrete(route, { trip: 't', story: 's' });
  });

  test('signed out, at 1280 and 375 px', async ({ page }) => {
    // Signed out, a dashboard address shows the sign-in page: one is enough.
    const routes = routePaths()
      .filter((r) => !r.startsWith('/dashboard/') && r !== '/blog/edit/:id')
      .map((r) => concrete(r, {})!);
    expect(await sweep(page, routes)).toEqual([]);
  });

  test('as a traveller, at 1280 and 375 px', async ({ page }) => {
    await signIn(page, 'maria@demo.tripcrew.local', 'tripcrew-demo');
    const ids = await idsFor(page);
    const routes = routePaths()
      .map((r) => concrete(r, ids))
      .filter((r): r is string => r !== null);
    expect(await sweep(page, routes)).toEqual([]);
  });

  test('as an administrator, at 1280 and 375 px', async ({ page }) => {
    await signInAdmin(page, 'a11y');
    const routes = routePaths()
      .map((r) => concrete(r, {}))
      .filter((r): r is string => r !== null);
    expect(await sweep(page, routes)).toEqual([]);
  });
});

/** The place search's dropdown, while it searches and once it has answered, passes axe too. */
test('place search suggestions are accessible while searching and after', async ({ page }) => {
  await signIn(page, 'maria@demo.tripcrew.local', 'tripcrew-demo');
  const { trip } = await idsFor(page);
  await page.goto(`/dashboard/trips/${trip}`);
  const search = page.getByLabel('Search the map');
  // Slow the answer down, so the 'Searching…' state stays up while axe reads the page.
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes('PlaceSearchInputQuery')) await answered;
    await route.continue();
  });
  await search.fill('Zzqx');
  await expect(page.getByText('Searching…')).toBeVisible();
  const check = async () => {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
  };
  expect(await check()).toEqual([]);
  release();
  await expect(page.getByText('No matching places. You can keep what you typed.')).toBeVisible();
  expect(await check()).toEqual([]);
});

/**
 * A loading skeleton is a named status region, not a named plain <div> (axe: aria-prohibited-attr).
 * The expenses page shows one while its trip's data loads; under load the sweep once met it
 * mid-removal (reported on `:root`). Held here until axe has read it.
 */
test('a loading skeleton passes axe (the expenses page while its trip loads)', async ({ page }) => {
  await signIn(page, 'maria@demo.tripcrew.local', 'tripcrew-demo');
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    const body = route.request().postData() ?? '';
    if (body.includes('ExpensesPageQuery') && body.includes('"hasTrip":true')) await answered;
    await route.continue();
  });
  await page.goto('/dashboard/expenses');
  const skeleton = page.getByRole('status', { name: 'Loading expenses' });
  await expect(skeleton).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual(
    [],
  );
  release();
  await expect(skeleton).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Balances' })).toBeVisible();
});
