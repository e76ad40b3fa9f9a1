import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, signIn, type Person } from './trips-helpers.js';

/**
 * The story lists are rendered by the server with their data: a story published a moment ago is
 * in the HTML of /blog and /stories, and the browser shows the titles before it has asked the API
 * for anything (every data request is held back until the titles are on screen), then hydrates
 * that markup without a mismatch. The /stories guide cards are the stored guides.
 */

test.setTimeout(120_000);

interface StoryRow {
  title: string;
  slug: string;
}

/** Holds every data request (GraphQL and REST) until `release` is called; counts those answered. */
async function holdDataRequests(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const answered = { count: 0 };
  await page.route(/\/(graphql|api\/)/, async (route) => {
    await released;
    await route.continue();
    answered.count++;
  });
  return { release, answered };
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

test('a published story is in the HTML of /blog and /stories, on screen before any data request', async ({ page, request }) => {
  const author: Person = { firstName: 'Nuno', lastName: 'Reis', email: uniqueEmail('nuno.lists'), password: 'trams-and-tiles-42' };
  await createVerifiedAccount(page, author);
  const signin = await request.post('/api/auth/signin', { data: { email: author.email, password: author.password } });
  expect(signin.status(), await signin.text()).toBe(200);
  const token = ((await signin.json()) as { access_token: string }).access_token;
  const title = `Porto by Tram ${Date.now() % 100000}`;
  const saved = await request.post('/api/backend/save-story', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, city: 'Porto', intro: 'Up and down the hills.', tags: 'trams, port', status: 'published' },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // A plain HTTP request, as a crawler or a link preview makes it: the titles are in the document.
  await expect
    .poll(async () => (await request.get('/blog')).text(), { message: 'the new story on /blog (rendered at most a second ago)' })
    .toContain(`>${title}</h3>`);
  const landing = (await (await request.get('/api/backend/stories?limit=6')).json()) as { stories: StoryRow[] };
  const storiesHtml = await (await request.get('/stories')).text();
  for (const s of landing.stories) expect(storiesHtml).toContain(`>${s.title.replace(/&/g, '&amp;')}</h3>`);
  // The guide cards are the stored, published guides (featured first), linking to their pages.
  const guides = (await (await request.get('/api/backend/guides')).json()) as { guides: { slug: string; city: string }[] };
  expect(guides.guides.length).toBeGreaterThan(0);
  for (const g of guides.guides.slice(0, 3)) expect(storiesHtml).toContain(`href="/guides/${g.slug}"`);
  // The data travels as a JSON data block, not a script that runs (the CSP allows none inline);
  // the lists read REST, so no Relay comes with them (issue 27: their initial JavaScript).
  expect(storiesHtml).toMatch(/<script type="application\/json" id="rest-data">/);
  expect(storiesHtml).not.toContain('relay-records');

  for (const [path, heading] of [
    ['/blog', 'Stories from the crew'],
    ['/stories', 'Travel Stories'],
  ] as const) {
    const errors = watchErrors(page);
    const held = await holdDataRequests(page);
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const card = page.getByRole('link', { name: new RegExp(title) });
    await expect(card).toBeVisible();
    if (path === '/stories') await expect(page.getByRole('link', { name: new RegExp(guides.guides[0].city) }).first()).toBeVisible();
    // Everything so far came with the document: no data request has been answered.
    expect(held.answered.count).toBe(0);
    held.release();
    await page.waitForLoadState('networkidle');
    // Hydrated as sent (a mismatch is a console error), and the card works as a link in the app.
    await expect(card).toBeVisible();
    expect(errors).toEqual([]);
    await page.unroute(/\/(graphql|api\/)/);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
  }
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('signed in, the guides and static pages have /dashboard copies; the dashboard shows Loading... while the session loads', async ({ page }) => {
  const person: Person = { firstName: 'Ines', lastName: 'Mota', email: uniqueEmail('ines.dash'), password: 'guides-inside-42' };
  await createVerifiedAccount(page, person);
  await signIn(page, person.email, person.password);

  await page.goto('/dashboard/guides');
  await expect(page.getByRole('heading', { level: 1, name: 'City Guides' })).toBeVisible();
  // A guide opened from the dashboard stays in the dashboard.
  await page
    .getByRole('link', { name: /London/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard\/guides\/london$/);
  await expect(page.getByRole('heading', { level: 1, name: 'London Travel Guide' })).toBeVisible();
  for (const [path, heading] of [
    ['/dashboard/about', 'About Us'],
    ['/dashboard/disclosure', 'Affiliate Disclosure'],
    ['/dashboard/contact', 'Contact'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }

  // A stored session whose access token has expired is refreshed before the dashboard shows:
  // meanwhile (the refresh held back here) the page says 'Loading...'.
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('tripcrew.session')!) as { expires_at: number };
    localStorage.setItem('tripcrew.session', JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 }));
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/refresh', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/dashboard/guides');
  await expect(page.getByText('Loading...')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'City Guides' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/guides$/);
});
