import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepPendingStoryImages } from '../../api/src/stories/images.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';

// Issue 25, point 12: story pictures uploaded without a story are not public for ever.
let t: TestApp;
let PNG: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  PNG = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#a33' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const SAVE = `mutation($input: SaveStoryInput!) { saveStory(input: $input) { __typename ... on StoryPayload { story { id } } } }`;
const DELETE = `mutation($input: DeleteStoryInput!) { deleteStory(input: $input) { __typename } }`;

async function upload(token: string, cookie?: string) {
  const form = new FormData();
  form.append('file', new Blob([PNG as BlobPart]), 'p.png');
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(cookie ? { cookie } : {}) };
  const res = await t.app.fetch(new Request('http://app.test/api/backend/upload-story-image', { method: 'POST', body: form, headers }));
  expect(res.status).toBe(201);
  const url = ((await res.json()) as { url: string }).url;
  return { url, file: url.split('/').pop()! };
}
const get = (url: string, headers: Record<string, string> = {}) => t.app.fetch(new Request(`http://app.test${url}`, { headers }));
const queued = async (file: string) => (await t.db.prisma.removedFile.count({ where: { storageKey: `stories/${file}` } })) === 1;

describe('story pictures', () => {
  it('are pending, seen only by their uploader (account or browser), until a saved story uses them', async () => {
    const [author, other] = await Promise.all([signedInUser(t), signedInUser(t)]);
    // The editor's browser has its reader cookie, which its <img> requests carry.
    const cookie = (await t.request('GET', '/api/backend/stories')).headers.get('set-cookie')!.split(';')[0]!;
    const { url } = await upload(author.token, cookie);
    expect((await get(url)).status).toBe(404);
    expect((await get(url, { authorization: `Bearer ${other.token}` })).status).toBe(404);
    const own = await get(url, { authorization: `Bearer ${author.token}` });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toContain('no-store');
    expect((await get(url, { cookie })).status).toBe(200);
    // Someone else's story cannot take it up.
    await t.graphql(SAVE, { input: { title: 'Not mine', city: 'Faro', coverUrl: url } }, other.token);
    expect((await get(url)).status).toBe(404);
    const saved = await t.graphql(SAVE, { input: { title: 'Mine', city: 'Faro', coverUrl: url } }, author.token);
    expect(saved.body.data.saveStory.__typename).toBe('StoryPayload');
    expect((await get(url)).status).toBe(200);
  });

  it('go when the story stops using them or is deleted', async () => {
    const author = await signedInUser(t);
    const [a, b] = [await upload(author.token), await upload(author.token)];
    const items = [{ name: 'Casa', imageUrl: b.url }];
    const res = await t.graphql(
      SAVE,
      { input: { title: 'Two pictures', city: 'Faro', coverUrl: a.url, sections: [{ type: 'PLACES', title: 'Stay', items }] } },
      author.token,
    );
    const id = res.body.data.saveStory.story.id;
    // The cover is dropped: its picture goes; the item's stays.
    await t.graphql(SAVE, { input: { id, title: 'Two pictures', city: 'Faro', sections: [{ type: 'PLACES', title: 'Stay', items }] } }, author.token);
    expect(await queued(a.file)).toBe(true);
    expect(await t.db.prisma.storyImage.count({ where: { file: a.file } })).toBe(0);
    expect(await queued(b.file)).toBe(false);
    expect((await get(b.url)).status).toBe(200);
    expect((await t.graphql(DELETE, { input: { id } }, author.token)).body.data.deleteStory.__typename).toBe('DeleteStoryPayload');
    expect(await queued(b.file)).toBe(true);
  });

  it('are swept a day after upload when no story took them up, unless a guide shows them', async () => {
    const author = await signedInUser(t);
    const [fresh, stale, guided] = [await upload(author.token), await upload(author.token), await upload(author.token)];
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await t.db.prisma.storyImage.updateMany({ where: { file: { in: [stale.file, guided.file] } }, data: { createdAt: twoDaysAgo } });
    const guide = await t.db.prisma.guide.findFirstOrThrow({ where: { slug: 'paris' } });
    await t.db.prisma.guide.update({ where: { id: guide.id }, data: { content: { ...(guide.content as object), heroImage: guided.url } } });
    try {
      await sweepPendingStoryImages(t.app.deps);
      expect(await queued(stale.file)).toBe(true);
      expect(await queued(fresh.file)).toBe(false);
      expect(await queued(guided.file)).toBe(false);
      // A guide's picture is public.
      expect((await get(guided.url)).status).toBe(200);
    } finally {
      await t.db.prisma.guide.update({ where: { id: guide.id }, data: { content: guide.content as object } });
    }
  });
});
