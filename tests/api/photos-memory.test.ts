import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
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

/** One multipart upload whose file part is read from disk as it is sent (the client holds none of it). */
async function uploadFromDisk(token: string, tripId: string, name: string) {
  const boundary = `----tripcrew${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="trip_id"\r\n\r\n${tripId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts() {
    yield head;
    for await (const chunk of fs.createReadStream(file)) yield chunk as Buffer;
    yield tail;
  }
  const res = await fetch(`${baseUrl}/api/backend/upload-photo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + fileSize + tail.length) },
    body: Readable.toWeb(Readable.from(parts())) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  return res.status;
}

describe.skipIf(dbKind() === 'postgres')('memory under load', () => {
  it('stays flat while 20 large uploads run at once', async () => {
    const owner = await signedInUser(t);
    const trip = await createTrip(t, owner.token, { name: 'Big files' });
    // One upload first: sharp, libvips and the routes are loaded before the baseline.
    expect(await uploadFromDisk(owner.token, trip.uuid, 'warm.jpg')).toBe(201);
    // The client here shares the process: the chunks it reads from disk and the server's socket
    // chunks are garbage once passed on. Collecting it as the samples are taken leaves what the
    // server really holds (left alone, V8 collects it later, under its own memory pressure).
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let atPeak = process.memoryUsage();
    const sampler = setInterval(() => {
      gc();
      const now = process.memoryUsage();
      if (now.rss > peak) [peak, atPeak] = [now.rss, now];
    }, 50);
    const started = Date.now();
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => uploadFromDisk(owner.token, trip.uuid, `big-${i}.jpg`)));
    clearInterval(sampler);
    const mb = (n: number) => Math.round(n / 1024 / 1024);
    const inFlight = 20 * fileSize;
    console.log(JSON.stringify(atPeak));
    console.log(
      `20 uploads of ${mb(fileSize)} MB (${mb(inFlight)} MB in all) in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `RSS ${mb(baseline)} MB before, peak ${mb(peak)} MB (+${mb(peak - baseline)} MB)`,
    );
    expect(statuses).toEqual(Array(20).fill(201));
    expect(await t.db.prisma.photo.count({ where: { tripId: trip.uuid } })).toBe(21);
    // Holding the uploads in memory would take at least their total size; streaming keeps the
    // growth to a few decodes' worth.
    expect(peak - baseline).toBeLessThan(inFlight / 2);
  }, 240_000);
});
