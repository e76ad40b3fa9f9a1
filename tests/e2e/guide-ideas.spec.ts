import { expect, test } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, signIn, type Person } from './trips-helpers.js';

/**
 * A guide's place goes to a trip's ideas board. The guide is public: signed out it still renders
 * (its "Save to ideas" asks to sign in); signed in, a member chooses one of their trips and the
 * place is on that trip's board.
 */
test.setTimeout(180_000);

test('guide place to the ideas board: the page renders signed out; a member sends a place and sees it on the board', async ({ page }) => {
  await page.goto('/guides/barcelona');
  const card = page.locator('#activities .mantine-Card-root', { has: page.getByRole('link', { name: /^Book now/ }) }).first();
  await expect(card).toBeVisible();
  const place = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();
  await expect(card.getByRole('link', { name: `Sign in to save ${place} to a trip's ideas` })).toBeVisible();

  const p: Person = { firstName: 'Gia', lastName: 'Guide', email: uniqueEmail('gia.guide'), password: 'guide-ideas-31' };
  await createVerifiedAccount(page, p);
  await signIn(page, p.email, p.password);
  const tripName = `Barcelona Crew ${Date.now() % 100000}`;
  const signin = await page.request.post('/api/auth/signin', { data: { email: p.email, password: p.password } });
  const token = ((await signin.json()) as { access_token: string }).access_token;
  const res = await page.request.post('/graphql', {
    headers: { authorization: `Bearer ${token}` },
    data: { query: 'mutation($i: TripInput!) { createTrip(input: $i) { ... on TripPayload { trip { id } } } }', variables: { i: { name: tripName } } },
  });
  const created = ((await res.json()) as { data: { createTrip: { trip: { id: string } } } }).data.createTrip.trip.id;
  expect(created).toBeTruthy();

  await page.goto('/guides/barcelona');
  await page.getByRole('button', { name: `Save ${place} to a trip's ideas` }).click();
  const dialog = page.getByRole('dialog', { name: `Save ${place} to a trip's ideas` });
  await dialog.getByRole('combobox', { name: 'Trip' }).click();
  await page.getByRole('option', { name: tripName }).click();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`${place} saved to the ideas of ${tripName}.`)).toBeVisible();

  const tripUuid = Buffer.from(created, 'base64').toString().split(':')[1];
  await page.goto(`/dashboard/trips/${tripUuid}?tab=decide`);
  await expect(page.getByText(place, { exact: true }).first()).toBeVisible();
});
