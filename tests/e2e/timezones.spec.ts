import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, isoDaysFromToday, signIn, type Person } from './trips-helpers.js';

/**
 * A trip that crosses zones, planned in the browser: Lisbon 23:35 → Tokyo (zones derived from the
 * route's airports, lands the next day) and Auckland 08:00 → Honolulu 18:30 (zones picked in the
 * form, lands the calendar day before). The timeline shows local times, the zones that are not
 * the trip's, the +1 / -1 marks and the durations; "Times shown in: My zone" turns every time into
 * the reader's (New York here). Axe finds nothing serious; at 375 px nothing is wider than the screen.
 */

test.setTimeout(180_000);
const READER_ZONE = 'America/New_York';
test.use({ timezoneId: READER_ZONE, locale: 'en-US' });

/** UTC offset of `zone` at `ms`, in ms, read from Intl (independent of the app's luxon). */
function offsetAt(ms: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute')) - Math.floor(ms / 60_000) * 60_000;
}

/** The instant of a local date and time in `zone`. */
function instant(date: string, time: string, zone: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let guess = wall - offsetAt(wall, zone);
  guess = wall - offsetAt(guess, zone);
  return guess;
}

const clock = (ms: number, zone: string) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(ms);
const abbreviation = (ms: number, zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(ms).find((p) => p.type === 'timeZoneName')!.value;
const dayOf = (ms: number, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(ms);
const duration = (minutes: number) => `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
const dayMark = (from: string, to: string) => {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
  return days > 0 ? `+${days}` : days < 0 ? `${days}` : '';
};

/** Adds a flight through the Add Item form; zones are picked only when given. */
async function addFlight(
  page: Page,
  f: {
    number: string;
    from: string;
    to: string;
    date: string;
    departs: string;
    arrives: string;
    zones?: [string, string];
    back?: { date: string; departs: string; arrives: string };
  },
) {
  await page.getByRole('button', { name: 'Add Item', exact: true }).first().click();
  const form = page.getByRole('dialog', { name: 'Add Item' });
  await form.getByLabel('Type').selectOption('FLIGHT');
  await form.getByLabel('Flight number').fill(f.number);
  await form.getByLabel('From').fill(f.from);
  await form.getByLabel('To', { exact: true }).fill(f.to);
  await form.getByLabel('Departure date').fill(f.date);
  await form.getByLabel('Departure time', { exact: true }).fill(f.departs);
  await form.getByLabel('Arrival time', { exact: true }).fill(f.arrives);
  if (f.back) {
    await form.getByLabel('Return date').fill(f.back.date);
    await form.getByLabel('Return departure time', { exact: true }).fill(f.back.departs);
    await form.getByLabel('Return arrival time', { exact: true }).fill(f.back.arrives);
  }
  if (f.zones) {
    for (const [label, zone] of [
      ['Departure time zone', f.zones[0]],
      ['Arrival time zone', f.zones[1]],
    ] as const) {
      await form.getByLabel(label, { exact: true }).fill(zone.split('/')[1]);
      await page.getByRole('option', { name: zone, exact: true }).click();
      await expect(form.getByLabel(label, { exact: true })).toHaveValue(zone);
    }
  }
  await form.getByRole('button', { name: 'Add Item' }).click();
  await expect(form).toBeHidden();
  // The 'added' notice is closed, so it hides nothing in the screenshots.
  const notice = page.getByRole('alert').filter({ hasText: 'was added to the itinerary' });
  await notice.getByRole('button', { name: 'Dismiss notice' }).click();
  await expect(notice).toHaveCount(0);
}

/** The card of the flight with this number. */
const flightCard = (page: Page, number: string): Locator => page.getByRole('article').filter({ hasText: `Flight ${number}` });

test('flights across zones and the date line: local times, zone names, day marks, durations, and the reader’s zone', async ({ page }, testInfo) => {
  const person: Person = { firstName: 'Rita', lastName: 'Faria', email: uniqueEmail('rita.zones'), password: 'zones-apart-42' };
  const tripName = `Round the World ${Date.now() % 100000}`;
  const [tokyoDay, aucklandDay] = [isoDaysFromToday(21), isoDaysFromToday(25)];
  await page.setViewportSize({ width: 1280, height: 900 });
  await createVerifiedAccount(page, person);
  await signIn(page, person.email, person.password);

  // The trip starts in Lisbon (its zone is Lisbon's).
  await page.getByRole('button', { name: 'Create New Trip' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Trip' });
  await create.getByLabel('Trip name').fill(tripName);
  await create.getByLabel('Destination').fill('Lisbon');
  await page.getByRole('listbox', { name: 'Suggested places' }).getByRole('option').filter({ hasText: 'Portugal' }).first().click();
  await create.getByLabel('Start date').fill(isoDaysFromToday(20));
  await create.getByLabel('End date').fill(isoDaysFromToday(30));
  await create.getByRole('button', { name: 'Create Trip' }).click();
  await expect(create).toBeHidden();
  await page.getByRole('article', { name: tripName }).getByRole('link', { name: 'Itinerary' }).click();
  await expect(page.getByRole('heading', { name: tripName, level: 1 })).toBeVisible();

  // Zones left to the server (from the airports), then zones picked in the form.
  const homeDay = isoDaysFromToday(28);
  await addFlight(page, {
    number: 'NH 216',
    from: 'Lisbon',
    to: 'Tokyo',
    date: tokyoDay,
    departs: '23:35',
    arrives: '19:00',
    back: { date: homeDay, departs: '11:00', arrives: '17:30' },
  });
  await addFlight(page, {
    number: 'NZ 10',
    from: 'Auckland',
    to: 'Honolulu',
    date: aucklandDay,
    departs: '08:00',
    arrives: '18:30',
    zones: ['Pacific/Auckland', 'Pacific/Honolulu'],
  });

  // What the cards must say, worked out here with Intl for whatever season the test runs in.
  const lisbon = instant(tokyoDay, '23:35', 'Europe/Lisbon');
  const tokyoArrivalDay = dayOf(lisbon, 'Asia/Tokyo');
  const tokyo = instant(tokyoArrivalDay, '19:00', 'Asia/Tokyo');
  const auckland = instant(aucklandDay, '08:00', 'Pacific/Auckland');
  const honoluluDay = dayOf(auckland, 'Pacific/Honolulu');
  const honolulu = instant(honoluluDay, '18:30', 'Pacific/Honolulu');
  expect(dayMark(tokyoDay, tokyoArrivalDay)).toBe('+1');
  expect(dayMark(aucklandDay, honoluluDay)).toBe('-1');

  const tokyoCard = flightCard(page, 'NH 216');
  // The way back has its own times: it leaves Tokyo (named) and lands in Lisbon (the trip's zone) the same day.
  const homeCard = page.getByRole('article', { name: /\(Return\)$/ });
  const [leaves, lands] = [instant(homeDay, '11:00', 'Asia/Tokyo'), instant(homeDay, '17:30', 'Europe/Lisbon')];
  await expect(homeCard).toContainText(`11:00 AM ${abbreviation(leaves, 'Asia/Tokyo')} – 5:30 PM · ${duration((lands - leaves) / 60_000)}`);
  await expect(homeCard).toContainText('Tokyo');
  const nzCard = flightCard(page, 'NZ 10');
  // Lisbon is the trip's zone, so its departure names none; Tokyo's arrival names its own.
  await expect(tokyoCard).toContainText(`11:35 PM – 7:00 PM ${abbreviation(tokyo, 'Asia/Tokyo')} +1 · ${duration((tokyo - lisbon) / 60_000)}`);
  await expect(nzCard).toContainText(
    `8:00 AM ${abbreviation(auckland, 'Pacific/Auckland')} – 6:30 PM ${abbreviation(honolulu, 'Pacific/Honolulu')} -1 · ${duration((honolulu - auckland) / 60_000)}`,
  );
  await expect(tokyoCard).toContainText('Lisbon');
  await expect(nzCard).toContainText('Honolulu');
  await page.screenshot({ path: testInfo.outputPath('timezones-place-1280.png'), fullPage: true });

  // In the reader's own zone (New York): both ends converted, with the day mark of that zone.
  await page.getByText('My zone', { exact: true }).click();
  const readerTimes = (from: number, to: number) => {
    const mark = dayMark(dayOf(from, READER_ZONE), dayOf(to, READER_ZONE));
    return `${clock(from, READER_ZONE)} – ${clock(to, READER_ZONE)}${mark ? ` ${mark}` : ''} (your time) · ${duration((to - from) / 60_000)}`;
  };
  await expect(tokyoCard).toContainText(readerTimes(lisbon, tokyo));
  await expect(nzCard).toContainText(readerTimes(auckland, honolulu));
  // Days are the reader's too: Auckland 08:00 is the evening before in New York.
  const heading = (day: string) =>
    new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  const nyDay = dayOf(auckland, READER_ZONE);
  expect(nyDay).not.toBe(aucklandDay);
  await expect(page.locator('section[aria-labelledby^="day-"]', { has: nzCard }).getByRole('heading', { level: 3 })).toHaveText(heading(nyDay));
  await page.screenshot({ path: testInfo.outputPath('timezones-mine-1280.png'), fullPage: true });
  await page.getByText('Place', { exact: true }).click();
  await expect(tokyoCard).toContainText('11:35 PM – 7:00 PM');
  await expect(page.locator('section[aria-labelledby^="day-"]', { has: nzCard }).getByRole('heading', { level: 3 })).toHaveText(heading(aucklandDay));

  // No serious accessibility problem on the timeline.
  const axe = await new AxeBuilder({ page }).include('.tc-timeline').withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

  // On a phone: nothing wider than the screen, the times still there.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(tokyoCard).toContainText('+1');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('.tc-timeline *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1).map((el) => el.className),
  );
  expect(wide).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('timezones-375.png'), fullPage: true });
});
