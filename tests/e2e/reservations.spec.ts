import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ReservationMessages as M } from '../../api/src/reservations/messages.js';
import { CORPUS } from '../fixtures/reservations/corpus.js';
import { forwarded } from '../fixtures/reservations/mail.js';
import { mailAuth } from '../support/mailAuth.js';
import { E2E_MAIL_AUTH_DIR } from './env.js';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, signIn, type Person } from './trips-helpers.js';

/**
 * A traveller forwards an airline and a hotel confirmation from their own mailbox (handed to the
 * running product through its inbound webhook, as a mail provider would) and sees each appear
 * on the open Reservations page without reloading; then adds the flight to a trip created from
 * the Add to Trip dialog, and the hotel to that trip, and finds both on the trip's plan.
 */

test.setTimeout(180_000);

const SECRET = 'e2e-inbound-secret';
const mail = mailAuth(E2E_MAIL_AUTH_DIR);
const fixture = (name: string) => CORPUS.find((f) => f.name === name)!;

/** The person's provider signs what they forward (DKIM for their domain); the server verifies it. */
async function forward(page: Page, person: Person, address: string, name: string, status = 202) {
  const raw = await mail.sign(await forwarded(fixture(name).mail, person.email, address, 'inline'));
  const res = await page.request.post(`/api/inbound-email?to=${encodeURIComponent(address)}`, {
    headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
    data: raw,
  });
  expect(res.status(), await res.text()).toBe(status);
}

test('forward a flight and a hotel, see them arrive live, add both to a trip', async ({ browser }) => {
  const person: Person = { firstName: 'Rosa', lastName: 'Pereira', email: uniqueEmail('rosa.res'), password: 'forward-it-42' };
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await createVerifiedAccount(page, person);
  await signIn(page, person.email, person.password);

  await page.getByRole('link', { name: 'Reservations' }).first().click();
  await expect(page.getByRole('heading', { name: 'Reservations', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Reservations (0)' })).toBeVisible();
  await expect(page.getByText('No Reservations Yet')).toBeVisible();
  await expect(page.getByText('Supported: Airlines, Hotels, Activities, Car Rentals')).toBeVisible();

  const address = (await page.getByTestId('forwarding-address').textContent())!.trim();
  expect(address).toMatch(/@mail\.localhost$/);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: M.copied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 4000 });
  await page.getByRole('button', { name: 'Show Details' }).click();
  await expect(page.getByText('GetYourGuide')).toBeVisible();
  await page.getByRole('button', { name: 'Hide Details' }).click();

  // The mail arrives while the page is open: the card appears without a reload.
  const sent = Date.now();
  await forward(page, person, address, 'air-canada-yyz-lhr');
  const flight = page.getByRole('article', { name: 'Air Canada AC 856: Toronto (YYZ) → London (LHR)' });
  await expect(flight).toBeVisible({ timeout: 5000 });
  console.log(`forwarded flight on screen ${Date.now() - sent} ms after the webhook was called`);
  await expect(flight.getByText('Pending review')).toBeVisible();
  await expect(flight.getByText('Confirmation: QX7T4M')).toBeVisible();
  await expect(flight.getByText('Toronto (YYZ) → London (LHR)', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(flight.getByText('Airline: Air Canada')).toBeVisible();
  await forward(page, person, address, 'marriott-paris');
  const hotel = page.getByRole('article', { name: 'Paris Marriott Champs Elysees Hotel' });
  await expect(hotel).toBeVisible({ timeout: 5000 });
  await expect(page.getByRole('heading', { name: 'Recent Reservations (2)' })).toBeVisible();

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The flight goes on a new trip made from the dialog.
  await flight.getByRole('button', { name: 'Add to Trip' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to Trip' });
  await expect(dialog.getByRole('button', { name: 'Add to Trip' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Create New Trip' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Trip' });
  const tripName = `Summer in Europe ${Date.now() % 100000}`;
  await expect(create.getByRole('button', { name: 'Create Trip' })).toBeDisabled();
  await create.getByLabel('Trip name').fill(tripName);
  await create.getByLabel('Destination').fill('Paris');
  await page.getByRole('listbox', { name: 'Suggested places' }).getByRole('option').filter({ hasText: 'France' }).first().click();
  await create.getByLabel('Start date').fill('2031-06-10');
  await create.getByLabel('End date').fill('2031-08-30');
  await create.getByRole('button', { name: 'Create Trip' }).click();
  await expect(page.getByText(M.added)).toBeVisible();
  await expect(flight.getByText('Confirmed')).toBeVisible();
  // On the plan now: the card links to the trip instead of offering a second add.
  await expect(flight.getByRole('link', { name: `View on ${tripName}` })).toBeVisible();
  await expect(flight.getByRole('button', { name: 'Add to Trip' })).toHaveCount(0);
  await expect(page.getByText(M.added)).toBeHidden({ timeout: 6000 });

  // The hotel goes on the same trip, chosen from the list.
  await hotel.getByRole('button', { name: 'Add to Trip' }).click();
  await dialog.getByLabel('Trip').selectOption({ label: `${tripName} (Jun 10 – Aug 30, 2031)` });
  await dialog.getByRole('button', { name: 'Add to Trip' }).click();
  await expect(page.getByText(M.added)).toBeVisible();
  await expect(hotel.getByText('Confirmed')).toBeVisible();

  await page.getByRole('link', { name: 'Trips' }).first().click();
  // The trip's card opens its page (its name also stands in the calendar and in notices).
  await page.getByRole('article', { name: tripName }).getByRole('link', { name: 'Itinerary' }).click();
  await expect(page.getByText('Air Canada AC 856: Toronto (YYZ) → London (LHR)').first()).toBeVisible();
  await expect(page.getByText('Paris Marriott Champs Elysees Hotel').first()).toBeVisible();

  // Reset address: asked first; the page shows the new one, and mail to the old one is refused.
  await page.goto('/dashboard/reservations');
  await page.getByRole('button', { name: 'Reset address' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset forwarding address?' });
  await expect(confirm.getByText(M.resetAddressConfirm)).toBeVisible();
  await confirm.getByRole('button', { name: 'Reset address' }).click();
  await expect(page.getByText(M.addressReset)).toBeVisible();
  await expect(page.getByTestId('forwarding-address')).not.toHaveText(address);
  const fresh = (await page.getByTestId('forwarding-address').textContent())!.trim();
  expect(fresh).toMatch(/^[0-9a-f]{32}@mail\.localhost$/);
  await forward(page, person, address, 'viator-maui', 404);

  // At 375 px the address wraps and the cards' actions stay on screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/reservations');
  await expect(page.getByRole('heading', { name: 'Recent Reservations (2)' })).toBeVisible();
  for (const locator of [
    page.getByTestId('forwarding-address'),
    flight.getByRole('link', { name: `View on ${tripName}` }),
    hotel.getByRole('button', { name: 'Edit' }),
  ]) {
    const box = (await locator.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  await context.close();
});

/** Waits for a forwarded reservation's card, reading the page again until it is there. */
async function arrived(page: Page, card: Locator) {
  await expect(async () => {
    if (!(await card.isVisible())) await page.reload();
    await expect(card).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

test('a reservation read by the general rules asks to be checked; confirming or correcting it settles that', async ({ browser }) => {
  const person: Person = { firstName: 'Ines', lastName: 'Duarte', email: uniqueEmail('ines.review'), password: 'check-it-42' };
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await createVerifiedAccount(page, person);
  await signIn(page, person.email, person.password);
  await page.goto('/dashboard/reservations');
  const address = (await page.getByTestId('forwarding-address').textContent())!.trim();

  // No known sender and no markup: the type and the day were guessed from the words used.
  await forward(page, person, address, 'general-restaurant');
  const dinner = page.getByRole('article', { name: 'Osteria Francescana' });
  // Live arrival is the first journey's subject; this one reads the page afresh, as the page's
  // subscription may still be opening when the mail is handed in.
  await arrived(page, dinner);
  const notice = dinner.getByRole('status', { name: 'Please check' });
  await expect(notice).toContainText('We are not sure of the type and date');
  // A calendar event is read from its own fields: it asks nothing.
  await forward(page, person, address, 'ics-train');
  const train = page.getByRole('article', { name: 'Eurostar 9014 London St Pancras → Paris Nord' });
  await arrived(page, train);
  await expect(train.getByRole('status', { name: /^Please check/ })).toHaveCount(0);

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Correcting: the form marks the unsure fields; the saved edit is kept and the notice goes.
  await notice.getByRole('button', { name: 'Correct it' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Reservation' });
  await expect(form.getByText('Please check: read with low confidence').first()).toBeVisible();
  await form.getByLabel('End time').fill('23:00');
  await form.getByLabel('Passengers').fill('Ines Duarte, Rui Duarte');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(M.updated)).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(dinner.getByText('Oct 11, 2031 · 20:30 → 23:00')).toBeVisible();
  await expect(dinner.getByText('Travellers: Ines Duarte, Rui Duarte')).toBeVisible();
  await page.reload();
  await expect(dinner.getByText('Travellers: Ines Duarte, Rui Duarte')).toBeVisible();
  await expect(dinner.getByRole('status', { name: /^Please check/ })).toHaveCount(0);

  // Confirming as read: a stay whose check-out the mail never gave; the user says it is fine.
  await forward(page, person, address, 'airbnb-lake-louise');
  const cabin = page.getByRole('article', { name: 'Cozy cabin by Lake Louise' });
  // The page was just reloaded: its subscription may still be opening (as above).
  await arrived(page, cabin);
  const cabinNotice = cabin.getByRole('status', { name: 'Please check' });
  await expect(cabinNotice).toContainText('We are not sure of the check-out');
  await cabinNotice.getByRole('button', { name: 'Looks right' }).click();
  await expect(page.getByText(M.reviewConfirmed)).toBeVisible();
  await expect(cabinNotice).toHaveCount(0);
  await page.reload();
  await expect(cabin).toBeVisible();
  await expect(cabin.getByRole('status', { name: /^Please check/ })).toHaveCount(0);
  await context.close();
});
