import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding } from '../../api/src/server/webAssets.js';
import { createTestApp, type TestApp } from '../support/testApp.js';

/**
 * How the built web app is served (mountWebApp, api/src/server/webAssets.ts): precompressed
 * files with the right Vary and cache headers, prerendered pages for their paths and the shell
 * for every other one. A stand-in for web/dist, laid out as `npm run build:web` leaves it, so
 * these tests do not depend on a build.
 */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-webassets-'));
const SHELL = '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';
const LANDING = SHELL.replace('<div id="root"></div>', '<div id="root"><h1>Plan trips together.</h1></div>');
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;

/** A file and its .br and .gz, as web/scripts/compress.ts writes them. */
function writeCompressed(file: string, body: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(body));
  fs.writeFileSync(`${file}.gz`, gzipSync(body));
}

writeCompressed(path.join(webDist, 'index.html'), SHELL);
writeCompressed(path.join(webDist, 'assets/app.js'), SCRIPT);
writeCompressed(path.join(webDist, 'assets/app.css'), 'body { color: red; }\n'.repeat(20));
writeCompressed(path.join(webDist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h24v24H0z"/>'.repeat(20)}</svg>`);
fs.writeFileSync(path.join(webDist, 'assets/logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
writeCompressed(path.join(webDist, 'prerendered/index.html'), LANDING);
writeCompressed(path.join(webDist, 'prerendered/how-it-works.html'), LANDING.replace('Plan trips together.', 'How Tripcrew works'));
writeCompressed(path.join(webDist, 'prerendered/signup.html'), LANDING.replace('Plan trips together.', 'Create Your Account'));
fs.writeFileSync(
  path.join(webDist, 'prerendered/pages.json'),
  JSON.stringify({ '/': 'index.html', '/how-it-works': 'how-it-works.html', '/signup': { file: 'signup.html', onlyWithoutQuery: true } }),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDist, NODE_ENV: 'production' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The raw answer (no automatic decompression: the app's fetch handler is called directly). */
async function get(p: string, headers: Record<string, string> = {}) {
  const res = await t.app.fetch(new Request(`http://app.test${p}`, { headers }));
  const body = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  const decoded = body.length === 0 ? body : encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  const text = decoded.toString('utf8');
  return { status: res.status, headers: res.headers, size: body.length, text };
}

const BROWSER = 'gzip, deflate, br, zstd';

describe('compressed answers', () => {
  it('send every text file in the best encoding the client takes, and say it varies', async () => {
    for (const p of ['/assets/app.js', '/assets/app.css', '/favicon.svg', '/', '/dashboard/trips']) {
      const br = await get(p, { 'accept-encoding': BROWSER });
      expect([p, br.status, br.headers.get('content-encoding')]).toEqual([p, 200, 'br']);
      expect(br.headers.get('vary'), p).toMatch(/accept-encoding/i);
      const gzip = await get(p, { 'accept-encoding': 'gzip' });
      expect([p, gzip.headers.get('content-encoding')]).toEqual([p, 'gzip']);
      const plain = await get(p);
      expect([p, plain.headers.get('content-encoding')]).toEqual([p, null]);
      // The uncompressed answer varies too: a shared cache must not give it to everyone.
      expect(plain.headers.get('vary'), p).toMatch(/accept-encoding/i);
      expect(br.text).toBe(plain.text);
      expect(gzip.text).toBe(plain.text);
      expect(br.size).toBeLessThan(plain.size);
      expect(Number(br.headers.get('content-length'))).toBe(br.size);
    }
  });

  it('keep the immutable cache on hashed assets, compressed or not; a missing one is a 404', async () => {
    for (const encoding of [BROWSER, '']) {
      const res = await get('/assets/app.js', { 'accept-encoding': encoding });
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-type')).toContain('javascript');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const missing = await get('/assets/gone-since-the-last-deploy.js', { 'accept-encoding': BROWSER });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toContain('text/html');
  });

  it('answer a file missing from /assets/ (a tab opened before a deploy asks for the old build’s) with a 404 no cache keeps, never the app', async () => {
    for (const p of [
      '/assets/index-0ld4a5h.js',
      '/assets/index-0ld4a5h.css?v=2',
      '/assets/fonts/gone.woff2',
      '/assets/app.js.br.missing',
      '/assets/',
      '/assets',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const res = await t.app.fetch(new Request(`http://app.test${p}`, { method, headers: { 'accept-encoding': BROWSER, accept: 'text/html,*/*' } }));
        const text = await res.text();
        expect([method, p, res.status]).toEqual([method, p, 404]);
        expect(res.headers.get('content-type'), p).not.toContain('text/html');
        expect(text, p).not.toContain('<html');
        expect(res.headers.get('cache-control'), p).toBe('no-store');
      }
    }
  });

  it('leave binary files as they are', async () => {
    const res = await get('/assets/logo.png', { 'accept-encoding': BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
  });

  it('pick the encoding by the client’s preferences', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('pages', () => {
  it('are prerendered for their paths, the shell for every other one', async () => {
    for (const [p, expected] of [
      ['/', 'Plan trips together.'],
      ['/how-it-works', 'How Tripcrew works'],
      ['/how-it-works/', 'How Tripcrew works'],
      ['/how-it-works?from=mail', 'How Tripcrew works'],
      ['/signup', 'Create Your Account'],
    ] as const) {
      const res = await get(p, { 'accept-encoding': BROWSER });
      expect([p, res.status, res.headers.get('content-type')]).toEqual([p, 200, expect.stringContaining('text/html')]);
      expect(res.text, p).toContain(`<h1>${expected}</h1>`);
    }
    // A page whose markup reads the query was rendered without one: with one, the shell.
    for (const p of ['/dashboard', '/signin', '/index.html', '/no/such/page', '/signup?invitation=abc&email=a%40b.test']) {
      const res = await get(p, { 'accept-encoding': BROWSER });
      expect([p, res.status, res.text]).toEqual([p, 200, SHELL]);
    }
  });

  it('are revalidated on every visit (they name one build’s assets), with a 304 when unchanged', async () => {
    const first = await get('/', { 'accept-encoding': BROWSER });
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await get('/', { 'accept-encoding': BROWSER, 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.size).toBe(0);
    // Each encoding is its own representation with its own tag.
    const plain = await get('/');
    expect(plain.headers.get('etag')).not.toBe(etag);
    expect((await get('/', { 'if-none-match': etag! })).status).toBe(200);
    // Another page's tag does not match.
    const other = await get('/how-it-works', { 'accept-encoding': BROWSER, 'if-none-match': etag! });
    expect(other.status).toBe(200);
  });

  it('answer HEAD with the headers alone', async () => {
    const res = await t.app.fetch(new Request('http://app.test/', { method: 'HEAD', headers: { 'accept-encoding': BROWSER } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });
});
