import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './trips-helpers.js';

/**
 * Travel Wrapped and Mapped as the demo traveller Alex (whose seeded trips fall in this year):
 * the year's cards read as text, a year with no trips says so, the share image downloads, a
 * public link is made (its page carries Open Graph tags) and revoked after asking; Mapped draws
 * the world, counts the countries, takes a country by the keyboard picker and lets the mark go
 * after asking. Screenshots at 1280 px.
 */

test.setTimeout(180_000);

const SHOTS = '.tmp/wrapped-shots';
const year = new Date().getFullYear();

async function alex(page: Page) {
  await signIn(page, 'alex@demo.tripcrew.local', 'tripcrew-demo');
}

test('Travel Wrapped: cards, empty year, image, public link made and revoked', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await alex(page);
  await page.goto(`/dashboard/wrapped/${year}`);
  await expect(page.getByRole('heading', { level: 1, name: `Alex’s ${year} in travel` })).toBeVisible();
  const places = page.getByTestId('wrapped-card-places');
  await expect(places).toContainText(/\d+ countr/);
  await expect(page.getByTestId('wrapped-card-year')).toContainText(/\d+ trips?/);
  await expect(page.getByTestId('wrapped-card-distance')).toContainText('km');
  await expect(page.getByTestId('wrapped-card-spending')).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/wrapped-1280.png`, fullPage: true });

  // The story image, downloaded from the server.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download story image' }).click()]);
  expect(download.suggestedFilename()).toBe(`tripcrew-wrapped-${year}-story.png`);

  // A public link: made, its page carries its Open Graph image, revoked after asking.
  await page.getByRole('button', { name: 'Make a public link' }).click();
  const linkBox = page.getByLabel('Public link');
  await expect(linkBox).toHaveValue(/\/wrapped\/[A-Za-z0-9_-]+$/);
  const url = await linkBox.inputValue();
  const html = await (await page.request.get(url)).text();
  expect(html).toMatch(/<meta property="og:image" content="[^"]+\/api\/wrapped\/public\/[A-Za-z0-9_-]+\.png\?format=preview"/);
  expect(html).toContain(`Alex’s ${year} in travel`);
  const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole('img', { name: /A traveller’s year/ })).toBeVisible();

  await page.getByRole('button', { name: 'Revoke link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke the public link?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await expect(page.getByRole('button', { name: 'Make a public link' })).toBeVisible();
  expect((await page.request.get(url)).status()).toBe(404);
  await visitor.goto(url);
  await expect(visitor.getByTestId('wrapped-link-gone')).toBeVisible();

  // Another year, by the switcher: none of Alex's trips, said kindly.
  await page.goto('/dashboard/wrapped/2001');
  await expect(page.getByTestId('wrapped-empty')).toContainText('No trips in 2001 yet');
  await visitorContext.close();
  await context.close();
});

test('Mapped: the world map, counts, a country marked by the picker and unmarked after asking', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await alex(page);
  await page.goto('/dashboard/mapped');
  await expect(page.getByRole('heading', { level: 1, name: 'Mapped' })).toBeVisible();
  await expect(page.getByTestId('world-map')).toBeVisible();
  const headline = page.getByTestId('mapped-headline');
  await expect(headline).toHaveText(/^\d+ countr(y|ies), \d+% of the world$/);
  const before = Number((await headline.textContent())!.split(' ')[0]);
  await expect(page.locator('[data-testid="world-map"] path[data-visited="true"]').first()).toBeVisible();
  // The waitlist still answers below the map.
  await expect(page.getByRole('button', { name: 'Notify Me' })).toBeVisible();

  // By keyboard: type in the picker, choose with Enter, submit.
  const picker = page.getByRole('combobox', { name: 'Mark a country you have been to' });
  await picker.focus();
  await page.keyboard.type('Icela');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue('Iceland');
  await page.getByRole('button', { name: 'Mark visited' }).click();
  await expect(page.getByText('Iceland is on your map.')).toBeVisible();
  await expect(headline).toHaveText(new RegExp(`^${before + 1} countr`));
  const table = page.getByTestId('mapped-countries');
  await expect(table.getByRole('row', { name: /Iceland/ })).toContainText('by hand');
  await expect(page.locator('[data-testid="world-map"] path[data-code="IS"][data-visited="true"]')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/mapped-1280.png`, fullPage: true });

  await table.getByRole('button', { name: 'Remove mark for Iceland' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this mark?' });
  await dialog.getByRole('button', { name: 'Remove mark' }).click();
  await expect(headline).toHaveText(new RegExp(`^${before} countr`));
  await expect(table.getByRole('row', { name: /Iceland/ })).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await context.close();
});
