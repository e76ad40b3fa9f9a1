import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECODE_BUDGET_PIXELS, decodeBudget, MAX_PIXELS } from '../../api/src/photos/images.js';
import { fill, PhotoMessages as M } from '../../api/src/photos/messages.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

// Issue 25, point 12: a pixel limit per picture and a process-wide decode budget.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A real 1×1 PNG whose header claims `width`×`height`: a decompression bomb's header. */
async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

async function upload(path: string, token: string, fields: Record<string, string>, name: string, data: Uint8Array) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([data as Uint8Array<ArrayBuffer>], { type: 'image/png' }), name);
  const res = await t.app.fetch(new Request(`http://app.test${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }));
  return { status: res.status, body: (await res.json()) as any };
}

describe('decoding uploaded pictures', () => {
  it('refuses a picture over the pixel limit with a 400 before decoding it, and stores nothing', async () => {
    const owner = await signedInUser(t);
    const trip = await createTrip(t, owner.token, { name: 'Bombs' });
    const bomb = await pngClaiming(20_000, 20_000);
    const res = await upload('/api/backend/upload-photo', owner.token, { trip_id: trip.uuid }, 'bomb.png', bomb);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(fill(M.tooManyPixels, { name: 'bomb.png', megapixels: '400', max: String(MAX_PIXELS / 1_000_000) }));
    expect(await t.db.prisma.photo.count({ where: { tripId: trip.uuid } })).toBe(0);
    // The same for a story's picture.
    const story = await upload('/api/backend/upload-story-image', owner.token, {}, 'bomb.png', bomb);
    expect(story.status).toBe(400);
    expect(story.body.error).toContain('400 megapixels');
    expect(decodeBudget.inFlight).toBe(0);
  });

  it('decodes six uploads sent at once within the budget, sharing it, and gives it all back', async () => {
    const owner = await signedInUser(t);
    const trip = await createTrip(t, owner.token, { name: 'Six at once' });
    // 9 megapixels each: three fit in the budget together, six do not.
    const picture = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#4a7' } })
      .png()
      .toBuffer();
    decodeBudget.peak = 0;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload('/api/backend/upload-photo', owner.token, { trip_id: trip.uuid }, `p${i}.png`, picture)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(decodeBudget.peak).toBeGreaterThanOrEqual(9_000_000);
    expect(decodeBudget.peak).toBeLessThanOrEqual(DECODE_BUDGET_PIXELS);
    expect(decodeBudget.peak).toBeLessThan(6 * 9_000_000);
    expect(decodeBudget.inFlight).toBe(0);
  });
});
