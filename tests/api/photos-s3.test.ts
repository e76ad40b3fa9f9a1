import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createS3Storage, parseS3Url } from '../../api/src/platform/storage.js';
import { startFakeS3, type FakeS3 } from '../support/fakeS3.js';
import { tinyMp4 } from '../support/mp4.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

/** The S3 path of the one storage interface, against an S3-compatible server started here. */
let s3: FakeS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startFakeS3('TESTKEY', 'test/secret+key');
  t = await createTestApp({ STORAGE: `${s3.url.replace('http://', 'http://TESTKEY:test%2Fsecret%2Bkey@')}/tripcrew-photos/prod?region=eu-west-1` });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('S3-compatible storage', () => {
  it('reads the bucket, prefix, region and keys from STORAGE (or the AWS variables), and refuses what it cannot use', () => {
    expect(parseS3Url('https://K:S@s3.example.com/bucket/a/b?region=eu-central-1')).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'bucket',
      prefix: 'a/b',
      region: 'eu-central-1',
      accessKeyId: 'K',
      secretAccessKey: 'S',
    });
    expect(parseS3Url('https://minio.local:9000/b', { AWS_ACCESS_KEY_ID: 'A', AWS_SECRET_ACCESS_KEY: 'B', AWS_REGION: 'us-west-2' })).toMatchObject({
      accessKeyId: 'A',
      region: 'us-west-2',
      prefix: '',
    });
    expect(() => parseS3Url('https://K:S@s3.example.com/')).toThrow(/names no bucket/);
    expect(() => parseS3Url('https://s3.example.com/b', {})).toThrow(/needs credentials/);
    expect(() => parseS3Url('ftp://x/b')).toThrow(/STORAGE must be/);
  });

  it('puts, reads and removes signed objects; a wrong secret is refused by the server', async () => {
    const storage = createS3Storage(parseS3Url(`${s3.url.replace('http://', 'http://TESTKEY:test%2Fsecret%2Bkey@')}/b1`));
    await storage.put('photos/t/one.webp', new Uint8Array([1, 2, 3]), 'image/webp');
    expect(s3.objects.get('/b1/photos/t/one.webp')).toEqual({ body: Buffer.from([1, 2, 3]), contentType: 'image/webp' });
    expect(await storage.read('photos/t/one.webp')).toEqual(new Uint8Array([1, 2, 3]));
    expect(await storage.read('photos/t/none.webp')).toBeNull();
    await storage.remove('photos/t/one.webp');
    await storage.remove('photos/t/one.webp');
    expect(s3.objects.size).toBe(0);
    await expect(storage.put('../x', new Uint8Array([1]))).rejects.toThrow(/invalid storage key/);
    const wrong = createS3Storage(parseS3Url(`${s3.url.replace('http://', 'http://TESTKEY:wrong@')}/b1`));
    const before = s3.refused;
    await expect(wrong.put('photos/t/two.webp', new Uint8Array([1]))).rejects.toThrow(/403/);
    expect(s3.refused).toBe(before + 1);
  });

  it('an upload lands in the bucket under its prefix, is served by signed link, and leaves with the photo', async () => {
    const [owner] = await Promise.all([signedInUser(t)]);
    const trip = await createTrip(t, owner.token, { name: 'Madeira' });
    const form = new FormData();
    form.set('trip_id', trip.uuid);
    const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    form.set('file', new Blob([jpeg as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), 'cliffs.jpg');
    const res = await t.app.fetch(
      new Request('http://app.test/api/backend/upload-photo', { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form }),
    );
    expect(res.status).toBe(201);
    const { photo } = (await res.json()) as { photo: { id: string; url: string } };
    const keys = [...s3.objects.keys()].sort();
    expect(keys).toEqual([`/tripcrew-photos/prod/photos/${trip.uuid}/${photo.id}.thumb.webp`, `/tripcrew-photos/prod/photos/${trip.uuid}/${photo.id}.webp`]);
    const served = await t.app.fetch(new Request(`http://app.test${photo.url}`));
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(1920);
    expect((await t.request('DELETE', `/api/backend/delete-photo/${photo.id}`, { token: owner.token })).status).toBe(200);
    expect(s3.objects.size).toBe(0);
  });

  it('a video streams into the bucket and is served from it by byte range (206)', async () => {
    const owner = await signedInUser(t);
    const trip = await createTrip(t, owner.token, { name: 'Azores' });
    const video = tinyMp4({ seconds: 4, mediaBytes: 50_000 });
    const form = new FormData();
    form.set('trip_id', trip.uuid);
    form.set('file', new Blob([video as Uint8Array<ArrayBuffer>], { type: 'video/mp4' }), 'whales.mp4');
    const res = await t.app.fetch(
      new Request('http://app.test/api/backend/upload-photo', { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form }),
    );
    expect(res.status).toBe(201);
    const { photo } = (await res.json()) as { photo: { id: string; url: string; media_type: string; duration_seconds: number } };
    expect(photo).toMatchObject({ media_type: 'video', duration_seconds: 4 });
    expect(s3.objects.get(`/tripcrew-photos/prod/photos/${trip.uuid}/${photo.id}.mp4`)).toEqual({ body: video, contentType: 'video/mp4' });
    const part = await t.app.fetch(new Request(`http://app.test${photo.url}`, { headers: { range: 'bytes=1000-1999' } }));
    expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 1000-1999/${video.length}`]);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);
    const whole = await t.app.fetch(new Request(`http://app.test${photo.url}`));
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
    expect((await t.request('DELETE', `/api/backend/delete-photo/${photo.id}`, { token: owner.token })).status).toBe(200);
    expect([...s3.objects.keys()].filter((k) => k.includes(photo.id))).toEqual([]);
  });
});
