import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PAGE_FRESH_MS, RecentRenders } from '../../api/src/server/livePages.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';

/**
 * A shared story link previews with the story's own title, description and picture: the server
 * puts them in the HTML it sends (the page itself renders in the browser). A stand-in web/dist.
 */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-storypages-'));
const SHELL = `<!doctype html><html><head>
    <meta name="description" content="Tripcrew: plan trips together." />
    <title>Tripcrew · Plan trips together</title>
  </head><body><div id="root"></div></body></html>`;
fs.writeFileSync(path.join(webDist, 'index.html'), SHELL);

/**
 * A stand-in of the build's live pages (web/scripts/prerender.ts): /blog's template and data-less
 * prerendered copy, and a renderer module in the shape of web/src/prerender.tsx that reads the
 * page's data through `fetchRest` (the server's, in-process) and renders the titles.
 */
const prerenderedDir = path.join(webDist, 'prerendered');
fs.mkdirSync(prerenderedDir);
fs.writeFileSync(path.join(prerenderedDir, 'blog.html'), SHELL.replace('<div id="root"></div>', '<div id="root"><p>Loading stories</p></div>'));
fs.writeFileSync(path.join(prerenderedDir, 'blog.template.html'), SHELL.replace('<div id="root"></div>', '<div id="root"><!--app--></div>'));
fs.writeFileSync(path.join(prerenderedDir, 'pages.json'), JSON.stringify({ '/blog': 'blog.html' }));
fs.writeFileSync(path.join(prerenderedDir, 'blog-stories-id.template.html'), SHELL.replace('<div id="root"></div>', '<div id="root"><!--app--></div>'));
fs.writeFileSync(path.join(prerenderedDir, 'guides-city.template.html'), SHELL.replace('<div id="root"></div>', '<div id="root"><!--app--></div>'));
fs.writeFileSync(
  path.join(prerenderedDir, 'live.json'),
  JSON.stringify({
    renderer: 'ssr/renderer.mjs',
    pages: { '/blog': 'blog.template.html', '/blog/stories/:id': 'blog-stories-id.template.html', '/guides/:city': 'guides-city.template.html' },
  }),
);
fs.mkdirSync(path.join(webDist, 'ssr'));
fs.writeFileSync(
  path.join(webDist, 'ssr', 'renderer.mjs'),
  `export async function render(path, fetchRest) {
    if (globalThis.breakLivePages) throw new Error('broken on purpose');
    globalThis.liveRenders = (globalThis.liveRenders ?? 0) + 1;
    const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    if (path.startsWith('/guides/')) {
      const restPath = '/api/backend/guide/' + path.slice('/guides/'.length);
      const answer = await fetchRest(restPath);
      return { markup: '<h1>' + (answer.status === 200 ? esc(answer.body.guide.title) : 'City Guide') + '</h1>', rest: { [restPath]: answer } };
    }
    if (path.startsWith('/blog/stories/')) {
      const restPath = '/api/backend/story/' + path.slice('/blog/stories/'.length);
      const answer = await fetchRest(restPath);
      return { markup: '<h1>' + (answer.status === 200 ? esc(answer.body.story.title) : 'Story not found') + '</h1>', rest: { [restPath]: answer } };
    }
    // The lists read REST, as pages/stories/listQueries.ts does.
    const restPath = '/api/backend/stories?limit=24';
    const answer = await fetchRest(restPath);
    return { markup: answer.body.stories.map((s) => '<h3>' + esc(s.title) + '</h3>').join(''), rest: { [restPath]: answer } };
  }`,
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'https://trips.example' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const SAVE = `mutation($input: SaveStoryInput!) { saveStory(input: $input) { ... on StoryPayload { story { id slug } } ... on Error { message } } }`;
const html = async (p: string) => (await t.app.fetch(new Request(`https://trips.example${p}`))).text();

describe('story pages as the server sends them', () => {
  it('carry a published story own title, description and Open Graph tags, escaped', async () => {
    const author = await signedInUser(t);
    const res = await t.graphql(
      SAVE,
      { input: { title: 'Tapas & "tiles" <Lisbon>', city: 'Lisbon', intro: 'Two weeks of trams.', status: 'PUBLISHED' } },
      author.token,
    );
    const { slug, id } = res.body.data.saveStory.story;
    const page = await html(`/blog/stories/${slug}`);
    expect(page).toContain('<title>Tapas &#38; &#34;tiles&#34; &#60;Lisbon&#62; · Tripcrew</title>');
    expect(page).toContain('<meta name="description" content="Two weeks of trams." />');
    expect(page).toContain('<meta property="og:title" content="Tapas &#38; &#34;tiles&#34; &#60;Lisbon&#62;" />');
    expect(page).toContain('<meta property="og:type" content="article" />');
    expect(page).toContain(`<meta property="og:url" content="https://trips.example/blog/stories/${slug}" />`);
    // Without a cover, the fallback picture as a raster: preview cards do not draw SVG.
    expect(page).toContain('<meta property="og:image" content="https://trips.example/story-cover.jpg" />');
    expect(page).not.toContain('<Lisbon>');
    // Rendered with the story, the REST answer it read alongside for the browser.
    expect(page).toContain('<div id="root"><h1>Tapas &amp; "tiles" &lt;Lisbon></h1></div>');
    expect(page).toMatch(
      /<script type="application\/json" id="rest-data">\{"\/api\/backend\/story\/[^"]+":\{"status":200,"body":\{"story":\{[^}]*"title":"Tapas/,
    );
    // Sent compressed, as every page is.
    const compressed = await t.app.fetch(new Request(`https://trips.example/blog/stories/${slug}`, { headers: { 'accept-encoding': 'br' } }));
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toMatch(/accept-encoding/i);
    // By id too (the page's own address is the slug's).
    const uuid = Buffer.from(id, 'base64').toString().split(':')[1];
    expect(await html(`/blog/stories/${uuid}`)).toContain(`<link rel="canonical" href="https://trips.example/blog/stories/${slug}" />`);
  });

  it('give drafts and unknown stories the plain head and the not-found page, as a 404', async () => {
    const author = await signedInUser(t);
    const res = await t.graphql(SAVE, { input: { title: 'Not yet', city: 'Porto' } }, author.token);
    const { slug, id } = res.body.data.saveStory.story;
    const uuid = Buffer.from(id, 'base64').toString().split(':')[1];
    for (const p of [`/blog/stories/${slug}`, `/blog/stories/${uuid}`, '/blog/stories/no-such-story']) {
      // Rendered now, then again from the moment's render: a 404 both times, never a 304.
      for (const headers of [{}, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
        const res = await t.app.fetch(new Request(`https://trips.example${p}`, { headers }));
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
        const etag = res.headers.get('etag');
        if (etag) expect((await t.app.fetch(new Request(`https://trips.example${p}`, { headers: { 'if-none-match': etag } }))).status).toBe(404);
      }
      const page = await html(p);
      expect(page).toContain('<title>Tripcrew · Plan trips together</title>');
      expect(page).not.toContain('og:title');
      // Rendered signed out: the draft is not found, and nothing of it is in the page.
      expect(page).toContain('<div id="root"><h1>Story not found</h1></div>');
      expect(page).not.toContain('Not yet');
      expect(page).not.toContain('Porto');
    }
    // Without the live render (it failed), still the not-found answer.
    (globalThis as { breakLivePages?: boolean }).breakLivePages = true;
    try {
      const res = await t.app.fetch(new Request('https://trips.example/blog/stories/never-rendered'));
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('<title>Tripcrew · Plan trips together</title>');
    } finally {
      delete (globalThis as { breakLivePages?: boolean }).breakLivePages;
    }
    // A published story is found, by slug and by id.
    const published = await t.graphql(SAVE, { input: { title: 'Out now', city: 'Braga', status: 'PUBLISHED' } }, author.token);
    const found = published.body.data.saveStory.story;
    expect((await t.app.fetch(new Request(`https://trips.example/blog/stories/${found.slug}`))).status).toBe(200);
    const foundUuid = Buffer.from(found.id, 'base64').toString().split(':')[1];
    expect((await t.app.fetch(new Request(`https://trips.example/blog/stories/${foundUuid}`))).status).toBe(200);
  });

  it("count no view when the server renders them: the reader's own read of the story counts it", async () => {
    const author = await signedInUser(t);
    const res = await t.graphql(SAVE, { input: { title: 'Counted by readers', city: 'Évora', status: 'PUBLISHED' } }, author.token);
    const { slug } = res.body.data.saveStory.story;
    const views = async () => (await t.graphql('query($s: String!) { story(slugOrId: $s) { viewCount } }', { s: slug })).body.data.story.viewCount;
    expect(await html(`/blog/stories/${slug}`)).toContain('<h1>Counted by readers</h1>');
    expect(await views()).toBe(0);
    // The browser's read, once the page is the reader's (pages/stories/storyApi.ts), counts it.
    const read = await t.app.fetch(new Request(`https://trips.example/api/backend/story/${slug}`, { headers: { 'x-forwarded-for': '198.51.100.7' } }));
    expect(read.status).toBe(200);
    expect(((await read.json()) as { story: { view_count: number } }).story.view_count).toBe(1);
    expect(await views()).toBe(1);
  });

  it('are rendered once per path per moment, however many readers ask', async () => {
    const author = await signedInUser(t);
    const res = await t.graphql(SAVE, { input: { title: 'Once is enough', city: 'Faro', status: 'PUBLISHED' } }, author.token);
    const { slug } = res.body.data.saveStory.story;
    const renders = () => (globalThis as { liveRenders?: number }).liveRenders ?? 0;
    const before = renders();
    const pages = await Promise.all([html(`/blog/stories/${slug}`), html(`/blog/stories/${slug}`), html(`/blog/stories/${slug}`)]);
    expect(renders() - before).toBe(1);
    for (const page of pages) expect(page).toContain('<h1>Once is enough</h1>');
    // Another path is another page.
    expect(await html('/blog/stories/no-such-story-either')).toContain('<h1>Story not found</h1>');
    expect(renders() - before).toBe(2);
  });
});

describe('guide pages as the server sends them', () => {
  it('carry the guide, its signed-out REST answer as a data block, and its own head', async () => {
    const res = await t.app.fetch(new Request('https://trips.example/guides/barcelona', { headers: { 'accept-encoding': 'br' } }));
    expect(res.headers.get('content-encoding')).toBe('br');
    const page = await html('/guides/barcelona');
    expect(page).toContain('<div id="root"><h1>Barcelona Travel Guide</h1></div>');
    expect(page).toContain('<meta property="og:title" content="Barcelona Travel Guide" />');
    const block = /<script type="application\/json" id="rest-data">([\s\S]*?)<\/script>/.exec(page)![1];
    const answers = JSON.parse(block) as Record<string, { status: number; body: { guide: { slug: string } } }>;
    expect(answers['/api/backend/guide/barcelona'].status).toBe(200);
    expect(answers['/api/backend/guide/barcelona'].body.guide.slug).toBe('barcelona');
    // A city without a guide: the generic 'City Guide' page, a page like any other (200), with
    // the REST 404 handed over as such.
    const genericRes = await t.app.fetch(new Request('https://trips.example/guides/atlantis'));
    expect(genericRes.status).toBe(200);
    const generic = await genericRes.text();
    expect(generic).toContain('<div id="root"><h1>City Guide</h1></div>');
    expect(generic).toContain('"/api/backend/guide/atlantis":{"status":404');
  });
});

describe('the live pages cache', () => {
  it('keeps a render for LIVE_PAGE_FRESH_MS, and at most its size of paths', () => {
    const cache = new RecentRenders<string>(3);
    cache.set('/a', 'A', 0);
    expect(cache.get('/a', LIVE_PAGE_FRESH_MS - 1)).toBe('A');
    expect(cache.get('/a', LIVE_PAGE_FRESH_MS)).toBeUndefined();
    for (const p of ['/b', '/c', '/d', '/e']) cache.set(p, p, 10);
    expect(cache.count).toBe(3);
    expect(cache.get('/b', 10)).toBeUndefined();
    expect(cache.get('/e', 10)).toBe('/e');
    // Expired renders go when a later render passes them, however few there are.
    cache.set('/f', '/f', 10 + LIVE_PAGE_FRESH_MS);
    expect(cache.count).toBe(1);
  });
});

describe('the story lists as the server sends them', () => {
  it('carry the stories published a moment ago in the HTML, with their REST answer as a JSON data block', async () => {
    const author = await signedInUser(t);
    const title = `Porto </script><b>by</b> tram ${Date.now()}`;
    await t.graphql(SAVE, { input: { title, city: 'Porto', status: 'PUBLISHED' } }, author.token);
    // Rendered at most a second ago: a story just published shows once that second has passed.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await t.app.fetch(new Request('https://trips.example/blog', { headers: { 'accept-encoding': 'br' } }));
    expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(res.headers.get('content-encoding')).toBe('br');
    const page = await html('/blog');
    const root = /<div id="root">([\s\S]*?)<\/div>/.exec(page)![1];
    expect(root).toContain(`<h3>Porto &lt;/script>&lt;b>by&lt;/b> tram`);
    const block = /<script type="application\/json" id="rest-data">([\s\S]*?)<\/script>/.exec(page)![1];
    // Nothing in the block can end it early: the title's own "</script>" is escaped.
    expect(block).not.toContain('<');
    const answers = JSON.parse(block) as Record<string, { status: number; body: { stories: { title: string }[] } }>;
    expect(Object.keys(answers)).toEqual(['/api/backend/stories?limit=24']);
    expect(answers['/api/backend/stories?limit=24'].status).toBe(200);
    expect(answers['/api/backend/stories?limit=24'].body.stories.map((s) => s.title)).toContain(title);
    expect(page).not.toContain('relay-records');
  });

  it('fall back to the prerendered copy when rendering fails', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    (globalThis as { breakLivePages?: boolean }).breakLivePages = true;
    try {
      const page = await html('/blog');
      expect(page).toContain('<div id="root"><p>Loading stories</p></div>');
      expect(page).not.toContain('rest-data');
    } finally {
      delete (globalThis as { breakLivePages?: boolean }).breakLivePages;
    }
  });
});
