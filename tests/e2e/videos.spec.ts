import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { fill, PhotoMessages as M } from '../../api/src/photos/messages.js';
import { tinyMp4 } from '../support/mp4.js';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, signIn, type Person } from './trips-helpers.js';

/**
 * A video in the album: a member uploads a small MP4 (written box by box at test time; it has no
 * frames this browser could draw, so the server makes its poster card) with a progress bar, the
 * tile shows a play badge with the length the server read, the viewer opens a player with the
 * poster, and the video's link answers a range request with 206. Screens at 1280 and 375 px.
 * Then a WebM the browser records from a canvas: the page captures its poster frame and sends it.
 */

test.setTimeout(180_000);

const accessToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('tripcrew.session') ?? 'null') as { access_token: string }).access_token);

async function gql(page: Page, query: string, variables: Record<string, unknown>) {
  const res = await page.request.post('/graphql', { data: { query, variables }, headers: { authorization: `Bearer ${await accessToken(page)}` } });
  const body = (await res.json()) as { data?: Record<string, any>; errors?: unknown };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!;
}

test('a member uploads a video: progress, a play badge with its length, a player with its poster, seekable by range', async ({ browser }) => {
  const person: Person = { firstName: 'Inês', lastName: 'Moura', email: uniqueEmail('ines.videos'), password: 'moving-pictures-42' };
  const tripName = `Madeira Reels ${Date.now() % 100000}`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await createVerifiedAccount(page, person);
  await signIn(page, person.email, person.password);
  await gql(page, 'mutation($input: TripInput!) { createTrip(input: $input) { ... on TripPayload { trip { id } } } }', { input: { name: tripName } });

  await page.goto('/dashboard/photos');
  await expect(page.getByRole('combobox', { name: 'Trip' })).toHaveValue(tripName);
  await expect(page.getByText(M.emptyAll)).toBeVisible();
  await expect(page.getByText('Drop photos or videos here or click to choose')).toBeVisible();

  const video = tinyMp4({ seconds: 74, mediaBytes: 64 * 1024 });
  await page.locator('input[type="file"]').setInputFiles([{ name: 'levada-walk.mp4', mimeType: 'video/mp4', buffer: video }]);
  await expect(page.getByRole('progressbar', { name: 'Uploading levada-walk.mp4' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText(fill(M.uploaded, { n: 1 }))).toBeVisible();

  // The tile: the poster with a play badge and the length the server read (1:14).
  const tile = page.getByTestId('photo-tile');
  await expect(tile.getByRole('img', { name: 'Video: levada-walk.mp4' })).toBeVisible();
  await expect(tile.getByTestId('play-badge')).toHaveText('1:14');
  await expect(tile.getByRole('img', { name: 'Video, 1:14' })).toBeVisible();
  await expect.poll(() => tile.getByRole('img', { name: 'Video: levada-walk.mp4' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  await page.screenshot({ path: '.tmp/videos-album-1280.png', fullPage: true });

  // The viewer: a player with the poster, its source a signed link that answers ranges.
  await page.getByRole('button', { name: 'View levada-walk.mp4' }).click();
  const dialog = page.getByRole('dialog', { name: 'levada-walk.mp4' });
  const player = dialog.locator('video');
  await expect(player).toHaveAttribute('controls', '');
  await expect(player).toHaveAttribute('poster', /\/media\/photos\/.+\.webp\?exp=/);
  await expect(dialog.getByText(/1:14/)).toBeVisible();
  const src = (await player.getAttribute('src'))!;
  expect(src).toMatch(/\/media\/photos\/.+\.mp4\?exp=/);
  const part = await page.request.get(src, { headers: { range: 'bytes=100-199' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 100-199/${video.length}`);
  expect(Buffer.from(await part.body()).equals(video.subarray(100, 200))).toBe(true);
  await page.screenshot({ path: '.tmp/videos-viewer-1280.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // At 375 px the badge and length still show on the tile.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(tile.getByTestId('play-badge')).toBeVisible();
  const box = (await tile.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: '.tmp/videos-album-375.png', fullPage: true });
  await page.getByRole('button', { name: 'View levada-walk.mp4' }).click();
  await expect(page.getByRole('dialog', { name: 'levada-walk.mp4' }).locator('video')).toBeVisible();
  await page.screenshot({ path: '.tmp/videos-viewer-375.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // A real video this browser records from a canvas (MediaRecorder: a WebM with no Duration
  // element). The page draws its poster frame from it and sends it with the upload.
  const recorded = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    canvas.style.cssText = 'position:fixed;left:0;top:0;width:32px;height:24px;';
    document.body.append(canvas);
    const ctx = canvas.getContext('2d')!;
    // Orange before the recording starts: its first frame (the poster of a WebM without a
    // duration) is never the blank canvas, however late the first drawing runs on a busy machine.
    ctx.fillStyle = '#e8590c';
    ctx.fillRect(0, 0, 320, 240);
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(200);
    // The recording is 40 drawn frames long (about 1.6 s at 25 frames a second).
    for (let frame = 0; frame < 40; frame++) {
      ctx.fillStyle = '#e8590c';
      ctx.fillRect(0, 0, 320, 240);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect((frame * 8) % 280, 100, 40, 40);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    recorder.stop();
    await stopped;
    canvas.remove();
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator('input[type="file"]').setInputFiles([{ name: 'canvas-clip.webm', mimeType: 'video/webm', buffer: Buffer.from(recorded, 'base64') }]);
  await expect(page.getByRole('progressbar', { name: 'Uploading canvas-clip.webm' })).toHaveAttribute('aria-valuenow', '100');
  const recordedTile = page.getByTestId('photo-tile').filter({ has: page.getByRole('img', { name: 'Video: canvas-clip.webm' }) });
  await expect(recordedTile.getByTestId('play-badge')).toHaveText(/^0:0[12]$/);
  // Its poster is the browser's frame (the canvas's orange), not the server's dark card.
  const thumb = (await recordedTile.getByRole('img', { name: 'Video: canvas-clip.webm' }).getAttribute('src'))!;
  const { dominant } = await sharp(Buffer.from(await (await page.request.get(thumb)).body())).stats();
  expect(dominant.r).toBeGreaterThan(180);
  expect(dominant.b).toBeLessThan(100);
  await page.screenshot({ path: '.tmp/videos-album-recorded-1280.png', fullPage: true });
  await context.close();
});
