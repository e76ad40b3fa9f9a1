import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, isoDaysFromToday, signIn, type Person } from './trips-helpers.js';

/**
 * Place search where travellers use it (issue 27, point 2): on the trip form countries and
 * regions across borders are destinations; inside a Lisbon trip "Belem" offers Lisbon's Belém
 * first, every suggestion names its country, and the map takes in the new item's pin (it sits
 * outside the first view around the destination).
 */

test.setTimeout(180_000);

const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggested places' }).getByRole('option');

/** Whether the element's middle lies inside the frame's box (a Leaflet marker off the view is still in the page, clipped). */
async function inside(element: Locator, frame: Locator): Promise<boolean> {
  const [e, f] = await Promise.all([element.boundingBox(), frame.boundingBox()]);
  if (!e || !f) return false;
  const x = e.x + e.width / 2;
  const y = e.y + e.height / 2;
  return x >= f.x && x <= f.x + f.width && y >= f.y && y <= f.y + f.height;
}

test('countries and regions are destinations; inside a trip the search leans to it and the map fits every pin', async ({ page }) => {
  const me: Person = { firstName: 'Rita', lastName: 'Lopes', email: uniqueEmail('rita.places'), password: 'places-near-42' };
  const tripName = `Lisbon Places ${Date.now() % 100000}`;
  await createVerifiedAccount(page, me);
  await signIn(page, me.email, me.password);

  await page.getByRole('button', { name: 'Create New Trip' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Trip' });
  // A country, and a region across borders before the Arizona town of its name.
  await create.getByLabel('Destination').fill('Iceland');
  await expect(suggestions(page).first()).toHaveText('Iceland');
  await create.getByLabel('Destination').fill('Patagonia');
  await expect(suggestions(page).first()).toContainText('Argentina, Chile');
  await expect(suggestions(page).nth(1)).toContainText('Arizona, United States');

  await create.getByLabel('Trip name').fill(tripName);
  await create.getByLabel('Destination').fill('Lisbon');
  await suggestions(page).filter({ hasText: 'Portugal' }).first().click();
  await create.getByLabel('Start date').fill(isoDaysFromToday(20));
  await create.getByLabel('End date').fill(isoDaysFromToday(24));
  await create.getByRole('button', { name: 'Create Trip' }).click();
  await expect(create).toBeHidden();
  await page.getByRole('article', { name: tripName }).getByRole('link', { name: 'Itinerary' }).click();
  await expect(page.getByRole('heading', { name: tripName, level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add Item', exact: true }).first().click();
  const add = page.getByRole('dialog', { name: 'Add Item' });
  await add.getByLabel(/^Title/).fill('Jerónimos Monastery');
  await add.getByLabel('Location').fill('Belem');
  // Lisbon's Belém first, then the far ones, each with its country.
  await expect(suggestions(page).first()).toContainText('Lisbon, Portugal');
  await expect(suggestions(page).filter({ hasText: 'Brazil' }).first()).toBeVisible();
  await suggestions(page).first().click();
  await add.getByRole('button', { name: 'Add Item' }).click();
  await expect(add).toBeHidden();

  // Belém is 6 km from the destination's point, outside the first view: the map takes it in.
  const map = page.getByRole('region', { name: 'Map of the trip' }).locator('.leaflet-container');
  const pin = page.locator('.leaflet-marker-icon[title="Jerónimos Monastery"]');
  await expect(pin).toBeAttached();
  await expect.poll(() => inside(pin, map), { message: "the new item's pin is inside the map's view" }).toBe(true);

  // The picture of the product on the public pages (web/public/tour) is this page, as taken here.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath('trip-plan.png') });
});

test('public pages show the real thing: the product on landing and How It Works, a map of the guide’s neighbourhoods', async ({ page }) => {
  for (const path of ['/', '/how-it-works']) {
    await page.goto(path);
    const shot = page.getByRole('img', { name: /A trip's plan in Tripcrew/ });
    await shot.scrollIntoViewIfNeeded();
    // The picture really loads (not a placeholder box).
    await expect.poll(() => shot.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  }

  await page.goto('/guides/barcelona');
  // The map loads as it nears the screen (it is below the first one): scrolling to its caption brings it.
  await page.getByText(/^Pins: .*Eixample/).scrollIntoViewIfNeeded();
  const map = page.getByRole('region', { name: "Map of Barcelona's neighbourhoods" }).locator('.leaflet-container');
  await map.scrollIntoViewIfNeeded();
  await expect(map).toBeVisible();
  for (const name of ['Eixample', 'Gràcia']) {
    const pin = map.locator(`.leaflet-marker-icon[title="${name}"]`);
    await expect(pin).toBeAttached();
    await expect.poll(() => inside(pin, map), { message: `${name}'s pin is in the map's view` }).toBe(true);
  }
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  // The map and its pins add no serious or critical accessibility problem to the guide page.
  const results = await new AxeBuilder({ page }).include('section#where-to-stay').withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
});
