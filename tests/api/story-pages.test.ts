import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(page).toContain('<meta property="og:image" content="https://trips.example/story-cover.svg" />');
    expect(page).not.toContain('<Lisbon>');
    // By id too (the page's own address is the slug's).
    const uuid = Buffer.from(id, 'base64').toString().split(':')[1];
    expect(await html(`/blog/stories/${uuid}`)).toContain(`<link rel="canonical" href="https://trips.example/blog/stories/${slug}" />`);
  });

  it('give drafts and unknown stories the plain shell', async () => {
    const author = await signedInUser(t);
    const res = await t.graphql(SAVE, { input: { title: 'Not yet', city: 'Porto' } }, author.token);
    for (const p of [`/blog/stories/${res.body.data.saveStory.story.slug}`, '/blog/stories/no-such-story']) {
      const page = await html(p);
      expect(page).toContain('<title>Tripcrew · Plan trips together</title>');
      expect(page).not.toContain('og:title');
    }
  });
});
