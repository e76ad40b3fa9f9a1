import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { parseBuffer } from 'music-metadata';
import { fill, PhotoMessages as M } from '../../api/src/photos/messages.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';
import { tinyMp4 } from '../support/mp4.js';
import { tinyWebm } from '../support/webm.js';

/** Videos go through the photo upload: a small limit here, so "over the limit" is cheap to send. */
const VIDEO_MAX = 256 * 1024;
const PLACE = '+38.7223-009.1393/';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VIDEO_MAX_BYTES: String(VIDEO_MAX) });
});
afterAll(() => t.close());

async function crew() {
  const [owner, member, outsider] = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t)]);
  const trip = await createTrip(t, owner.token, { name: 'Porto' });
  await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date() } });
  return { owner, member, outsider, trip };
}

type Part = { name: string; data: Uint8Array; type?: string };

async function upload(token: string | undefined, fields: Record<string, string>, file?: Part, poster?: Part) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('file', new Blob([file.data as Uint8Array<ArrayBuffer>], { type: file.type ?? 'video/mp4' }), file.name);
  if (poster) form.set('poster', new Blob([poster.data as Uint8Array<ArrayBuffer>], { type: poster.type ?? 'image/jpeg' }), poster.name);
  const res = await t.app.fetch(
    new Request('http://app.test/api/backend/upload-photo', { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body: form }),
  );
  return { status: res.status, body: (await res.json()) as any };
}

async function media(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.fetch(new Request(`http://app.test${url}`, { headers }));
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const storedFiles = (tripUuid: string) => {
  const dir = path.join(t.config.dataDir, 'uploads', 'photos', tripUuid);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};
const tmpFiles = () => {
  const dir = path.join(t.config.dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/** A poster frame as a browser might send it, with a camera make and GPS coordinates in its EXIF. */
const posterWithGps = () =>
  sharp({ create: { width: 640, height: 360, channels: 3, background: '#c63' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PosterCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 43/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 0/1' } })
    .toBuffer();

describe('video uploads', () => {
  it('round trip: an MP4 is stored with its length read by the server, listed, and served by byte range (206)', async () => {
    const { member, owner, trip } = await crew();
    const original = tinyMp4({ seconds: 3.5, location: PLACE, mediaBytes: 20_000 });
    // The browser's word on the length is not asked for, and a field claiming one is ignored.
    const res = await upload(member.token, { trip_id: trip.uuid, title: 'Ribeira', duration_seconds: '999' }, { name: 'clip.mp4', data: original });
    expect(res.status).toBe(201);
    const video = res.body.photo;
    expect(video).toMatchObject({ media_type: 'video', duration_seconds: 3.5, mime_type: 'video/mp4', file_size: original.length, title: 'Ribeira' });
    expect(video.url).toMatch(/^\/media\/photos\/.+\.mp4\?exp=\d+&sig=/);
    expect(video.poster_url).toMatch(/^\/media\/photos\/.+\.webp\?exp=\d+&sig=/);
    expect(storedFiles(trip.uuid)).toEqual([`${video.id}.mp4`, `${video.id}.thumb.webp`, `${video.id}.webp`].sort());
    expect(tmpFiles()).toEqual([]);

    // Listed beside photos for the other members, with the same fields.
    const list = await t.request('GET', `/api/backend/user-photos/${owner.userId}?tripId=${trip.uuid}`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.photos).toHaveLength(1);
    expect(list.body.photos[0]).toMatchObject({ id: video.id, media_type: 'video', duration_seconds: 3.5 });

    const whole = await media(video.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.bytes.length).toBe(original.length);
    // The media data is untouched, so any range inside it is the original's bytes.
    const size = original.length;
    const part = await media(video.url, { range: `bytes=${size - 1000}-${size - 501}` });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${size - 1000}-${size - 501}/${size}`);
    expect(part.headers.get('content-length')).toBe('500');
    expect(part.bytes.equals(original.subarray(size - 1000, size - 500))).toBe(true);
    const open = await media(video.url, { range: `bytes=${size - 10}-` });
    expect([open.status, open.headers.get('content-range'), open.bytes.equals(original.subarray(size - 10))]).toEqual([
      206,
      `bytes ${size - 10}-${size - 1}/${size}`,
      true,
    ]);
    const last = await media(video.url, { range: 'bytes=-7' });
    expect([last.status, last.bytes.equals(original.subarray(size - 7))]).toEqual([206, true]);
    const first = await media(video.url, { range: 'bytes=0-3' });
    expect(first.bytes.equals(original.subarray(0, 4))).toBe(true);
    // Past the end: 416 with the size; a header we cannot read is ignored (the whole file).
    const beyond = await media(video.url, { range: `bytes=${size}-` });
    expect([beyond.status, beyond.headers.get('content-range')]).toEqual([416, `bytes */${size}`]);
    expect((await media(video.url, { range: 'bytes=-0' })).status).toBe(416);
    expect((await media(video.url, { range: 'pages=1-2' })).status).toBe(200);

    // Photos' links honour ranges too.
    const poster = await media(video.poster_url);
    const posterPart = await media(video.poster_url, { range: 'bytes=2-9' });
    expect([posterPart.status, posterPart.headers.get('content-type'), posterPart.bytes.equals(poster.bytes.subarray(2, 10))]).toEqual([
      206,
      'image/webp',
      true,
    ]);
  });

  it('blanks the location atoms of MP4 and QuickTime files in place, keeping the length and every offset', async () => {
    const { member, trip } = await crew();
    for (const [brand, name, type] of [
      ['isom', 'walk.mp4', 'video/mp4'],
      ['qt  ', 'IMG_0042.MOV', 'video/quicktime'],
    ] as const) {
      const original = tinyMp4({ seconds: 2, brand, location: PLACE });
      expect(original.includes(Buffer.from(PLACE))).toBe(true);
      const before = await parseBuffer(original, { mimeType: type });
      expect(JSON.stringify(before.native)).toContain(PLACE.slice(0, 8));
      const res = await upload(member.token, { trip_id: trip.uuid }, { name, data: original, type });
      expect(res.status).toBe(201);
      expect(res.body.photo).toMatchObject({ mime_type: type, duration_seconds: 2 });
      const stored = (await media(res.body.photo.url)).bytes;
      expect(stored.length).toBe(original.length);
      expect(stored.includes(Buffer.from(PLACE.slice(0, 8)))).toBe(false);
      // Only payload bytes changed (box headers and media data as they were), and it still reads.
      const changed = [...stored.keys()].filter((i) => stored[i] !== original[i]);
      expect(changed.length).toBeGreaterThan(0);
      expect(changed.every((i) => stored[i] === 0)).toBe(true);
      expect(stored.subarray(stored.indexOf('mdat')).equals(original.subarray(original.indexOf('mdat')))).toBe(true);
      const after = await parseBuffer(stored, { mimeType: type });
      expect(after.format.trackInfo[0]?.duration).toBe(2);
      expect(JSON.stringify(after.native)).not.toContain(PLACE.slice(0, 8));
    }
  });

  it('takes a WebM with its length from the Segment Info, stored as sent (Matroska has no location element)', async () => {
    const { member, trip } = await crew();
    const webm = tinyWebm({ seconds: 2.5 });
    const res = await upload(member.token, { trip_id: trip.uuid }, { name: 'screen.webm', data: webm, type: 'video/webm' });
    expect(res.status).toBe(201);
    expect(res.body.photo).toMatchObject({ media_type: 'video', mime_type: 'video/webm', duration_seconds: 2.5 });
    const served = await media(res.body.photo.url);
    expect([served.status, served.headers.get('content-type'), served.bytes.equals(webm)]).toEqual([200, 'video/webm', true]);
  });

  it('re-encodes the poster like a photo (no EXIF, no GPS), and draws a card when none is sent', async () => {
    const { member, trip } = await crew();
    const poster = await posterWithGps();
    const sent = await upload(member.token, { trip_id: trip.uuid }, { name: 'a.mp4', data: tinyMp4() }, { name: 'poster.jpg', data: poster });
    expect(sent.status).toBe(201);
    const image = await media(sent.body.photo.poster_url);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(image.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 640, 360, undefined]);
    expect(image.bytes.includes(Buffer.from('PosterCam'))).toBe(false);
    expect(sent.body.photo).toMatchObject({ width: 640, height: 360 });
    const thumb = await sharp((await media(sent.body.photo.thumbnail_url)).bytes).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBe(480);

    const card = await upload(member.token, { trip_id: trip.uuid }, { name: 'b.mp4', data: tinyMp4({ seconds: 65 }) });
    expect(card.body.photo).toMatchObject({ duration_seconds: 65, width: 1280, height: 720 });
    const cardMeta = await sharp((await media(card.body.photo.poster_url)).bytes).metadata();
    expect([cardMeta.format, cardMeta.width, cardMeta.height]).toEqual(['webp', 1280, 720]);

    // A poster that is not an image is refused, and nothing is kept.
    const bad = await upload(
      member.token,
      { trip_id: trip.uuid },
      { name: 'c.mp4', data: tinyMp4() },
      { name: 'poster.jpg', data: new TextEncoder().encode('not a picture') },
    );
    expect(bad).toEqual({ status: 400, body: { error: M.posterNotImage, field: 'poster' } });
    expect(await t.db.prisma.photo.count({ where: { tripId: trip.uuid } })).toBe(2);
    expect(storedFiles(trip.uuid)).toHaveLength(6);
    expect(tmpFiles()).toEqual([]);
  });

  it('judges the type by the bytes: a renamed file and an unreadable container are refused, nothing stored', async () => {
    const { member, trip } = await crew();
    const text = await upload(
      member.token,
      { trip_id: trip.uuid },
      { name: 'clip.mp4', data: new TextEncoder().encode('plain text pretending to be a video file, honestly') },
    );
    expect(text).toEqual({ status: 400, body: { error: fill(M.notImage, { name: 'clip.mp4' }), field: 'file' } });
    // An MP4's first box on bytes that hold no movie: its length cannot be read.
    const header = tinyMp4().subarray(0, 32);
    const hollow = Buffer.concat([header, Buffer.alloc(200, 7)]);
    const unreadable = await upload(member.token, { trip_id: trip.uuid }, { name: 'broken.mp4', data: hollow });
    expect(unreadable).toEqual({ status: 400, body: { error: fill(M.videoUnreadable, { name: 'broken.mp4' }), field: 'file' } });
    expect(await t.db.prisma.photo.count({ where: { tripId: trip.uuid } })).toBe(0);
    expect(storedFiles(trip.uuid)).toEqual([]);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses a video over VIDEO_MAX_BYTES while it is still streaming in', async () => {
    const { member, trip } = await crew();
    const boundary = 'videoboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="trip_id"\r\n\r\n${trip.uuid}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const video = tinyMp4({ mediaBytes: VIDEO_MAX + 64 * 1024 });
    let sent = 0;
    let chunks = 0;
    // The body never ends: only an answer given while it streams can come back.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (chunks === 0) controller.enqueue(head);
        const chunk = video.subarray(chunks * 16 * 1024, (chunks + 1) * 16 * 1024);
        chunks++;
        if (chunk.length) {
          sent += chunk.length;
          controller.enqueue(chunk);
        }
        // After the video's bytes, nothing more comes (and the stream is never closed).
        return chunk.length ? undefined : new Promise<void>(() => {});
      },
    });
    const res = await t.app.fetch(
      new Request('http://app.test/api/backend/upload-photo', {
        method: 'POST',
        headers: { authorization: `Bearer ${member.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).error).toBe(`long.mp4 is too large (over 0.3 MB). Please select videos smaller than 0.3 MB.`);
    expect(sent).toBeGreaterThan(VIDEO_MAX);
    expect(await t.db.prisma.photo.count({ where: { tripId: trip.uuid } })).toBe(0);
    await expect.poll(() => tmpFiles()).toEqual([]);
  });

  it('refuses outsiders (403) and nobody (401); members favourite and comment on videos as on photos; deleting removes the video file', async () => {
    const { member, owner, outsider, trip } = await crew();
    const data = tinyMp4();
    expect((await upload(outsider.token, { trip_id: trip.uuid }, { name: 'a.mp4', data })).status).toBe(403);
    expect((await upload(undefined, { trip_id: trip.uuid }, { name: 'a.mp4', data })).status).toBe(401);
    const video = (await upload(member.token, { trip_id: trip.uuid }, { name: 'a.mp4', data })).body.photo;
    expect((await t.request('GET', `/api/backend/user-photos/${outsider.userId}?tripId=${trip.uuid}`, { token: outsider.token })).status).toBe(403);
    expect((await t.request('GET', `/api/backend/user-photos/${owner.userId}?tripId=${trip.uuid}`)).status).toBe(401);

    const fav = await t.request('PUT', `/api/backend/toggle-photo-favorite/${video.id}`, { token: owner.token, body: { is_favorite: true } });
    expect(fav).toMatchObject({ status: 200, body: { photo: { id: video.id, is_favorite: true, media_type: 'video' } } });
    const comment = await t.request('POST', '/api/backend/add-photo-comment', { token: owner.token, body: { photo_id: video.id, comment: 'What a view' } });
    expect(comment.status).toBe(201);
    expect((await t.request('PUT', `/api/backend/toggle-photo-favorite/${video.id}`, { token: outsider.token, body: { is_favorite: true } })).status).toBe(403);

    const gql = await t.request('POST', '/graphql', {
      token: owner.token,
      body: {
        query: `query { node(id: "${trip.id}") { ... on Trip { photos { edges { node { mediaType durationSeconds videoUrl url isFavorite commentCount } } } } } }`,
      },
    });
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.node.photos.edges[0].node).toMatchObject({ mediaType: 'VIDEO', durationSeconds: 3.5, isFavorite: true, commentCount: 1 });
    expect(gql.body.data.node.photos.edges[0].node.videoUrl).toMatch(/\.mp4\?/);

    expect((await t.request('DELETE', `/api/backend/delete-photo/${video.id}`, { token: member.token })).status).toBe(200);
    expect(storedFiles(trip.uuid)).toEqual([]);
  });
});
