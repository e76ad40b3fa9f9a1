import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { rangeLabel } from '../../api/src/decisions/rules.js';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, isoDaysFromToday, signIn, type Person } from './trips-helpers.js';

/**
 * "Mark the days I can" on a dates poll's calendar (mouse and keyboard), its answers per range
 * shown as text before saving and live on the owner's screen; and the trip form that lists the
 * plan items new dates leave out before it saves them (Go back saves nothing; confirm saves).
 */

test.setTimeout(300_000);
const password = 'decide-days-42';

async function session(request: APIRequestContext, p: Person) {
  const res = await request.post('/api/auth/signin', { data: { email: p.email, password: p.password } });
  const body = (await res.json()) as { access_token: string };
  return body.access_token;
}
async function gql(request: APIRequestContext, token: string, query: string, variables: Record<string, unknown>) {
  const res = await request.post('/graphql', { headers: { authorization: `Bearer ${token}` }, data: { query, variables } });
  return ((await res.json()) as { data: any }).data;
}
const createTrip = async (request: APIRequestContext, token: string, name: string, start: number, end: number): Promise<string> =>
  (
    await gql(request, token, 'mutation($i: TripInput!) { createTrip(input: $i) { ... on TripPayload { trip { id } } } }', {
      i: { name, destination: { mainText: 'Seville', secondaryText: 'Spain' }, startDate: isoDaysFromToday(start), endDate: isoDaysFromToday(end) },
    })
  ).createTrip.trip.id;
const tripUrl = (tripId: string) =>
  `/dashboard/trips/${Buffer.from(tripId, 'base64')
    .toString()
    .replace(/^Trip:/, '')}`;
/** A day's name as the calendar's button reads it ("12 June 2030"). */
const dayName = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

async function noSeriousAxe(page: Page) {
  const found = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.html} ${n.failureSummary}`).join(' ')}`)).toEqual([]);
}

test('a member marks the days she can on the calendar; each range is answered from them, live for the owner', async ({ browser, page, request }, testInfo) => {
  const [ana, bea]: Person[] = ['Ana', 'Bea'].map((firstName) => ({
    firstName,
    lastName: 'Days',
    email: uniqueEmail(`${firstName.toLowerCase()}.days`),
    password,
  }));
  for (const p of [ana!, bea!]) await createVerifiedAccount(page, p);
  const [a, b] = [await session(request, ana!), await session(request, bea!)];
  const tripId = await createTrip(request, a, `Porto Days ${Date.now() % 100000}`, 30, 34);
  const inv = await gql(request, a, 'mutation($i: InviteToTripInput!) { inviteToTrip(input: $i) { ... on InviteToTripPayload { invitation { id } } } }', {
    i: { tripId, email: bea!.email },
  });
  await gql(request, b, 'mutation($id: ID!) { acceptTripInvitation(invitationId: $id) { __typename } }', { id: inv.inviteToTrip.invitation.id });
  const r = [
    [40, 42],
    [44, 46],
    [50, 52],
  ].map(([s, e]) => ({ startDate: isoDaysFromToday(s!), endDate: isoDaysFromToday(e!) }));
  const labels = r.map((x) => rangeLabel(x.startDate, x.endDate));
  await gql(request, a, 'mutation($t: ID!, $i: CreateTripPollInput!) { createTripPoll(tripId: $t, input: $i) { __typename } }', {
    t: tripId,
    i: { question: 'Which days can you?', kind: 'DATES', options: r },
  });

  // Ana watches; Bea marks her days.
  await signIn(page, ana!.email, ana!.password);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${tripUrl(tripId)}?tab=decide`);
  const pageB: Page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(pageB, bea!.email, bea!.password);
  await pageB.goto(`${tripUrl(tripId)}?tab=decide`);
  const card = pageB.getByRole('article', { name: 'Which days can you?' });
  await card.getByRole('button', { name: 'Mark the days I can' }).click();
  const calendar = card.getByRole('region', { name: 'Mark the days I can' });
  await expect(calendar.getByText('No days marked yet.')).toBeVisible();

  // Range 1 by keyboard (first day clicked, then arrows and Enter/Space), one day of range 2 by mouse.
  const day = (n: number) => calendar.getByRole('button', { name: dayName(isoDaysFromToday(n)), exact: true });
  await day(40).click();
  await expect(day(40)).toHaveAttribute('aria-pressed', 'true');
  await pageB.keyboard.press('ArrowRight');
  await expect(day(41)).toBeFocused();
  await pageB.keyboard.press('Enter');
  await pageB.keyboard.press('ArrowRight');
  await pageB.keyboard.press('Space');
  await day(44).click();
  for (const n of [41, 42, 44]) await expect(day(n)).toHaveAttribute('aria-pressed', 'true');
  await expect(day(43)).toHaveAttribute('aria-pressed', 'false');
  // Days outside the poll's window cannot be marked.
  await expect(day(39)).toBeDisabled();

  // What the days answer, as text, before saving.
  const preview = calendar.getByRole('list', { name: 'What your days answer' });
  await expect(preview).toContainText(`${labels[0]}: yes`);
  await expect(preview).toContainText(`${labels[1]}: maybe`);
  await expect(preview).toContainText(`${labels[2]}: no`);
  await expect(calendar.getByText('4 days marked.')).toBeVisible();
  await noSeriousAxe(pageB);
  await pageB.screenshot({ path: testInfo.outputPath('days-calendar-1280.png'), fullPage: true });
  await calendar.getByRole('button', { name: 'Save my days' }).click();
  await expect(pageB.getByText('Your days are in: they answer every range.')).toBeVisible();
  await expect(calendar.getByRole('button', { name: 'Save my days' })).toBeDisabled();
  await expect(card.getByText('1 answered (1 by marking days)')).toBeVisible();

  // Ana sees the ranking move live, with who cannot come named, as text.
  const results = page.getByRole('article', { name: 'Which days can you?' }).getByTestId('poll-result');
  await expect(results.first()).toContainText(`1. ${labels[0]}: 1 yes, 0 maybe, 0 no`);
  await expect(results.nth(1)).toContainText(`2. ${labels[1]}: 0 yes, 1 maybe, 0 no`);
  await expect(results.nth(2)).toContainText('Cannot come: Bea Days (by their days)');
  await expect(page.getByText('1 answered (1 by marking days)')).toBeVisible();

  // At 375 px the calendar still fits and works.
  await pageB.setViewportSize({ width: 375, height: 800 });
  await day(45).click();
  await expect(preview).toContainText(`${labels[1]}: maybe`);
  await noSeriousAxe(pageB);
  await pageB.screenshot({ path: testInfo.outputPath('days-calendar-375.png'), fullPage: true });
  const width = await pageB.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

test('editing the trip dates lists the plan items they leave out first: Go back saves nothing, confirming saves', async ({ page, request }, testInfo) => {
  const owner: Person = { firstName: 'Olga', lastName: 'Dates', email: uniqueEmail('olga.dates'), password };
  await createVerifiedAccount(page, owner);
  const token = await session(request, owner);
  const tripId = await createTrip(request, token, `Seville ${Date.now() % 100000}`, 30, 36);
  const added = await gql(request, token, 'mutation($i: AddItineraryItemInput!) { addItineraryItem(input: $i) { __typename } }', {
    i: { tripId, item: { title: 'Flamenco night', type: 'ACTIVITY', activityDate: isoDaysFromToday(35) } },
  });
  expect(added.addItineraryItem.__typename).toBe('ItineraryItemPayload');
  const datesNow = async () => (await gql(request, token, 'query($id: ID!) { node(id: $id) { ... on Trip { startDate endDate } } }', { id: tripId })).node;

  await signIn(page, owner.email, owner.password);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(tripUrl(tripId));
  const edit = async () => {
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Edit Trip' });
    await form.getByLabel('End date').fill(isoDaysFromToday(33));
    await form.getByRole('button', { name: 'Save Changes' }).click();
    return form;
  };

  const form = await edit();
  const ask = page.getByRole('dialog', { name: 'Change the trip dates?' });
  await expect(ask.getByText('These plan items fall outside the new dates:')).toBeVisible();
  await expect(ask.getByRole('list', { name: 'Plan items outside the new dates' })).toContainText('Flamenco night');
  await noSeriousAxe(page);
  await page.screenshot({ path: testInfo.outputPath('trip-dates-confirm-1280.png') });
  await ask.getByRole('button', { name: 'Go back' }).click();
  await expect(ask).toBeHidden();
  // Back on the form as typed; nothing saved.
  await expect(form.getByLabel('End date')).toHaveValue(isoDaysFromToday(33));
  expect(await datesNow()).toEqual({ startDate: isoDaysFromToday(30), endDate: isoDaysFromToday(36) });

  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(ask.getByText('Flamenco night', { exact: false })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('trip-dates-confirm-375.png') });
  await ask.getByRole('button', { name: 'Save new dates' }).click();
  await expect(ask).toBeHidden();
  await expect(form).toBeHidden();
  await expect(page.getByText(/was updated\./)).toBeVisible();
  expect(await datesNow()).toEqual({ startDate: isoDaysFromToday(30), endDate: isoDaysFromToday(33) });

  // Dates that leave nothing out save without asking.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const again = page.getByRole('dialog', { name: 'Edit Trip' });
  await again.getByLabel('End date').fill(isoDaysFromToday(37));
  await again.getByRole('button', { name: 'Save Changes' }).click();
  await expect(again).toBeHidden();
  await expect(ask).toBeHidden();
  expect(await datesNow()).toEqual({ startDate: isoDaysFromToday(30), endDate: isoDaysFromToday(37) });
});
