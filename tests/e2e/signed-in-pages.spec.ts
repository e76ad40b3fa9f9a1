import { expect, test } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, signIn, signOut, type Person } from './trips-helpers.js';

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
