import { expect, test } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, signIn, type Person } from './trips-helpers.js';

/** What a new traveller meets in the first minutes: a way on from the empty trips list, pages that name themselves, nothing cut off. */
test('a new account is offered its first trip, every page has its own title, the members card cuts nothing at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/signup');
  await expect(page).toHaveTitle('Sign Up · Tripcrew');
  await page.goto('/signin');
  await expect(page).toHaveTitle('Sign In · Tripcrew');

  const me: Person = { firstName: 'Noor', lastName: 'Haddad-Montgomery-Fairweather', email: uniqueEmail('noor.first'), password: 'first-hour-42' };
  await createVerifiedAccount(page, me);
  await signIn(page, me.email, me.password);
  await expect(page).toHaveTitle('Your Trips · Tripcrew');

  // The empty Upcoming tab offers the first trip.
  const first = page.getByRole('button', { name: 'Create your first trip' });
  await expect(first).toBeVisible();
  await first.click();
  const create = page.getByRole('dialog', { name: 'Create New Trip' });
  await expect(create).toBeVisible();
  await create.getByRole('button', { name: 'Cancel' }).click();

  for (const [path, title] of [
    ['/dashboard', 'Dashboard'],
    ['/dashboard/friends', 'Friends'],
    ['/dashboard/settings', 'Settings'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} · Tripcrew`);
  }

  // A trip page is titled by the trip, and its members card shows whole names, badge and dates.
  const created = await page.request.post('/graphql', {
    headers: { authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('tripcrew.session') ?? '{}').access_token)}` },
    data: {
      query: 'mutation($input: TripInput!) { createTrip(input: $input) { ... on TripPayload { trip { id } } } }',
      variables: { input: { name: 'Azores Loop', startDate: '2031-05-01', endDate: '2031-05-09' } },
    },
  });
  const tripId = Buffer.from((await created.json()).data.createTrip.trip.id, 'base64')
    .toString()
    .split(':')[1];
  await page.goto(`/dashboard/trips/${tripId}`);
  await expect(page).toHaveTitle('Azores Loop · Tripcrew');
  const members = page.getByRole('region', { name: /^Members/ });
  await expect(members.getByText('Noor Haddad-Montgomery-Fairweather')).toBeVisible();
  await expect(members.getByText('Owner')).toBeVisible();
  await expect(members.getByText(/^joined /)).toBeVisible();
  const clipped = await members.evaluate((card) =>
    [...card.querySelectorAll('li *')].filter((el) => el.children.length === 0 && el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
  );
  expect(clipped).toEqual([]);
  const box = await members.boundingBox();
  for (const text of ['Noor Haddad-Montgomery-Fairweather', 'Owner']) {
    const inner = await members.getByText(text).boundingBox();
    expect(inner!.x + inner!.width).toBeLessThanOrEqual(box!.x + box!.width);
  }

  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/$/);
});
