import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_COOKIE } from '../../api/src/accounts/pageSession.js';
import { RATE_LIMITS } from '../../api/src/platform/rateLimit.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';

/**
 * The server's half of signed-in pages (api/src/server/signedInPages.ts): a dashboard document is
 * rendered for the reader the page cookie names, in the zone and language of their cookies, with
 * the records and the render's facts in it, `private, no-store`; without a cookie, or with an
 * ended session, it is the shell. A stand-in web/dist and renderer (the shape of
 * web/src/prerender.tsx's renderSignedIn) that runs a query as the reader.
 */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-signedin-'));
const SHELL = `<!doctype html><html><head><title>Tripcrew · Plan trips together</title></head><body><div id="root"></div></body></html>`;
fs.writeFileSync(path.join(webDist, 'index.html'), SHELL);
const prerenderedDir = path.join(webDist, 'prerendered');
fs.mkdirSync(prerenderedDir);
fs.writeFileSync(path.join(prerenderedDir, 'dashboard.html'), SHELL);
fs.writeFileSync(path.join(prerenderedDir, 'dashboard.signed-in.html'), SHELL.replace('<div id="root"></div>', '<div id="root"><!--app--></div>'));
fs.writeFileSync(path.join(prerenderedDir, 'pages.json'), JSON.stringify({ '/dashboard': 'dashboard.html' }));
fs.writeFileSync(
  path.join(prerenderedDir, 'live.json'),
  JSON.stringify({ renderer: 'ssr/renderer.mjs', pages: {}, signedIn: { '/dashboard': 'dashboard.signed-in.html' } }),
);
fs.mkdirSync(path.join(webDist, 'ssr'));
fs.writeFileSync(
  path.join(webDist, 'ssr', 'renderer.mjs'),
  `export async function renderSignedIn(path, facts, fetchQuery) {
    const data = await fetchQuery({ text: 'query Me { viewer { email firstName createdAt } }' }, {});
    const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    return { markup: '<h1>Hello, ' + esc(data.viewer.firstName) + '</h1><p>' + esc(facts.timeZone + ' ' + facts.locale) + '</p><p>created: ' + typeof data.viewer.createdAt + '</p>', title: 'Dashboard <1> · Tripcrew', records: { path, data } };
  }
  export async function render() { throw new Error('no public live pages here'); }`,
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function reader() {
  const u = await signedInUser(t, { first_name: 'Ines<b>' });
  const signin = await t.request('POST', '/api/auth/signin', { body: { email: u.email, password: u.password } });
  const cookie = signin.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${PAGE_COOKIE}=`))!
    .split(';')[0]!;
  return { ...u, session: signin.body, cookie };
}

const page = (cookie: string) => t.app.fetch(new Request('http://app.test/dashboard', { headers: { cookie } }));

describe('a signed-in page as the server sends it', () => {
  it("is rendered for the cookie's reader, in their zone and language, with its records, escaped, and kept by no cache", async () => {
    const u = await reader();
    const res = await page(`${u.cookie}; tc_tz=Asia%2FTokyo; tc_locale=ja-JP`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
    const body = await res.text();
    expect(body).toContain('<h1>Hello, Ines&lt;b></h1><p>Asia/Tokyo ja-JP</p>');
    // The render reads its data as the browser's store holds it: JSON (a DateTime is a string,
    // not a Date, so the two sort and format alike).
    expect(body).toContain('<p>created: string</p>');
    expect(body).toContain('<title>Dashboard &#60;1&#62; · Tripcrew</title>');
    const facts = JSON.parse(/<script type="application\/json" id="render-facts">(.*?)<\/script>/.exec(body)![1]!);
    expect(facts).toMatchObject({ viewer: { id: u.userId, email: u.email }, timeZone: 'Asia/Tokyo', locale: 'ja-JP' });
    // Nothing in the data blocks can close their element.
    expect(body).toContain('Ines\\u003cb\\u003e');
    expect(body).toMatch(/<script type="application\/json" id="relay-records">\{"path":"\/dashboard"/);
  });

  it("reads its reader with the session in one statement, beside what the page's own query reads", async () => {
    const u = await reader();
    t.db.stats.queries = 0;
    const res = await page(`${u.cookie}; tc_tz=Europe%2FLisbon; tc_locale=pt-PT`);
    expect(await res.text()).toContain('<h1>Hello, Ines&lt;b></h1>');
    const rendered = t.db.stats.queries;
    t.db.stats.queries = 0;
    const direct = await t.graphql('query Me { viewer { email firstName createdAt } }', {}, u.session.access_token);
    expect(direct.body.errors).toBeUndefined();
    // The same query asked over /graphql with a token, and one statement for the page cookie's
    // session and the reader the page greets.
    expect(rendered).toBe(t.db.stats.queries + 1);
  });

  it('is the shell without the cookies, with a zone or language that is none, or once the session has ended', async () => {
    const u = await reader();
    const shell = async (cookie: string) => {
      const body = await (await page(cookie)).text();
      expect(body, cookie).toBe(SHELL);
    };
    await shell('tc_tz=UTC; tc_locale=en-US');
    await shell(`${u.cookie}; tc_locale=en-US`);
    await shell(`${u.cookie}; tc_tz=Mars%2FOlympus; tc_locale=en-US`);
    await shell(`${u.cookie}; tc_tz=UTC; tc_locale=not_a_locale!`);
    await shell(`${PAGE_COOKIE}=forged; tc_tz=UTC; tc_locale=en-US`);
    await t.request('POST', '/api/auth/signout', { body: { refresh_token: u.session.refresh_token } });
    await shell(`${u.cookie}; tc_tz=UTC; tc_locale=en-US`);
  });

  it('is rendered at most signedInRendersPerUser times a minute per reader; beyond, the shell', async () => {
    const u = await reader();
    const cookie = `${u.cookie}; tc_tz=UTC; tc_locale=en-US`;
    const { points } = RATE_LIMITS.signedInRendersPerUser;
    const bodies = await Promise.all(Array.from({ length: points + 3 }, async () => (await page(cookie)).text()));
    expect(bodies.filter((b) => b.includes('Hello, Ines')).length).toBe(points);
    expect(bodies.filter((b) => b === SHELL).length).toBe(3);
  });
});
