import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ItineraryMessages as M, tooLongMessage, withDate } from '../../api/src/itinerary/messages.js';
import { BudgetMessages } from '../../api/src/trips/messages.js';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, isoDaysFromToday, signIn, type Person } from './trips-helpers.js';

/**
 * The trip workspace, in two browsers on one trip: A adds an activity and B sees it live; B adds
 * a round-trip flight and A sees its Departure and Return entries; a pending item (put on the
 * plan as a recommendation would) is marked booked by A and B sees 'Booked'; deleting asks first
 * and the item leaves both pages. Along the way: the budget form's checks, the calendar link,
 * the map's pins without tiles, and screenshots at 1280 and 375 px. No page is reloaded.
 */

test.setTimeout(240_000);

const password = 'plan-together-42';

/** The stored session's access token, for the one REST call the screens do not make. */
const accessToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('tripcrew.session') ?? 'null') as { access_token: string }).access_token);

/** Runs `steps` while the named GraphQL operation fails as a dropped connection would. */
async function failOperation(page: Page, operationName: string, steps: () => Promise<void>) {
  const handler = (route: import('@playwright/test').Route) =>
    (route.request().postDataJSON() as { operationName?: string } | null)?.operationName === operationName ? route.abort('failed') : route.fallback();
  await page.route('**/graphql', handler);
  try {
    await steps();
  } finally {
    await page.unroute('**/graphql', handler);
  }
}

test('two members plan one trip live: activity, round-trip flight, pending then booked, delete after asking', async ({ browser }, testInfo) => {
  const a: Person = { firstName: 'Ines', lastName: 'Moura', email: uniqueEmail('ines.plan'), password };
  const b: Person = { firstName: 'Tomas', lastName: 'Alves', email: uniqueEmail('tomas.plan'), password };
  const tripName = `Lisbon Plan ${Date.now() % 100000}`;
  const [day1, day2, day5] = [isoDaysFromToday(20), isoDaysFromToday(21), isoDaysFromToday(24)];

  const contextA = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await contextA.grantPermissions(['clipboard-read', 'clipboard-write']);
  const pageA = await contextA.newPage();
  const pageB = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await createVerifiedAccount(pageA, a);
  await createVerifiedAccount(pageB, b);
  await signIn(pageA, a.email, a.password);
  await signIn(pageB, b.email, b.password);

  // A creates the trip (Lisbon, with coordinates from the place search) and invites B.
  await pageA.getByRole('button', { name: 'Create New Trip' }).click();
  const create = pageA.getByRole('dialog', { name: 'Create New Trip' });
  await create.getByLabel('Trip name').fill(tripName);
  await create.getByLabel('Destination').fill('Lisbon');
  await pageA.getByRole('listbox', { name: 'Suggested places' }).getByRole('option').filter({ hasText: 'Portugal' }).first().click();
  await create.getByLabel('Start date').fill(day1);
  await create.getByLabel('End date').fill(isoDaysFromToday(26));
  await create.getByRole('button', { name: 'Create Trip' }).click();
  await expect(create).toBeHidden();
  const cardA = pageA.getByRole('article', { name: tripName });
  await cardA.getByRole('button', { name: `Invite friends to ${tripName}` }).click();
  const invite = pageA.getByRole('dialog', { name: 'Invite Friends' });
  await invite.getByRole('tab', { name: 'Send Email Invite' }).click();
  await invite.getByLabel('Email address').fill(b.email);
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite).toBeHidden();
  await pageB
    .getByRole('article', { name: `Invitation to ${tripName}` })
    .getByRole('button', { name: 'Accept Invitation' })
    .click();
  await expect(pageB.getByRole('article', { name: tripName })).toBeVisible();

  // Both open the trip: an empty plan, and each sees the other is here.
  await cardA.getByRole('link', { name: 'Itinerary' }).click();
  await expect(pageA.getByRole('heading', { name: tripName, level: 1 })).toBeVisible();
  await expect(pageA.getByText('No itinerary items yet')).toBeVisible();
  await pageB.getByRole('article', { name: tripName }).getByRole('link', { name: 'Itinerary' }).click();
  await expect(pageB.getByRole('heading', { name: tripName, level: 1 })).toBeVisible();
  await expect(pageA.getByRole('status', { name: 'Also here: Tomas Alves' })).toBeVisible();
  await expect(pageB.getByRole('status', { name: 'Also here: Ines Moura' })).toBeVisible();
  // Recommendations are not configured on the test server: the panel says so.
  await expect(pageA.getByText('Recommendations are not configured')).toBeVisible();

  // A adds an activity: the form's checks first, then the item; B sees it live.
  await pageA.getByRole('button', { name: 'Add Item', exact: true }).first().click();
  const add = pageA.getByRole('dialog', { name: 'Add Item' });
  await add.getByRole('button', { name: 'Add Item' }).click();
  await expect(add.getByText(M.titleRequired)).toBeVisible();
  await expect(add.getByLabel(/^Title/)).toBeFocused();
  await add.getByLabel(/^Title/).fill('Tile museum');
  // A day after the trip, typed: it stays in the field and its problem shows as the field is left.
  const afterTrip = isoDaysFromToday(30);
  await add.getByLabel(/^Date/).fill(afterTrip);
  await add.getByLabel('Start time', { exact: true }).focus();
  await expect(add.getByText(withDate(M.activityAfterTrip, isoDaysFromToday(26)))).toBeVisible();
  await expect(add.getByLabel(/^Date/)).not.toHaveValue('');
  await add.getByLabel(/^Date/).fill(day2);
  await add.getByLabel('Start time', { exact: true }).fill('10:00');
  await add.getByLabel('End time').fill('12:00');
  await add.getByLabel('Location').fill('Lisbon');
  await pageA.getByRole('listbox', { name: 'Suggested places' }).getByRole('option').filter({ hasText: 'Portugal' }).first().click();
  await add.getByLabel('Notes').fill('Closed on Mondays.');
  await add.getByRole('button', { name: 'Add Item' }).click();
  await expect(add).toBeHidden();
  const museumA = pageA.getByRole('article', { name: 'Tile museum', exact: true });
  await expect(museumA).toBeVisible();
  await expect(museumA.getByText('Pending')).toHaveCount(0);
  const museumB = pageB.getByRole('article', { name: 'Tile museum', exact: true });
  await expect(museumB).toBeVisible();
  await expect(museumB.getByText('Closed on Mondays.')).toBeVisible();
  // Its pin is on the map, drawn even though no tile can load here.
  await expect(pageA.locator('.leaflet-marker-icon[title="Tile museum"]')).toBeVisible();

  // B adds a round-trip flight; a return before the departure is refused first.
  await pageB.getByRole('button', { name: 'Add Item', exact: true }).first().click();
  const flight = pageB.getByRole('dialog', { name: 'Add Item' });
  await flight.getByLabel('Type').selectOption('FLIGHT');
  await flight.getByLabel('Flight number').fill('TP 836');
  await flight.getByLabel('From').fill('Lisbon');
  await flight.getByLabel('To', { exact: true }).fill('Rome');
  await flight.getByLabel('Departure date').fill(day2);
  await flight.getByLabel('Departure time', { exact: true }).fill('11:00');
  await flight.getByLabel('Arrival time', { exact: true }).fill('14:45');
  await flight.getByLabel('Return date').fill(day1);
  await flight.getByRole('button', { name: 'Add Item' }).click();
  await expect(flight.getByText(M.returnBeforeDeparture)).toBeVisible();
  await flight.getByLabel('Return date').fill(day5);
  await flight.getByRole('button', { name: 'Add Item' }).click();
  await expect(flight).toBeHidden();
  const departureB = pageB.getByRole('article', { name: /\(Departure\)$/ });
  await expect(departureB).toBeVisible();
  await expect(pageB.getByRole('article', { name: /\(Return\)$/ })).toBeVisible();
  // A sees both entries live: the return flies Rome to Lisbon; the departure overlaps the museum.
  const departureA = pageA.getByRole('article', { name: /\(Departure\)$/ });
  const returnA = pageA.getByRole('article', { name: /\(Return\)$/ });
  await expect(departureA).toBeVisible();
  await expect(returnA).toBeVisible();
  await expect(departureA).toContainText(/Lisbon\s*Rome/);
  await expect(returnA).toContainText(/Rome\s*Lisbon/);
  // The way back is named by its own route, not after the outbound flight.
  await expect(returnA).toHaveAttribute('aria-label', 'Rome → Lisbon (Return)');
  await expect(returnA).not.toContainText('TP 836');
  await expect(departureA.getByText(/^Overlaps with Tile museum/)).toBeVisible();
  await expect(museumA.getByText(/^Overlaps with .*\(Departure\)/)).toBeVisible();

  // Editing either entry edits the flight: B opens the Return's Edit and finds the flight's
  // fields; a title past the limit is refused by the server on the Title field.
  await pageB
    .getByRole('article', { name: /\(Return\)$/ })
    .getByRole('button', { name: /^Edit .*\(Return\)$/ })
    .click();
  const edit = pageB.getByRole('dialog', { name: 'Edit Item' });
  await expect(edit.getByLabel('Flight number')).toHaveValue('TP 836');
  await expect(edit.getByLabel('To', { exact: true })).toHaveValue('Rome');
  await edit.getByLabel(/^Title/).fill('x'.repeat(201));
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText(tooLongMessage('title'))).toBeVisible();
  await edit.getByLabel(/^Title/).fill('Rome hop');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(pageA.getByRole('article', { name: 'Rome hop (Departure)' })).toBeVisible();
  await expect(pageA.getByRole('article', { name: 'Rome hop (Return)' })).toBeVisible();

  // A pending item, put on the plan as a recommendation's 'Add to trip' does.
  const tripId = pageA.url().split('/').pop()!;
  const created = await pageA.request.post('/api/backend/create-pending-itinerary-item', {
    headers: { Authorization: `Bearer ${await accessToken(pageA)}` },
    data: { trip_id: tripId, title: 'Fado dinner', type: 'restaurant', location: 'Alfama', activity_date: day2 },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const fadoA = pageA.getByRole('article', { name: 'Fado dinner', exact: true });
  const fadoB = pageB.getByRole('article', { name: 'Fado dinner', exact: true });
  await expect(fadoA.getByText('Pending', { exact: true })).toBeVisible();
  await expect(fadoB.getByText('Pending', { exact: true })).toBeVisible();
  // No serious accessibility problem on a plan with pending and overlapping entries.
  const axe = await new AxeBuilder({ page: pageA }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

  // While the server cannot be reached, the optimistic 'Booked' rolls back and A is told.
  await failOperation(pageA, 'useMarkItineraryItemBookedMutation', async () => {
    await fadoA.getByRole('button', { name: 'Mark as Booked' }).click();
    await expect(pageA.getByText(M.markBookedFailed)).toBeVisible();
  });
  await expect(fadoA.getByText('Pending', { exact: true })).toBeVisible();
  await fadoA.getByRole('button', { name: 'Mark as Booked' }).click();
  await expect(fadoA.getByText('Booked', { exact: true })).toBeVisible();
  await expect(fadoA.getByRole('button', { name: 'Mark as Booked' })).toHaveCount(0);
  await expect(fadoB.getByText('Booked', { exact: true })).toBeVisible();
  await expect(fadoB.getByText('Pending', { exact: true })).toHaveCount(0);

  // The budget: a wrong amount is refused on its field; a good one shows on both pages.
  await pageA.getByRole('button', { name: 'Set Budget' }).click();
  const budget = pageA.getByRole('dialog', { name: 'Trip Budget' });
  await budget.getByLabel(/^Total budget/).fill('-5');
  await budget.getByRole('button', { name: 'Save Budget' }).click();
  await expect(budget.getByText(BudgetMessages.invalidAmount)).toBeVisible();
  await budget.getByLabel(/^Total budget/).fill('1500.50');
  await budget.getByLabel('Currency').selectOption('EUR');
  await budget.getByRole('button', { name: 'Save Budget' }).click();
  await expect(budget).toBeHidden();
  await expect(pageA.getByRole('region', { name: 'Budget' })).toContainText('€1,500.50 EUR');
  await expect(pageB.getByRole('region', { name: 'Budget' })).toContainText('€1,500.50 EUR');

  // The calendar link: copied (2 s of 'Copied!'), and reset only after asking.
  await pageA.getByRole('button', { name: 'Calendar feed' }).click();
  const feedUrl = pageA.getByLabel('Calendar feed URL');
  await expect(feedUrl).toHaveValue(/\/api\/calendar\/[^/]+\.ics$/);
  const firstUrl = await feedUrl.inputValue();
  await pageA.getByRole('button', { name: 'Copy' }).click();
  await expect(pageA.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await pageA.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);
  await expect(pageA.getByRole('button', { name: 'Copy' })).toBeVisible();
  // ... or downloaded as a file, for a calendar that imports.
  const [download] = await Promise.all([pageA.waitForEvent('download'), pageA.getByRole('link', { name: 'Download .ics' }).click()]);
  expect(download.suggestedFilename()).toBe('trip.ics');
  const feed = await pageA.request.get(firstUrl);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('Tile museum');
  await pageA.getByRole('button', { name: 'Reset link' }).click();
  const resetDialog = pageA.getByRole('dialog', { name: 'Reset the calendar link?' });
  await resetDialog.getByRole('button', { name: 'Reset Link' }).click();
  await expect(resetDialog).toBeHidden();
  await pageA.getByRole('button', { name: 'Calendar feed' }).click();
  await expect(feedUrl).not.toHaveValue(firstUrl);
  expect((await pageA.request.get(firstUrl)).status()).toBe(404);
  await pageA.keyboard.press('Escape');

  // Screenshots of a trip with items, at desktop width and on a phone (375 px, one column).
  await pageA.screenshot({ path: testInfo.outputPath('itinerary-1280.png'), fullPage: true });
  await pageA.setViewportSize({ width: 375, height: 812 });
  await expect(museumA).toBeVisible();
  await expect.poll(() => pageA.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await pageA.screenshot({ path: testInfo.outputPath('itinerary-375.png'), fullPage: true });
  await pageA.setViewportSize({ width: 1280, height: 900 });

  // Delete asks first: cancel keeps it; confirming removes it from both pages.
  await museumA.getByRole('button', { name: 'Delete Tile museum' }).click();
  const confirm = pageA.getByRole('dialog', { name: 'Delete this item?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(museumA).toBeVisible();
  await failOperation(pageA, 'useDeleteItineraryItemMutation', async () => {
    await museumA.getByRole('button', { name: 'Delete Tile museum' }).click();
    await confirm.getByRole('button', { name: 'Delete Item' }).click();
    await expect(pageA.getByText(M.deleteFailed)).toBeVisible();
  });
  await expect(museumA).toBeVisible();
  await museumA.getByRole('button', { name: 'Delete Tile museum' }).click();
  await confirm.getByRole('button', { name: 'Delete Item' }).click();
  await expect(museumA).toHaveCount(0);
  await expect(museumB).toHaveCount(0);
  // Deleting either entry of the flight deletes the flight: both entries go.
  await pageB
    .getByRole('article', { name: /\(Return\)$/ })
    .getByRole('button', { name: /^Delete .*\(Return\)$/ })
    .click();
  await pageB.getByRole('dialog', { name: 'Delete this item?' }).getByRole('button', { name: 'Delete Item' }).click();
  await expect(departureA).toHaveCount(0);
  await expect(returnA).toHaveCount(0);
  await expect(fadoA).toBeVisible();

  await pageA.context().close();
  await pageB.context().close();
});
