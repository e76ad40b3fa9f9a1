import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoryMessages as M } from '../../api/src/stories/messages.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STORY = `id title city intro tags status slug coverUrl viewCount authorName isMine
  sections { type orderIndex heading body title items { name note imageUrl } lists { title items { name note } } months note }`;
const RESULT = `__typename ... on StoryPayload { story { ${STORY} } } ... on Error { message } ... on ValidationError { field fieldErrors { field message } }`;
const SAVE = `mutation($input: SaveStoryInput!) { saveStory(input: $input) { ${RESULT} } }`;
const STATUS = `mutation($input: SetStoryStatusInput!) { setStoryStatus(input: $input) { ${RESULT} } }`;
const DELETE = `mutation($input: DeleteStoryInput!) { deleteStory(input: $input) { __typename ... on DeleteStoryPayload { deletedStoryId } ... on Error { message } } }`;
const VIEW = `mutation($input: RecordStoryViewInput!) { recordStoryView(input: $input) { __typename ... on RecordStoryViewPayload { viewCount } ... on Error { message } } }`;
const READ = `query($s: String!) { story(slugOrId: $s) { ${STORY} } }`;
const EDIT = `query($id: ID!) { storyForEditing(id: $id) { ${STORY} } }`;
const MINE = `query($status: StoryStatus) { myStories(status: $status) { edges { node { title status } } } }`;
const PUBLISHED = `query($first: Int, $after: String) { publishedStories(first: $first, after: $after) { edges { node { title viewCount } } pageInfo { hasNextPage endCursor } } }`;

const uuidOf = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[1]!;

async function save(token: string | undefined, input: Record<string, unknown>) {
  const res = await t.graphql(SAVE, { input: { title: 'A week in Lisbon', city: 'Lisbon', ...input } }, token);
  return res.body.data?.saveStory ?? res.body;
}
async function saved(token: string, input: Record<string, unknown> = {}) {
  const r = await save(token, input);
  if (r.__typename !== 'StoryPayload') throw new Error(`save failed: ${JSON.stringify(r)}`);
  return r.story as Record<string, any>;
}

describe('writing a story', () => {
  it('saves title, city, intro, tags and every kind of section in order, bodies sanitised', async () => {
    const author = await signedInUser(t);
    const story = await saved(author.token, {
      intro: 'Tiles and trams.',
      tags: [' tiles ', '', 'trams', 'tiles'],
      sections: [
        {
          type: 'PLACES',
          title: 'Where I Stayed',
          items: [
            { name: 'Casa', note: 'Quiet' },
            { name: '', note: '' },
          ],
        },
        { type: 'FAVORITES', title: 'Favorite Cafes', lists: [{ title: 'Favorite Cafes', items: [{ name: 'Manteigaria', note: 'Pastéis' }] }] },
        {
          type: 'TEXT',
          heading: 'Getting around',
          body: '<p onclick="x()">Take <strong>tram 28</strong><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://carris.pt">Carris</a></p>',
        },
      ],
    });
    expect(story).toMatchObject({
      title: 'A week in Lisbon',
      city: 'Lisbon',
      intro: 'Tiles and trams.',
      tags: ['tiles', 'trams'],
      status: 'DRAFT',
      isMine: true,
    });
    expect(story.sections.map((s: any) => [s.type, s.orderIndex])).toEqual([
      ['PLACES', 0],
      ['FAVORITES', 1],
      ['TEXT', 2],
    ]);
    expect(story.sections[0].items).toEqual([{ name: 'Casa', note: 'Quiet', imageUrl: null }]);
    expect(story.sections[1].lists).toEqual([{ title: 'Favorite Cafes', items: [{ name: 'Manteigaria', note: 'Pastéis' }] }]);
    expect(story.sections[2].heading).toBe('Getting around');
    expect(story.sections[2].body).toBe(
      '<p>Take <strong>tram 28</strong> <a rel="noopener noreferrer nofollow" target="_blank">x</a> <a href="https://carris.pt" rel="noopener noreferrer nofollow" target="_blank">Carris</a></p>',
    );
  });

  it('refuses a missing title and city at once, banned words, and foreign images, saving nothing', async () => {
    const author = await signedInUser(t);
    const missing = await save(author.token, { title: '  ', city: '' });
    expect(missing.__typename).toBe('ValidationError');
    expect(missing.fieldErrors).toEqual([
      { field: 'title', message: M.titleRequired },
      { field: 'city', message: M.cityRequired },
    ]);
    for (const words of [{ title: 'I HATE queues' }, { intro: 'Terrorific food' }]) {
      const r = await save(author.token, words);
      expect(r).toMatchObject({ __typename: 'ValidationError', message: M.moderation });
    }
    const foreign = await save(author.token, { coverUrl: 'https://elsewhere.example/cat.jpg' });
    expect(foreign).toMatchObject({ __typename: 'ValidationError', field: 'coverUrl', message: M.invalidImageUrl });
    const long = await save(author.token, { title: 'x'.repeat(201) });
    expect(long.message).toBe('Title must be at most 200 characters.');
    expect(await t.db.prisma.story.count({ where: { authorId: author.userId } })).toBe(0);
  });

  it("never lets a story take over another's address: id-shaped titles get another slug, ids look up by id only", async () => {
    const victim = await signedInUser(t);
    const attacker = await signedInUser(t);
    const story = await saved(victim.token, { title: 'The real story', status: 'PUBLISHED' });
    const victimId = uuidOf(story.id);
    for (const title of [victimId, victimId.toUpperCase(), victimId.replace(/-/g, ''), ` ${victimId} `]) {
      const taker = await saved(attacker.token, { title, status: 'PUBLISHED' });
      expect(taker.slug).not.toBe(victimId);
      expect(taker.slug).toMatch(/^story-/);
      expect(await t.graphql(READ, { s: taker.slug }).then((r) => r.body.data.story.title)).toBe(title.trim());
    }
    // A row whose slug already is the victim's id (written before this rule) cannot take it either.
    await t.db.prisma.story.create({
      data: { authorId: attacker.userId, title: 'Old takeover', city: 'X', slug: victimId, status: 'PUBLISHED', publishedAt: new Date() },
    });
    expect((await t.request('GET', `/api/backend/story/${victimId}`)).body.story.title).toBe('The real story');
    expect((await t.graphql(READ, { s: victimId })).body.data.story.title).toBe('The real story');
    expect((await t.graphql(READ, { s: victimId.toUpperCase() })).body.data.story.title).toBe('The real story');
    // An id-shaped argument that is no id names nothing (and is no server error).
    expect((await t.request('GET', `/api/backend/story/${victimId.replace(/-/g, '')}`)).status).toBe(404);
  });

  it('makes slugs from titles, unique, and keeps a slug while the title gives it', async () => {
    const a = await signedInUser(t);
    const title = `Café & Co: ${Date.now()}!`;
    const first = await saved(a.token, { title });
    const base = first.slug as string;
    // Accented letters are written plain first (the contract's decision), then seed 002's rule.
    expect(base).toMatch(/^cafe-co-\d+$/);
    const second = await saved(a.token, { title });
    expect(second.slug).toBe(`${base}-2`);
    const again = await saved(a.token, { id: second.id, title, intro: 'edited' });
    expect(again.slug).toBe(`${base}-2`);
    const symbols = await saved(a.token, { title: '!!!' });
    expect(symbols.slug).toMatch(/^story(-\d+)?$/);
  });

  it('replaces all sections on an edit; only the author may load or change it; signed out is told to sign in', async () => {
    const [author, other] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const story = await saved(author.token, {
      sections: [
        { type: 'TEXT', heading: 'One', body: '<p>1</p>' },
        { type: 'TEXT', heading: 'Two', body: '' },
      ],
    });
    const edited = await saved(author.token, {
      id: story.id,
      title: 'Lisbon again',
      sections: [{ type: 'PLACES', title: 'Top Attractions', items: [{ name: 'Belém' }] }],
    });
    expect(edited.sections).toHaveLength(1);
    expect(await t.db.prisma.storySection.count({ where: { storyId: uuidOf(story.id) } })).toBe(1);

    const stranger = await save(other.token, { id: story.id, title: 'Mine now' });
    expect(stranger).toMatchObject({ __typename: 'NotFoundError', message: M.notFoundOrNotYours });
    const load = await t.graphql(EDIT, { id: story.id }, other.token);
    expect(load.body.errors[0].message).toBe(M.notFoundOrNotYours);
    expect((await t.graphql(EDIT, { id: story.id }, author.token)).body.data.storyForEditing.title).toBe('Lisbon again');
    expect((await t.graphql(EDIT, { id: story.id })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');

    const rest = await t.request('POST', '/api/backend/save-story', { body: { title: 'x', city: 'y' } });
    expect(rest).toMatchObject({ status: 401, body: { error: M.signInToCreate } });
    expect((await t.request('GET', `/api/backend/my-stories/${author.userId}`)).body.error).toBe(M.signInToView);
  });
});

describe('writing a story over REST', () => {
  it('takes the contract payload (sections of section_type and content), keeps its rules and messages, and reads back in order', async () => {
    const [author, other] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const imageUrl = '/api/backend/story-image/3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f.webp';
    const body = {
      title: 'Porto by the River',
      city: 'Porto',
      intro: 'Three days on the Douro.',
      tags: ' port, , tiles ,trams',
      status: 'published',
      sections: [
        { section_type: 'places', content: { title: 'Where I Stayed', items: [{ name: 'Casa da Ribeira', note: 'By the water.', image_url: imageUrl }] } },
        { section_type: 'favorites', content: { lists: [{ title: 'Favorite Cafes', items: [{ name: 'Majestic', note: 'Go early.' }] }] } },
        { section_type: 'text', content: { heading: 'Getting around', body: '<p>Take <strong>tram 1</strong>.</p><script>x()</script>' } },
      ],
    };
    const created = await t.request('POST', '/api/backend/save-story', { token: author.token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.story).toMatchObject({
      title: 'Porto by the River',
      slug: 'porto-by-the-river',
      status: 'published',
      tags: ['port', 'tiles', 'trams'],
    });
    const id = created.body.story.id as string;

    const read = await t.request('GET', '/api/backend/story/porto-by-the-river');
    expect(read.body.sections.map((s: { section_type: string; order_index: number }) => [s.section_type, s.order_index])).toEqual([
      ['places', 0],
      ['favorites', 1],
      ['text', 2],
    ]);
    expect(read.body.sections[0].content.items[0]).toMatchObject({ name: 'Casa da Ribeira', note: 'By the water.', image_url: imageUrl });
    expect(read.body.sections[1].content.lists[0].items[0]).toMatchObject({ name: 'Majestic', note: 'Go early.' });
    expect(read.body.sections[2].content).toMatchObject({ heading: 'Getting around', body: '<p>Take <strong>tram 1</strong>.</p>' });
    // By id as well as by slug.
    expect((await t.request('GET', `/api/backend/story/${id}`)).body.story.slug).toBe('porto-by-the-river');

    // An edit replaces every section; another user may not edit it; the seed's messages on refusal.
    const edited = await t.request('POST', '/api/backend/save-story', {
      token: author.token,
      body: { ...body, id, sections: [{ section_type: 'text', content: { heading: 'Only this', body: '' } }] },
    });
    expect(edited.status).toBe(200);
    expect(await t.db.prisma.storySection.count({ where: { storyId: id } })).toBe(1);
    const stranger = await t.request('POST', '/api/backend/save-story', { token: other.token, body: { ...body, id, title: 'Mine now' } });
    expect(stranger).toMatchObject({ status: 404, body: { error: M.notFoundOrNotYours } });
    const banned = await t.request('POST', '/api/backend/save-story', {
      token: author.token,
      body: { ...body, id, intro: 'Tourists I could KILL for a seat.' },
    });
    expect(banned).toMatchObject({ status: 400, body: { error: M.moderation } });
    const untitled = await t.request('POST', '/api/backend/save-story', { token: author.token, body: { city: 'Porto' } });
    expect(untitled).toMatchObject({ status: 400, body: { error: M.titleRequired } });
    const foreignImage = await t.request('POST', '/api/backend/save-story', { token: author.token, body: { ...body, cover_url: 'https://example.com/p.jpg' } });
    expect(foreignImage).toMatchObject({ status: 400, body: { error: M.invalidImageUrl } });
    expect((await t.db.prisma.story.findUniqueOrThrow({ where: { id } })).title).toBe('Porto by the River');
  });
});

describe("the 'best time' section", () => {
  it('keeps the months named once each in calendar order with a note, on both doors, and refuses anything but a month', async () => {
    const author = await signedInUser(t);
    const story = await saved(author.token, {
      sections: [{ type: 'BEST_TIME', title: 'Best Time to Visit', months: ['october', 'May', 'April', 'May'], note: 'Mild days, fewer queues.' }],
    });
    expect(story.sections).toEqual([
      expect.objectContaining({
        type: 'BEST_TIME',
        orderIndex: 0,
        title: 'Best Time to Visit',
        months: ['April', 'May', 'October'],
        note: 'Mild days, fewer queues.',
        items: [],
        lists: [],
        body: null,
      }),
    ]);
    // Other kinds of section answer no months.
    const other = await saved(author.token, { sections: [{ type: 'TEXT', heading: 'x', body: '<p>y</p>' }] });
    expect(other.sections[0]).toMatchObject({ months: [], note: null });

    const bad = await save(author.token, { sections: [{ type: 'BEST_TIME', months: ['Smarch'] }] });
    expect(bad).toMatchObject({ __typename: 'ValidationError', message: M.invalidMonth });

    const rest = await t.request('POST', '/api/backend/save-story', {
      token: author.token,
      body: {
        title: 'Kyoto in Autumn',
        city: 'Kyoto',
        status: 'published',
        sections: [{ section_type: 'best_time', content: { title: 'When to go', months: ['November'], note: 'Maple season.' } }],
      },
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const read = await t.request('GET', `/api/backend/story/${rest.body.story.slug}`);
    expect(read.body.sections).toEqual([
      expect.objectContaining({ section_type: 'best_time', order_index: 0, content: { title: 'When to go', months: ['November'], note: 'Maple season.' } }),
    ]);
  });
});

describe('status, listing and deleting', () => {
  it('moves status as the author may, and no further; lists only the author own stories by filter', async () => {
    const [author, other] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const story = await saved(author.token, { title: 'Porto by night' });
    const move = async (token: string, status: string) => (await t.graphql(STATUS, { input: { id: story.id, status } }, token)).body.data.setStoryStatus;
    expect((await move(author.token, 'HIDDEN')).message).toBe(M.invalidStatusMove);
    expect((await move(other.token, 'PUBLISHED')).message).toBe(M.notFoundOrNotYours);
    expect((await move(author.token, 'PUBLISHED')).story.status).toBe('PUBLISHED');
    expect((await move(author.token, 'HIDDEN')).story.status).toBe('HIDDEN');
    expect((await move(author.token, 'PUBLISHED')).story.status).toBe('PUBLISHED');
    await saved(author.token, { title: 'Draft two' });

    const mine = async (status?: string) => (await t.graphql(MINE, { status }, author.token)).body.data.myStories.edges.map((e: any) => e.node.title);
    expect(await mine()).toEqual(['Draft two', 'Porto by night']);
    expect(await mine('DRAFT')).toEqual(['Draft two']);
    expect(await mine('HIDDEN')).toEqual([]);
    expect((await t.graphql(MINE, {}, other.token)).body.data.myStories.edges).toEqual([]);

    const rest = await t.request('GET', `/api/backend/my-stories/${author.userId}?status=published`, { token: author.token });
    expect(rest.body.stories.map((s: any) => [s.title, s.status])).toEqual([['Porto by night', 'published']]);
    expect((await t.request('GET', `/api/backend/my-stories/${author.userId}`, { token: other.token })).status).toBe(403);
    const restMove = await t.request('PUT', `/api/backend/story-status/${uuidOf(story.id)}`, { token: author.token, body: { status: 'hidden' } });
    expect(restMove.body.story.status).toBe('hidden');
  });

  it('deletes for the author only, sections with it; another user and nobody are refused', async () => {
    const [author, other] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const story = await saved(author.token, { sections: [{ type: 'TEXT', heading: 'h', body: '<p>b</p>' }] });
    const id = uuidOf(story.id);
    expect((await t.graphql(DELETE, { input: { id: story.id } }, other.token)).body.data.deleteStory.message).toBe(M.notFoundOrNotYours);
    expect((await t.request('DELETE', `/api/backend/delete-story/${id}`)).status).toBe(401);
    expect((await t.request('DELETE', `/api/backend/delete-story/${id}`, { token: other.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/backend/delete-story/${id}`, { token: author.token })).body).toEqual({ success: true, id });
    expect(await t.db.prisma.storySection.count({ where: { storyId: id } })).toBe(0);
  });
});

describe('reading', () => {
  it('shows published stories to anyone, drafts only to their author, most viewed first, in pages', async () => {
    const [author, other] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const draft = await saved(author.token, { title: 'Secret draft' });
    const pub = await saved(author.token, { title: 'Open story', status: 'PUBLISHED' });
    expect((await t.graphql(READ, { s: draft.slug })).body.data.story).toBeNull();
    expect((await t.graphql(READ, { s: draft.slug }, other.token)).body.data.story).toBeNull();
    expect((await t.graphql(READ, { s: draft.slug }, author.token)).body.data.story.title).toBe('Secret draft');
    const anon = (await t.graphql(READ, { s: pub.slug })).body.data.story;
    expect(anon).toMatchObject({ title: 'Open story', isMine: false, authorName: 'Ada L.' });
    expect((await t.graphql(READ, { s: uuidOf(pub.id) })).body.data.story.title).toBe('Open story');
    expect((await t.request('GET', `/api/backend/story/${draft.slug}`)).status).toBe(404);

    await t.db.prisma.story.update({ where: { id: uuidOf(pub.id) }, data: { viewCount: 1_000_000 } });
    const page1 = (await t.graphql(PUBLISHED, { first: 1 })).body.data.publishedStories;
    expect(page1.edges[0].node.title).toBe('Open story');
    const page2 = (await t.graphql(PUBLISHED, { first: 50, after: page1.pageInfo.endCursor })).body.data.publishedStories;
    expect(page2.edges.map((e: any) => e.node.title)).not.toContain('Open story');
    expect(page2.edges.map((e: any) => e.node.title)).not.toContain('Secret draft');

    const rest = await t.request('GET', '/api/backend/stories?limit=1');
    expect(rest.body.stories.map((s: any) => s.title)).toEqual(['Open story']);
    expect((await t.request('GET', '/api/backend/stories?limit=0')).status).toBe(400);

    // Explore's popular stories are the blog's first three, by the one listing of the service.
    const blog3 = (await t.request('GET', '/api/backend/stories?limit=3')).body.stories;
    const popular = (await t.request('GET', '/api/backend/popular-stories')).body.stories;
    expect(popular.map((s: any) => s.id)).toEqual(blog3.map((s: any) => s.id));
    expect(Object.keys(popular[0]).sort()).toEqual(['city', 'id', 'slug', 'title', 'updated_at', 'view_count']);
  });

  it('sanitises a text body written around the service too, on both doors', async () => {
    const author = await signedInUser(t);
    const story = await saved(author.token, { title: 'Written elsewhere', status: 'PUBLISHED' });
    await t.db.prisma.storySection.create({
      data: {
        storyId: uuidOf(story.id),
        orderIndex: 0,
        sectionType: 'TEXT',
        content: { heading: 'h', body: '<p>ok<img src=x onerror=alert(1)></p><script>x</script>' },
      },
    });
    expect((await t.graphql(READ, { s: story.slug })).body.data.story.sections[0].body).toBe('<p>ok</p>');
    expect((await t.request('GET', `/api/backend/story/${story.slug}`)).body.sections[0].content.body).toBe('<p>ok</p>');
  });

  it('counts a view once per reader per day, never the author, and not for drafts', async () => {
    const [author, reader] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const story = await saved(author.token, { title: 'Counted', status: 'PUBLISHED' });
    const view = async (token?: string, address?: string) => {
      if (address) {
        const res = await t.request('GET', `/api/backend/story/${story.slug}`, {
          headers: { 'x-forwarded-for': address, 'user-agent': `Browser ${Math.random()}` },
        });
        return res.body.story.view_count as number;
      }
      return (await t.graphql(VIEW, { input: { id: story.id } }, token)).body.data.recordStoryView.viewCount as number;
    };
    expect(await view(author.token)).toBe(0);
    expect(await view(reader.token)).toBe(1);
    expect(await view(reader.token)).toBe(1);
    // Signed out: by address (and reader cookie), whatever the User-Agent says.
    expect(await view(undefined, '198.51.100.1')).toBe(2);
    expect(await view(undefined, '198.51.100.1')).toBe(2);
    expect(await view(undefined, '198.51.100.2')).toBe(3);
    // Yesterday's readers are let go when the story is next read.
    await t.db.prisma.storyView.create({ data: { storyId: uuidOf(story.id), readerKey: 'u:yesterday', day: new Date(Date.now() - 86_400_000) } });
    expect(await view(reader.token)).toBe(3);
    expect(await t.db.prisma.storyView.count({ where: { storyId: uuidOf(story.id), readerKey: 'u:yesterday' } })).toBe(0);
    const draft = await saved(author.token, { title: 'Uncounted' });
    expect((await t.graphql(VIEW, { input: { id: draft.id } }, reader.token)).body.data.recordStoryView.message).toBe(M.notFound);
  });

  it('reads the blog in the same number of statements for 2 stories as for 30', async () => {
    const author = await signedInUser(t);
    const measure = async () => {
      t.db.stats.queries = 0;
      const res = await t.graphql(PUBLISHED, { first: 100 });
      expect(res.body.errors).toBeUndefined();
      return t.db.stats.queries;
    };
    await saved(author.token, { title: 'S1', status: 'PUBLISHED' });
    const few = await measure();
    for (let i = 0; i < 28; i++) await saved(author.token, { title: `S${i + 2}`, status: 'PUBLISHED' });
    expect(await measure()).toBe(few);
  });
});

/** Whether EXIF data (as sharp's metadata gives it) points to a GPS block (tag 0x8825 of its first IFD). */
function hasGpsPosition(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const le = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const ifd0 = le ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  for (let i = 0; i < u16(ifd0); i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

describe('images', () => {
  // A real 1×1 PNG (the pipeline decodes every upload, so a fixture must be a valid image).
  let PNG: Buffer;
  beforeAll(async () => {
    PNG = await sharp({ create: { width: 1, height: 1, channels: 4, background: '#ffffff00' } })
      .png()
      .toBuffer();
  });
  const upload = (token: string | undefined, data: Uint8Array, name = 'a.png') => {
    const form = new FormData();
    form.append('file', new Blob([data as BlobPart]), name);
    return t.app.fetch(
      new Request('http://app.test/api/backend/upload-story-image', { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} }),
    );
  };

  it('stores an uploaded picture, serves it from the product, and keeps it on a story', async () => {
    const author = await signedInUser(t);
    const res = await upload(author.token, PNG);
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    // Re-encoded by the photos' pipeline: always WebP, whatever came in.
    expect(url).toMatch(/^\/api\/backend\/story-image\/[0-9a-f-]{36}\.webp$/);
    // Pending until a story uses it: its uploader sees it.
    const served = await t.app.fetch(new Request(`http://app.test${url}`, { headers: { authorization: `Bearer ${author.token}` } }));
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1, 1]);
    const story = await saved(author.token, {
      coverUrl: url,
      sections: [{ type: 'PLACES', title: 'Where I Stayed', items: [{ name: 'Casa', imageUrl: url }] }],
    });
    expect(story.coverUrl).toBe(url);
    expect(story.sections[0].items[0].imageUrl).toBe(url);
  });

  it('strips EXIF (a GPS position) from a photo, turns it upright and resizes it to the display size', async () => {
    const author = await signedInUser(t);
    // A phone's photo: 2400×1200 stored sideways (orientation 6), with its camera and GPS position.
    const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3a7' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 0/1' },
      })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif!.includes(Buffer.from('PhoneMaker'))).toBe(true);
    expect(hasGpsPosition(before.exif)).toBe(true);
    const res = await upload(author.token, jpeg, 'IMG_0001.jpg');
    expect(res.status).toBe(201);
    const { url, mime_type } = (await res.json()) as { url: string; mime_type: string };
    expect(mime_type).toBe('image/webp');
    const mine = { headers: { authorization: `Bearer ${author.token}` } };
    const stored = Buffer.from(await (await t.app.fetch(new Request(`http://app.test${url}`, mine))).arrayBuffer());
    const after = await sharp(stored).metadata();
    expect(after.exif).toBeUndefined();
    expect(hasGpsPosition(after.exif)).toBe(false);
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    // Upright (a quarter turn: 1200 wide, 2400 high), then no wider than the display size.
    expect([after.width, after.height]).toEqual([1200, 2400]);
    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#357' } })
      .jpeg()
      .toBuffer();
    const wideUrl = ((await (await upload(author.token, wide, 'wide.jpg')).json()) as { url: string }).url;
    const wideMeta = await sharp(Buffer.from(await (await t.app.fetch(new Request(`http://app.test${wideUrl}`, mine))).arrayBuffer())).metadata();
    expect([wideMeta.width, wideMeta.height]).toEqual([1920, 640]);
  });

  it('refuses non-images, too large files and signed-out uploads', async () => {
    const author = await signedInUser(t);
    const text = await upload(author.token, Buffer.from('hello'), 'a.png');
    expect(text.status).toBe(400);
    expect(((await text.json()) as { error: string }).error).toBe(M.notAnImage);
    expect((await upload(undefined, PNG)).status).toBe(401);
    const big = Buffer.alloc(10 * 1024 * 1024 + 100 * 1024, 0);
    PNG.copy(big);
    expect((await upload(author.token, big)).status).toBe(413);
    expect((await t.app.fetch(new Request('http://app.test/api/backend/story-image/..%2F..%2Fetc.png'))).status).toBe(404);
  });
});
