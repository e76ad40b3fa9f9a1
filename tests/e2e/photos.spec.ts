import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { fill, PhotoMessages as M } from '../../api/src/photos/messages.js';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, signIn, type Person } from './trips-helpers.js';

/**
 * A shared album in two browsers on one trip: A uploads two photos (a progress bar each) and B
 * sees them arrive without reloading; a HEIC file is refused with its message; A opens a photo,
 * B comments on it and A sees the comment arrive; A deletes the other photo after being asked,
 * and it leaves B's album. The page is checked with axe and at 375 px.
 */

test.setTimeout(240_000);

const password = 'album-together-42';

const accessToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('tripcrew.session') ?? 'null') as { access_token: string }).access_token);

async function gql(page: Page, query: string, variables: Record<string, unknown>) {
  const res = await page.request.post('/graphql', { data: { query, variables }, headers: { authorization: `Bearer ${await accessToken(page)}` } });
  const body = (await res.json()) as { data?: Record<string, any>; errors?: unknown };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!;
}

const photo = (color: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

test('two members fill an album live: upload with progress, comments, refusals, delete after asking', async ({ browser }) => {
  const a: Person = { firstName: 'Rosa', lastName: 'Pinto', email: uniqueEmail('rosa.photos'), password };
  const b: Person = { firstName: 'Nuno', lastName: 'Costa', email: uniqueEmail('nuno.photos'), password };
  const tripName = `Azores Album ${Date.now() % 100000}`;
  const pageA = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const pageB = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await createVerifiedAccount(pageA, a);
  await createVerifiedAccount(pageB, b);
  await signIn(pageA, a.email, a.password);
  await signIn(pageB, b.email, b.password);

  // The trip and B's place on it come through the API (the trips journey has its own spec).
  const created = await gql(pageA, 'mutation($input: TripInput!) { createTrip(input: $input) { ... on TripPayload { trip { id } } } }', {
    input: { name: tripName },
  });
  const tripId = created.createTrip.trip.id as string;
  const invited = await gql(
    pageA,
    'mutation($input: InviteToTripInput!) { inviteToTrip(input: $input) { ... on InviteToTripPayload { invitation { id } } } }',
    {
      input: { tripId, email: b.email },
    },
  );
  await gql(pageB, 'mutation($id: ID!) { acceptTripInvitation(invitationId: $id) { __typename } }', { id: invited.inviteToTrip.invitation.id });

  for (const page of [pageA, pageB]) {
    await page.goto('/dashboard/photos');
    await expect(page.getByRole('heading', { name: 'Photos', level: 1 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Trip' })).toHaveValue(tripName);
    await expect(page.getByText(M.emptyAll)).toBeVisible();
  }
  const axe = await new AxeBuilder({ page: pageA }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);

  // A uploads two photos: a progress bar each, then the success notice. B sees them arrive.
  const input = pageA.locator('input[type="file"]');
  await input.setInputFiles([
    { name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: await photo('#2a7ab0') },
    { name: 'crater.jpg', mimeType: 'image/jpeg', buffer: await photo('#3a8a3a') },
  ]);
  for (const name of ['harbour.jpg', 'crater.jpg']) {
    await expect(pageA.getByRole('progressbar', { name: `Uploading ${name}` })).toHaveAttribute('aria-valuenow', '100');
  }
  await expect(pageA.getByText(fill(M.uploaded, { n: 2 }))).toBeVisible();
  for (const page of [pageA, pageB]) {
    await expect(page.getByRole('img', { name: 'harbour.jpg' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'crater.jpg' })).toBeVisible();
  }
  // The thumbnails load: their signed links are served.
  await expect.poll(() => pageB.getByRole('img', { name: 'harbour.jpg' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // A HEIC file is refused with its message and nothing is sent.
  const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheicmif1heic'), Buffer.alloc(64)]);
  await input.setInputFiles([{ name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: heic }]);
  await expect(pageA.getByText(fill(M.heic, { name: 'IMG_0042.HEIC' }))).toBeVisible();

  // A opens the harbour photo; B comments on it (Post is off while empty); A sees it arrive.
  await pageA.getByRole('button', { name: 'View harbour.jpg' }).click();
  const dialogA = pageA.getByRole('dialog', { name: 'harbour.jpg' });
  await expect(dialogA.getByText('No comments yet.')).toBeVisible();
  await pageB.getByRole('button', { name: 'View harbour.jpg' }).click();
  const dialogB = pageB.getByRole('dialog', { name: 'harbour.jpg' });
  await expect(dialogB.getByRole('button', { name: 'Post' })).toBeDisabled();
  await dialogB.getByLabel('Add a comment').fill('That light over the harbour!');
  await dialogB.getByRole('button', { name: 'Post' }).click();
  await expect(dialogB.getByTestId('photo-comment').getByText('That light over the harbour!')).toBeVisible();
  await expect(dialogB.getByLabel('Add a comment')).toHaveValue('');
  await expect(dialogA.getByTestId('photo-comment').getByText('That light over the harbour!')).toBeVisible();
  await pageA.keyboard.press('Escape');
  await pageB.keyboard.press('Escape');

  // B marks a favourite: only B's view of favourites has it.
  await pageB.getByRole('button', { name: 'Favorite crater.jpg' }).click();
  await expect(pageB.getByRole('button', { name: 'Favorite crater.jpg' })).toHaveAttribute('aria-pressed', 'true');
  await pageB.getByLabel('Favorites only').check();
  await expect(pageB.getByRole('img', { name: 'crater.jpg' })).toBeVisible();
  await expect(pageB.getByRole('img', { name: 'harbour.jpg' })).toHaveCount(0);
  await pageB.getByLabel('Favorites only').uncheck();
  await pageA.getByLabel('Favorites only').check();
  await expect(pageA.getByText(M.emptyFavorites)).toBeVisible();
  await pageA.getByLabel('Favorites only').uncheck();

  // The list view says who a photo is shared with.
  await pageB.getByRole('radiogroup', { name: 'Layout' }).locator('label', { hasText: 'List' }).click();
  await expect(pageB.getByTestId('photo-row').first()).toContainText(M.sharedWithMembers);

  // A deletes the crater photo after being asked; it leaves B's album too.
  await pageA.getByRole('img', { name: 'crater.jpg' }).hover();
  await pageA.getByRole('button', { name: 'Delete crater.jpg' }).click();
  const confirm = pageA.getByRole('dialog', { name: 'Delete this photo?' });
  await expect(confirm.getByText(M.deleteConfirm)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(pageA.getByText(M.deleted)).toBeVisible();
  await expect(pageA.getByRole('img', { name: 'crater.jpg' })).toHaveCount(0);
  await expect(pageB.getByRole('img', { name: 'crater.jpg' })).toHaveCount(0);
  await expect(pageB.getByRole('img', { name: 'harbour.jpg' })).toBeVisible();
  // B did not upload harbour.jpg and does not own the trip: no delete for them.
  await expect(pageB.getByRole('button', { name: 'Delete harbour.jpg' })).toHaveCount(0);

  // A phone's width: the page still fits.
  await pageB.setViewportSize({ width: 375, height: 800 });
  // The layout settles after a resize (the menu leaves the screen): wait for the page to fit.
  await expect.poll(() => pageB.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
