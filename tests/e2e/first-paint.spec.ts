import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

/**
 * The public pages are prerendered at build time (web/scripts/prerender.ts), or rendered per
 * request with their data (api/src/server/livePages.ts): their content comes with the document
 * and the browser hydrates it. Their code is small and sent compressed.
 * (`npm run page-weight` measures the same pages' largest contentful paint on a slow network.)
 */
const PRERENDERED: [path: string, heading: string, status?: number][] = [
  ['/', 'Plan trips together. Travel as a crew.'],
  ['/how-it-works', 'How Tripcrew works'],
  ['/guides', 'City Guides'],
  ['/stories', 'Travel Stories'],
  ['/blog', 'Stories from the crew'],
  // Rendered per request with the story (a missing one as the not-found page, answered 404).
  ['/blog/stories/three-perfect-days-in-barcelona', 'Three Perfect Days in Barcelona'],
  ['/blog/stories/no-such-story', 'Story not found', 404],
  ['/guides/barcelona', 'Barcelona Travel Guide'],
  // A city without a guide: the generic one (a page like any other, 200).
  ['/guides/atlantis', 'City Guide'],
  ['/signin', 'Welcome back'],
  ['/signup', 'Create Your Account'],
];
/** The bound on the landing page's JavaScript, gzip (level 9) bytes of every script it loads. */
const LANDING_JS_GZIP_LIMIT = 150 * 1024;

/** Console errors and uncaught exceptions (React reports a hydration mismatch as one of these). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    // Map tiles come from the online tile server (MAP_TILES_URL), which this offline machine cannot
    // reach: the map says so itself; a tile that does not load is not an error of the page.
    const tile = /\/\d+\/\d+\/\d+\.png/.test(msg.location().url ?? '');
    if (msg.type() === 'error' && !tile) errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

/** Keeps the <h1> the server sent, before any script runs, to compare with the one after hydration. */
async function rememberServerHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') (window as unknown as { serverH1: Element | null }).serverH1 = document.querySelector('h1');
    });
  });
}

/** The reader's time zone changes what some pages start from (a form's country): each must still hydrate cleanly. */
const READER_ZONES = ['America/New_York', 'Europe/Lisbon', 'Asia/Tokyo'];

for (const timezoneId of READER_ZONES) {
  test.describe(`a reader in ${timezoneId}`, () => {
    test.use({ timezoneId });
    for (const [path, heading, status = 200] of PRERENDERED) {
      test(`${path}: the heading is in the server's HTML, and the page hydrates it without errors`, async ({ page, request }) => {
        const res = await request.get(path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
        expect(res.status()).toBe(status);
        expect(res.headers()['content-encoding']).toBe('br');
        expect(res.headers()['vary']).toMatch(/accept-encoding/i);
        const html = await res.text();
        expect(html).toMatch(new RegExp(`<h1[^>]*>${heading.replace(/[.]/g, '\\.')}</h1>`));
        // No inline script: the CSP allows none. (A JSON data block, which never runs, may carry a page's data.)
        for (const [, attrs] of html.matchAll(/<script\b([^>]*)>/g))
          expect(attrs).toMatch(/\bsrc="\/|^ type="application\/json" id="(relay-records|rest-data)"$/);

        const errors = watchErrors(page);
        await rememberServerHeading(page);
        await page.goto(path, { waitUntil: 'networkidle' });
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        // React adopted the server's markup (a mismatch would have re-rendered it: new nodes). The
        // network can fall idle before the entry has run on a busy machine: wait for the root.
        const hydrated = () =>
          page.evaluate(() => {
            const root = document.getElementById('root')!;
            return {
              sameHeading: (window as unknown as { serverH1: Element | null }).serverH1 === document.querySelector('h1'),
              reactRoot: Object.keys(root).some((key) => key.startsWith('__reactContainer$')),
            };
          });
        await expect.poll(hydrated).toEqual({ sameHeading: true, reactRoot: true });
        // The browser notes a page answered 404 in the console itself: that is the status, not an error of the page.
        const notFound = 'console: Failed to load resource: the server responded with a status of 404 (Not Found)';
        expect(errors).toEqual(status === 404 ? [notFound] : []);
      });
    }
  });
}

test.describe('a reader in Asia/Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });
  test("sign-up starts from the reader's country once the prerendered page is hydrated", async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/signup', { waitUntil: 'networkidle' });
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('JP');
    expect(errors).toEqual([]);
  });
});

test("the guides list is rendered with its guides: the cards are in the server's HTML, not skeletons", async ({ request }) => {
  const html = await (await request.get('/guides')).text();
  expect(html).toMatch(/<h2[^>]*>Barcelona<\/h2>/);
  expect(html).toContain('id="rest-data"');
});

test('a sign-in page with a query (after an e-mailed link) is not the prerendered copy: it shows what the query says', async ({ page, request }) => {
  // The copy was rendered without a query; served here it would be the wrong markup to hydrate.
  const html = await (await request.get('/signin?verified=1')).text();
  expect(html).not.toContain('Welcome back');
  const errors = watchErrors(page);
  await page.goto('/signin?verified=1');
  await expect(page.getByText('Your email address is verified. You can sign in now.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the hydrated landing page works: links navigate in the app, sections are visible', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  // No fade-in on the hero: it is fully opaque from the first paint.
  const heroOpacity = await page.getByRole('heading', { level: 1 }).evaluate((h1) => {
    let opacity = 1;
    for (let el: Element | null = h1; el; el = el.parentElement) opacity *= Number(getComputedStyle(el).opacity);
    return opacity;
  });
  expect(heroOpacity).toBe(1);
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
  await page.getByRole('link', { name: 'See How It Works' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How Tripcrew works' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
  expect(errors).toEqual([]);
});

test('a stored session switches the prerendered landing page to the signed-in view after hydration', async ({ page, request }) => {
  const signin = await request.post('/api/auth/signin', { data: { email: 'sam@demo.tripcrew.local', password: 'tripcrew-demo' } });
  expect(signin.status()).toBe(200);
  const session: unknown = await signin.json();
  await page.addInitScript((s) => localStorage.setItem('tripcrew.session', JSON.stringify(s)), session);
  const errors = watchErrors(page);
  await rememberServerHeading(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome back!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to dashboard' }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { serverH1: Element | null }).serverH1 === document.querySelector('h1'))).toBe(true);
  expect(errors).toEqual([]);
});

test('the landing page loads at most 150 KB of JavaScript (gzip), no Relay, every file compressed', async ({ page }) => {
  const scripts: { url: string; gzip: number }[] = [];
  const uncompressed: string[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (!['script', 'stylesheet', 'document'].includes(type)) return;
    pending.push(
      (async () => {
        const headers = await response.allHeaders();
        const url = new URL(response.url()).pathname;
        if (headers['content-encoding'] !== 'br' || !/accept-encoding/i.test(headers['vary'] ?? ''))
          uncompressed.push(`${url} (${headers['content-encoding'] ?? 'identity'})`);
        if (url.startsWith('/assets/')) expect(headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
        if (type === 'script') scripts.push({ url, gzip: gzipSync(await response.body(), { level: 9 }).length });
      })(),
    );
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await Promise.all(pending);
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  test.info().annotations.push({ type: 'landing JS', description: `${scripts.length} files, ${(total / 1024).toFixed(1)} KB gzip` });
  expect(uncompressed).toEqual([]);
  expect(scripts.map((s) => s.url).filter((url) => /relay|graphql|Dashboard/i.test(url))).toEqual([]);
  expect(total).toBeLessThanOrEqual(LANDING_JS_GZIP_LIMIT);
});

test('the first screen’s pictures are preloaded ahead of the scripts, sized, and the rest lazy', async ({ request }) => {
  for (const path of ['/stories', '/blog', '/guides', '/how-it-works']) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const preload = head.search(/<link rel="preload"[^>]* as="image"/);
    expect(preload, `${path}: a picture preload in <head>`).toBeGreaterThan(0);
    expect(preload, `${path}: before the first script`).toBeLessThan(head.search(/<script type="module"|<link rel="modulepreload"/));
    for (const img of html.match(/<img [^>]*>/g) ?? []) {
      expect(img, `${path}: sized`).toMatch(/ width="\d+" height="\d+"/);
      expect(img, `${path}: first screen or lazy`).toMatch(/fetchPriority="high"|loading="lazy"/);
    }
  }
});
