import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { fill, PhotoMessages as M } from '../../api/src/photos/messages.js';
import { signedMediaUrl } from '../../api/src/photos/signedUrls.js';
import { sweepRemovedFiles } from '../../api/src/platform/fileSweeper.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  wsUrl = (await t.app.listen(0, '127.0.0.1')).url.replace('http', 'ws') + '/graphql';
});
afterAll(() => t.close());

const uuidOf = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[1]!;

/** A trip owned by `owner` with `member` on it; `outsider` on none of it. */
async function crew() {
  const [owner, member, outsider] = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t)]);
  const trip = await createTrip(t, owner.token, { name: 'Lisbon' });
  await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date() } });
  return { owner, member, outsider, trip };
}

/** A JPEG taken "sideways" (EXIF orientation 6) with a camera make and GPS coordinates in its EXIF. */
async function jpegWithGps(width = 3000, height = 2000) {
  return sharp({ create: { width, height, channels: 3, background: '#3a6' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 43/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
    .png()
    .toBuffer();
/** The GPS IFD pointer tag (0x8825, little-endian) and the latitude's 38/1. */
const GPS_TAG = Buffer.from([0x25, 0x88]);
const LATITUDE = Buffer.from([38, 0, 0, 0, 1, 0, 0, 0]);

async function upload(token: string | undefined, fields: Record<string, string>, file?: { name: string; data: Uint8Array; type?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('file', new Blob([file.data as Uint8Array<ArrayBuffer>], { type: file.type ?? 'image/jpeg' }), file.name);
  const res = await t.app.fetch(
    new Request('http://app.test/api/backend/upload-photo', { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body: form }),
  );
  return { status: res.status, body: (await res.json()) as any };
}

async function uploaded(token: string, tripUuid: string, extra: Record<string, string> = {}) {
  const res = await upload(token, { trip_id: tripUuid, ...extra }, { name: 'beach.png', data: await png(), type: 'image/png' });
  if (res.status !== 201) throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
  return res.body.photo as Record<string, any>;
}

async function media(url: string) {
  const res = await t.app.fetch(new Request(`http://app.test${url}`));
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

describe('photo uploads', () => {
  it('stores a JPEG upright, without its EXIF or GPS data, at most 1920 px wide, with a thumbnail', async () => {
    const { member, trip } = await crew();
    const original = await jpegWithGps();
    expect(original.includes(GPS_TAG) && original.includes(LATITUDE)).toBe(true);
    const res = await upload(member.token, { trip_id: trip.uuid, title: '  Sunset  ' }, { name: 'IMG_0001.jpg', data: original });
    expect(res.status).toBe(201);
    const photo = res.body.photo;
    // Orientation 6 turns the 3000 × 2000 picture a quarter: it is seen 2000 wide, 3000 high.
    expect(photo).toMatchObject({
      trip_id: trip.uuid,
      title: 'Sunset',
      file_name: 'IMG_0001.jpg',
      file_size: original.length,
      mime_type: 'image/jpeg',
      width: 2000,
      height: 3000,
    });
    expect(photo.url).toMatch(/^\/media\/photos\/.+\.webp\?exp=\d+&sig=/);

    const display = await media(photo.url);
    expect(display.status).toBe(200);
    expect(display.headers.get('content-type')).toBe('image/webp');
    expect(display.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const meta = await sharp(display.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1920, 2880]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(display.bytes.includes(LATITUDE) || display.bytes.includes(Buffer.from('TestCam'))).toBe(false);
    const thumb = await sharp((await media(photo.thumbnail_url)).bytes).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBe(480);
    expect(thumb.exif).toBeUndefined();
    expect(storedFiles(trip.uuid)).toEqual([`${photo.id}.thumb.webp`, `${photo.id}.webp`]);
    expect(tmpFiles()).toEqual([]);
  });

  it('judges the type by the bytes: a renamed non-image and a HEIC file are refused with their messages, nothing stored', async () => {
    const { member, trip } = await crew();
    const text = new TextEncoder().encode('just some notes, not a picture at all');
    const renamed = await upload(member.token, { trip_id: trip.uuid }, { name: 'holiday.jpg', data: text, type: 'image/jpeg' });
    expect(renamed).toEqual({ status: 400, body: { error: fill(M.notImage, { name: 'holiday.jpg' }), field: 'file' } });
    // The start of an iPhone HEIC file: a box of type ftyp with the brand heic.
    const heic = new Uint8Array([
      0,
      0,
      0,
      24,
      ...new TextEncoder().encode('ftypheic'),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode('mif1heic'),
      ...new Uint8Array(500),
    ]);
    const refused = await upload(member.token, { trip_id: trip.uuid }, { name: 'IMG_0002.HEIC', data: heic, type: 'image/heic' });
    expect(refused).toEqual({ status: 400, body: { error: fill(M.heic, { name: 'IMG_0002.HEIC' }), field: 'file' } });
    expect(refused.body.error).toBe('IMG_0002.HEIC is a HEIC file. Please convert it to JPEG or PNG before uploading, or use a different photo.');
    // A PNG's signature on bytes that do not decode.
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Uint8Array(100)]);
    expect((await upload(member.token, { trip_id: trip.uuid }, { name: 'broken.png', data: broken })).body.error).toBe(
      fill(M.notImage, { name: 'broken.png' }),
    );
    // A real image under a misleading name is accepted as what it is.
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const ok = await upload(member.token, { trip_id: trip.uuid }, { name: 'photo.jpg', data: gif });
    expect(ok.body.photo).toMatchObject({ mime_type: 'image/gif', width: 8, height: 8 });
    expect(await t.db.prisma.photo.count({ where: { tripId: trip.uuid } })).toBe(1);
    expect(storedFiles(trip.uuid)).toHaveLength(2);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses a file over 50 MB while it streams in, and a declared size over the largest limit (a video’s) before reading anything', async () => {
    const { member, trip } = await crew();
    const big = new Uint8Array(50 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await upload(member.token, { trip_id: trip.uuid }, { name: 'huge.jpg', data: big });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatch(/^huge\.jpg is too large \(.+\)\. Please select files smaller than 50MB\.$/);
    const declared = await t.app.fetch(
      new Request('http://app.test/api/backend/upload-photo', {
        method: 'POST',
        headers: { authorization: `Bearer ${member.token}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(260 * 1024 * 1024) },
        body: '--x--',
      }),
    );
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as any).error).toBe(
      'This file is too large (260.0 MB). Please select photos smaller than 50MB or videos smaller than 200.0 MB.',
    );
    expect(await t.db.prisma.photo.count({ where: { tripId: trip.uuid } })).toBe(0);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses outsiders (403) and nobody (401), and bad forms (400), storing nothing', async () => {
    const { outsider, member, trip } = await crew();
    const data = await png();
    expect((await upload(outsider.token, { trip_id: trip.uuid }, { name: 'a.png', data })).status).toBe(403);
    expect((await upload(undefined, { trip_id: trip.uuid }, { name: 'a.png', data })).status).toBe(401);
    expect(await upload(member.token, {}, { name: 'a.png', data })).toEqual({ status: 400, body: { error: 'trip_id is required.', field: 'trip_id' } });
    expect(await upload(member.token, { trip_id: trip.uuid })).toEqual({ status: 400, body: { error: M.fileRequired, field: 'file' } });
    const json = await t.request('POST', '/api/backend/upload-photo', { token: member.token, body: { trip_id: trip.uuid } });
    expect(json).toMatchObject({ status: 400, body: { error: M.notMultipart } });
    expect((await upload(member.token, { trip_id: 'nope' }, { name: 'a.png', data })).status).toBe(404);
    expect(await t.db.prisma.photo.count({ where: { tripId: trip.uuid } })).toBe(0);
    expect(storedFiles(trip.uuid)).toEqual([]);
    expect(tmpFiles()).toEqual([]);
  });
});

describe('signed links', () => {
  it('serve a file only with the server’s own, unexpired signature', async () => {
    const { member, trip } = await crew();
    const photo = await uploaded(member.token, trip.uuid);
    const url = new URL(photo.url, 'http://app.test');
    expect((await media(photo.url)).status).toBe(200);
    // No signature, a changed signature, a later expiry, another key with this signature.
    const without = `${url.pathname}`;
    const tampered = `${url.pathname}?exp=${url.searchParams.get('exp')}&sig=${url.searchParams.get('sig')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`;
    const extended = `${url.pathname}?exp=${Number(url.searchParams.get('exp')) + 3600}&sig=${url.searchParams.get('sig')}`;
    const otherKey = photo.thumbnail_url.split('?')[0] + url.search;
    for (const bad of [without, tampered, extended, otherKey, `/media/photos/x/..%2Fsecrets${url.search}`]) {
      const res = await media(bad);
      expect([bad, res.status]).toEqual([bad, 403]);
    }
    expect(JSON.parse((await media(tampered)).bytes.toString())).toEqual({ error: M.linkInvalid });
    // A link signed two hours ago has expired.
    const key = url.pathname.replace('/media/', '');
    expect((await media(signedMediaUrl(t.app.deps, key, Date.now() - 2 * 3600_000))).status).toBe(403);
    expect((await media(signedMediaUrl(t.app.deps, key))).status).toBe(200);
  });
});

const PHOTOS = `query($id: ID!, $fav: Boolean) { node(id: $id) { ... on Trip { photos(favoritesOnly: $fav) { edges { node {
  id title fileName isFavorite isShared commentCount url thumbnailUrl viewerCanDelete uploadedBy { id } } } } } } }`;
const FAVORITE = `mutation($input: SetPhotoFavoriteInput!) { setPhotoFavorite(input: $input) { __typename ... on PhotoPayload { photo { id isFavorite } } ... on Error { message } } }`;
const DELETE = `mutation($input: DeletePhotoInput!) { deletePhoto(input: $input) { __typename ... on DeletePhotoPayload { deletedPhotoId } ... on Error { message } } }`;
const COMMENT = `mutation($input: AddPhotoCommentInput!) { addPhotoComment(input: $input) { __typename
  ... on AddPhotoCommentPayload { comment { comment author { id } } edge { cursor } } ... on Error { message } ... on ValidationError { field } } }`;
const photoGid = (id: string) => Buffer.from(`Photo:${id}`).toString('base64');

describe('who may do what', () => {
  it('members see shared photos and their own private ones; favourites are each member’s own', async () => {
    const { owner, member, outsider, trip } = await crew();
    const shared = await uploaded(owner.token, trip.uuid, { title: 'Shared' });
    const mine = await uploaded(member.token, trip.uuid, { title: 'Mine only', is_shared: 'false' });
    const titles = async (token: string, fav = false) =>
      (await t.graphql(PHOTOS, { id: trip.id, fav }, token)).body.data.node.photos.edges.map((e: any) => e.node.title);
    expect(await titles(member.token)).toEqual(['Mine only', 'Shared']);
    expect(await titles(owner.token)).toEqual(['Shared']);
    expect((await t.graphql(PHOTOS, { id: trip.id }, outsider.token)).body.data.node).toBeNull();
    // By id: a member reads a shared photo with its trip; an outsider, nobody, or another member
    // for a private photo get nothing (not even its signed link).
    const NODE = `query($id: ID!) { node(id: $id) { ... on Photo { title url trip { name } } } }`;
    expect((await t.graphql(NODE, { id: photoGid(shared.id) }, member.token)).body.data.node).toMatchObject({ title: 'Shared', trip: { name: 'Lisbon' } });
    expect((await t.graphql(NODE, { id: photoGid(shared.id) }, outsider.token)).body.data.node).toBeNull();
    expect((await t.graphql(NODE, { id: photoGid(shared.id) })).body.data?.node ?? null).toBeNull();
    expect((await t.graphql(NODE, { id: photoGid(mine.id) }, owner.token)).body.data.node).toBeNull();

    expect(
      (await t.graphql(FAVORITE, { input: { photoId: photoGid(shared.id), favorite: true } }, member.token)).body.data.setPhotoFavorite.photo.isFavorite,
    ).toBe(true);
    expect(await titles(member.token, true)).toEqual(['Shared']);
    expect(await titles(owner.token, true)).toEqual([]);
    // REST: flip without a value, or set it.
    const flipped = await t.request('PUT', `/api/backend/toggle-photo-favorite/${shared.id}`, { token: owner.token, body: {} });
    expect(flipped.body.photo.is_favorite).toBe(true);
    expect(
      (await t.request('PUT', `/api/backend/toggle-photo-favorite/${shared.id}`, { token: owner.token, body: { is_favorite: false } })).body.photo.is_favorite,
    ).toBe(false);
    expect((await t.request('PUT', `/api/backend/toggle-photo-favorite/${shared.id}`, { token: outsider.token, body: {} })).status).toBe(403);
    expect((await t.request('PUT', `/api/backend/toggle-photo-favorite/${mine.id}`, { token: owner.token, body: {} })).status).toBe(404);
    expect((await t.request('PUT', `/api/backend/toggle-photo-favorite/${shared.id}`, { body: {} })).status).toBe(401);

    const list = await t.request('GET', `/api/backend/user-photos/${member.userId}?tripId=${trip.uuid}`, { token: member.token });
    expect(list.body.photos.map((p: any) => [p.title, p.is_shared, p.is_favorite])).toEqual([
      ['Mine only', false, false],
      ['Shared', true, true],
    ]);
    expect(Object.keys(list.body.profiles).sort()).toEqual([owner.userId, member.userId].sort());
    const all = await t.request('GET', `/api/backend/user-photos/${owner.userId}`, { token: owner.token });
    expect(all.body.photos.map((p: any) => p.title)).toEqual(['Shared']);
    expect((await t.request('GET', `/api/backend/user-photos/${owner.userId}`, { token: member.token })).status).toBe(403);
    expect((await t.request('GET', `/api/backend/user-photos/${outsider.userId}?tripId=${trip.uuid}`, { token: outsider.token })).status).toBe(403);
    expect((await t.request('GET', `/api/backend/user-photos/${outsider.userId}`)).status).toBe(401);
  });

  it('members comment (not empty); outsiders and nobody may not read or write comments', async () => {
    const { owner, member, outsider, trip } = await crew();
    const photo = await uploaded(owner.token, trip.uuid);
    const ok = await t.graphql(COMMENT, { input: { photoId: photoGid(photo.id), comment: '  What a view!  ' } }, member.token);
    expect(ok.body.data.addPhotoComment.comment).toEqual({ comment: 'What a view!', author: { id: expect.any(String) } });
    const empty = await t.graphql(COMMENT, { input: { photoId: photoGid(photo.id), comment: '   ' } }, member.token);
    expect(empty.body.data.addPhotoComment).toMatchObject({ __typename: 'ValidationError', message: M.commentRequired, field: 'comment' });
    expect((await t.graphql(COMMENT, { input: { photoId: photoGid(photo.id), comment: 'hi' } }, outsider.token)).body.data.addPhotoComment.__typename).toBe(
      'ForbiddenError',
    );

    const rest = await t.request('POST', '/api/backend/add-photo-comment', {
      token: owner.token,
      body: { photo_id: photo.id, user_id: owner.userId, comment: 'Thanks' },
    });
    expect(rest.status).toBe(201);
    expect((await t.request('POST', '/api/backend/add-photo-comment', { token: owner.token, body: { photo_id: photo.id, comment: '' } })).body).toEqual({
      error: M.commentRequired,
      field: 'comment',
    });
    expect(
      (await t.request('POST', '/api/backend/add-photo-comment', { token: owner.token, body: { photo_id: photo.id, user_id: member.userId, comment: 'x' } }))
        .status,
    ).toBe(400);
    expect((await t.request('POST', '/api/backend/add-photo-comment', { token: outsider.token, body: { photo_id: photo.id, comment: 'x' } })).status).toBe(403);
    expect((await t.request('POST', '/api/backend/add-photo-comment', { body: { photo_id: photo.id, comment: 'x' } })).status).toBe(401);

    const list = await t.request('GET', `/api/backend/photo-comments/${photo.id}`, { token: member.token });
    expect(list.body.comments.map((c: any) => c.comment)).toEqual(['What a view!', 'Thanks']);
    expect(Object.keys(list.body.profiles).sort()).toEqual([owner.userId, member.userId].sort());
    expect((await t.request('GET', `/api/backend/photo-comments/${photo.id}`, { token: outsider.token })).status).toBe(403);
    expect((await t.request('GET', `/api/backend/photo-comments/${photo.id}`)).status).toBe(401);
    expect((await t.request('GET', `/api/backend/photo-comments/not-a-photo`, { token: member.token })).status).toBe(404);
  });

  it('the uploader or the trip owner deletes a photo, and its files go with it; another member may not', async () => {
    const { owner, member, outsider, trip } = await crew();
    const byOwner = await uploaded(owner.token, trip.uuid);
    const byMember = await uploaded(member.token, trip.uuid);
    const another = await uploaded(member.token, trip.uuid);
    expect(storedFiles(trip.uuid)).toHaveLength(6);

    const refused = await t.graphql(DELETE, { input: { photoId: photoGid(byOwner.id) } }, member.token);
    expect(refused.body.data.deletePhoto).toEqual({ __typename: 'ForbiddenError', message: M.deleteForbidden });
    expect((await t.request('DELETE', `/api/backend/delete-photo/${byOwner.id}`, { token: outsider.token })).status).toBe(403);
    expect((await t.request('DELETE', `/api/backend/delete-photo/${byOwner.id}`)).status).toBe(401);

    expect((await t.graphql(DELETE, { input: { photoId: photoGid(byMember.id) } }, member.token)).body.data.deletePhoto.deletedPhotoId).toBe(
      photoGid(byMember.id),
    );
    expect(await t.request('DELETE', `/api/backend/delete-photo/${another.id}`, { token: owner.token })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(storedFiles(trip.uuid)).toEqual([`${byOwner.id}.thumb.webp`, `${byOwner.id}.webp`]);
    expect((await media(byMember.url)).status).toBe(404);
    expect(await t.db.prisma.removedFile.count()).toBe(0);

    // Deleting the trip takes its photos' rows; the sweeper then removes their files.
    await t.db.prisma.trip.delete({ where: { id: trip.uuid } });
    expect(await t.db.prisma.removedFile.count({ where: { storageKey: { contains: byOwner.id } } })).toBe(2);
    await sweepRemovedFiles(t.app.deps);
    expect(storedFiles(trip.uuid)).toEqual([]);
  });

  it('reads a page of photos in the same number of statements for 2 photos as for 40', async () => {
    const { owner, member, trip } = await crew();
    const measure = async () => {
      t.db.stats.queries = 0;
      const gql = await t.graphql(PHOTOS, { id: trip.id }, member.token);
      expect(gql.body.errors).toBeUndefined();
      const gqlCount = t.db.stats.queries;
      t.db.stats.queries = 0;
      const rest = await t.request('GET', `/api/backend/user-photos/${member.userId}?tripId=${trip.uuid}`, { token: member.token });
      return { gqlCount, restCount: t.db.stats.queries, n: gql.body.data.node.photos.edges.length, restN: rest.body.photos.length };
    };
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        tripId: trip.uuid,
        uploadedById: i % 2 ? owner.userId : member.userId,
        storageKey: `photos/${trip.uuid}/${crypto.randomUUID()}.webp`,
        fileName: `p${i}.jpg`,
        fileSize: 1,
        mimeType: 'image/jpeg',
      }));
    await t.db.prisma.photo.createMany({ data: rows(2) });
    const few = await measure();
    const created = await t.db.prisma.photo.createManyAndReturn({ data: rows(38), select: { id: true } });
    await t.db.prisma.photoComment.createMany({ data: created.map((p) => ({ photoId: p.id, userId: owner.userId, comment: 'nice' })) });
    await t.db.prisma.photoFavorite.createMany({ data: created.slice(0, 10).map((p) => ({ photoId: p.id, userId: member.userId })) });
    const many = await measure();
    expect([few.n, few.restN, many.n, many.restN]).toEqual([2, 2, 40, 40]);
    expect(many.gqlCount).toBe(few.gqlCount);
    expect(many.restCount).toBe(few.restCount);
  });
});

describe('live photos', () => {
  it('tells the other members of new photos and comments at once; a private photo and outsiders hear nothing', async () => {
    const { owner, member, outsider, trip } = await crew();
    const SUB = `subscription($id: ID!) { tripPhotosChanged(tripId: $id) { kind deletedPhotoId photo { id title commentCount } comment { comment } } }`;
    const events: any[] = [];
    const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${member.token}` } });
    const probe = await uploaded(owner.token, trip.uuid, { title: 'probe' });
    client.subscribe({ query: SUB, variables: { id: trip.id } }, { next: (v) => events.push(v), error: () => {}, complete: () => {} });
    // Subscribed once a republished event about the probe arrives.
    await expect
      .poll(
        () => {
          t.app.deps.pubsub.publish('photos', trip.uuid, { kind: 'ADDED', tripId: trip.uuid, photoId: probe.id, actorId: null });
          return events.length;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBeGreaterThan(0);
    await expect.poll(() => events.length, { timeout: 2000 }).toBeGreaterThan(0);
    const seen = () => events.filter((e) => e.data?.tripPhotosChanged.photo?.title !== 'probe' || e.data.tripPhotosChanged.kind !== 'ADDED');
    await uploaded(owner.token, trip.uuid, { title: 'Secret', is_shared: 'false' });
    const photo = await uploaded(owner.token, trip.uuid, { title: 'Beach' });
    await expect.poll(() => seen().length, { timeout: 10_000 }).toBe(1);
    expect(seen()[0].data.tripPhotosChanged).toMatchObject({ kind: 'ADDED', photo: { title: 'Beach', commentCount: 0 } });
    await t.request('POST', '/api/backend/add-photo-comment', { token: owner.token, body: { photo_id: photo.id, comment: 'Look!' } });
    await expect.poll(() => seen().length, { timeout: 10_000 }).toBe(2);
    expect(seen()[1].data.tripPhotosChanged).toMatchObject({ kind: 'COMMENTED', photo: { title: 'Beach', commentCount: 1 }, comment: { comment: 'Look!' } });
    await t.request('DELETE', `/api/backend/delete-photo/${photo.id}`, { token: owner.token });
    await expect.poll(() => seen().length, { timeout: 10_000 }).toBe(3);
    expect(seen()[2].data.tripPhotosChanged).toEqual({ kind: 'DELETED', deletedPhotoId: photoGid(photo.id), photo: null, comment: null });
    await client.dispose();

    const refused = await new Promise<any>((resolve) => {
      const c = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${outsider.token}` } });
      c.subscribe({ query: SUB, variables: { id: trip.id } }, { next: (v) => resolve(v), error: (e) => resolve(e), complete: () => resolve('complete') });
    });
    expect(JSON.stringify(refused)).toMatch(/FORBIDDEN|permission|not a member|member/i);
    expect(uuidOf(trip.id)).toBe(trip.uuid);
  });
});
