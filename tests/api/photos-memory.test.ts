import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, dbKind, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

/**
 * Twenty large photos uploaded at once over real sockets: the server streams each to disk and
 * decodes two at a time, so its memory grows by a bounded amount, far below the bytes in flight.
 * (Memory is the process's, not the database's: run once, on PGlite.)
 */
let t: TestApp;
let baseUrl: string;
let file: string;
let fileSize: number;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = (await t.app.listen(0, '127.0.0.1')).url;
  file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-big-')), 'big.jpg');
  // Noise does not compress: a 12-megapixel JPEG of about 15 MB, as a good phone camera writes.
  await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality: 98 })
    .toFile(file);
  fileSize = fs.statSync(file).size;
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

/**
 * One upload sent by curl, a process of its own, reading the file from disk as it sends: the
 * memory measured is the server's alone, not also a client's.
 */
function uploadWithCurl(token: string, tripId: string, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile(
      'curl',
      [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code}',
        '-H',
        `Authorization: Bearer ${token}`,
        '-F',
        `trip_id=${tripId}`,
        '-F',
        `file=@${file};filename=${name};type=image/jpeg`,
        `${baseUrl}/api/backend/upload-photo`,
      ],
      (err, stdout) => (err ? reject(err) : resolve(Number(stdout))),
    );
  });
}

describe.skipIf(dbKind() === 'postgres')('memory under load', () => {
  it('stays flat while 20 large uploads run at once', async () => {
    const owner = await signedInUser(t);
    const trip = await createTrip(t, owner.token, { name: 'Big files' });
    // Two at once first: sharp and libvips are loaded, and the allocator holds the memory two
    // decodes take (it keeps freed memory for reuse rather than giving it back).
    expect(await Promise.all([uploadWithCurl(owner.token, trip.uuid, 'warm-1.jpg'), uploadWithCurl(owner.token, trip.uuid, 'warm-2.jpg')])).toEqual([201, 201]);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let buffers = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.rss);
      buffers = Math.max(buffers, now.arrayBuffers);
    }, 20);
    const started = Date.now();
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => uploadWithCurl(owner.token, trip.uuid, `big-${i}.jpg`)));
    clearInterval(sampler);
    const mb = (n: number) => Math.round(n / 1024 / 1024);
    const inFlight = 20 * fileSize;
    console.log(
      `photos-memory: 20 uploads of ${mb(fileSize)} MB (${mb(inFlight)} MB in all) in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `RSS ${mb(baseline)} MB before, peak ${mb(peak)} MB (+${mb(peak - baseline)} MB); buffers at most ${mb(buffers)} MB`,
    );
    expect(statuses).toEqual(Array(20).fill(201));
    expect(await t.db.prisma.photo.count({ where: { tripId: trip.uuid } })).toBe(22);
    // Holding the uploads in memory would take their total size; streaming them to disk and
    // decoding two at a time keeps the growth below that (socket chunks awaiting collection and
    // the allocator's arenas make up most of it).
    expect(peak - baseline).toBeLessThan(inFlight);
  }, 240_000);
});
