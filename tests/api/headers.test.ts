import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkFromMail, signedInUser, type TestApp } from '../support/testApp.js';

// A stand-in for web/dist, so these tests do not depend on whether the web app was built.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-webdist-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/x.js"></script></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(webDist, 'assets/x.js'), 'console.log(1);\n//# sourceMappingURL=x.js.map\n');
fs.writeFileSync(path.join(webDist, 'assets/x.js.map'), '{"version":3,"sources":["secret.ts"],"mappings":""}');

let t: TestApp;
let prod: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDist });
  prod = await createTestApp({ WEB_DIST: webDist, NODE_ENV: 'production' }, { db: t.db });
});
afterAll(async () => {
  await prod?.close();
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

/** The CSP as directive name → sources. */
function policy(headers: Headers): Map<string, string[]> {
  const csp = headers.get('content-security-policy');
  expect(csp, 'Content-Security-Policy').toBeTruthy();
  return new Map(
    csp!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectPageHeaders(headers: Headers) {
  const p = policy(headers);
  expect(p.get('default-src')).toEqual(["'self'"]);
  const scripts = p.get('script-src') ?? p.get('default-src')!;
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  for (const s of scripts) expect(s).toMatch(/^'self'$|^'sha256-[A-Za-z0-9+/=]+'$/);
  expect(p.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'ws://app.test', 'wss://app.test']));
  // Pictures are ours (uploads, the guides' and stories' own), and the map's tiles: no other address.
  expect(p.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
  expect(p.get('media-src')).toEqual(["'self'", 'blob:']);
  expect(p.get('frame-ancestors')).toEqual(["'none'"]);
  expect(p.get('base-uri')).toEqual(["'self'"]);
  expect(p.get('form-action')).toEqual(["'self'"]);
  expect(p.get('object-src')).toEqual(["'none'"]);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options')).toBe('DENY');
}

describe('the web app', () => {
  it('is served with the CSP and the other page headers on every path', async () => {
    for (const p of ['/', '/dashboard/trips', '/signin?next=%2Fdashboard']) {
      const res = await t.request('GET', p, { headers: html });
      expect([p, res.status, res.headers.get('content-type')]).toEqual([p, 200, expect.stringContaining('text/html')]);
      expectPageHeaders(res.headers);
    }
  });

  it('keeps the long cache on hashed assets', async () => {
    const res = await t.request('GET', '/assets/x.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('has no public source maps in production', async () => {
    for (const p of ['/assets/x.js.map', '/x.js.map', '/assets/missing.js.map']) {
      const res = await prod.request('GET', p);
      expect([p, res.status]).toEqual([p, 404]);
      expect(String(res.body)).not.toContain('secret.ts');
    }
    // The code itself is still there.
    expect((await prod.request('GET', '/assets/x.js')).status).toBe(200);
    expect((await prod.request('GET', '/dashboard')).status).toBe(200);
  });

  it('is built without source map references', async () => {
    const { default: viteConfig } = (await import('../../web/vite.config.js')) as { default: { build?: { sourcemap?: unknown } } };
    // 'hidden' writes maps for debugging but links none from the bundle; true would publish them.
    expect([false, undefined, 'hidden']).toContain(viteConfig.build?.sourcemap);
  });
});

describe('GraphiQL', () => {
  it('loads nothing from a CDN and meets the CSP', async () => {
    const res = await t.request('GET', '/graphql', { headers: html });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expectPageHeaders(res.headers);
    const page = String(res.body);
    expect(page).not.toMatch(/unpkg\.com|cdn\.jsdelivr|<script[^>]+src=["']?https?:/i);
    expect(page).not.toMatch(/<link[^>]+href=["']?https?:/i);
    // No inline script: each <script> has a same-origin src or is a non-executed JSON data block.
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      if (/type=["']?application\/json/.test(attrs!)) continue;
      expect(attrs).toMatch(/src=["']?\//);
      expect(body!.trim()).toBe('');
    }
    // Every linked file is served by this process, as script or stylesheet.
    const urls = [...page.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
    expect(urls.some((u) => u.endsWith('.js'))).toBe(true);
    for (const u of urls) {
      const asset = await t.app.fetch(new Request(`http://app.test${u}`));
      expect([u, asset.status]).toEqual([u, 200]);
      if (u.endsWith('.js')) expect(asset.headers.get('content-type')).toContain('javascript');
      if (u.endsWith('.css')) expect(asset.headers.get('content-type')).toContain('text/css');
      expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
      await asset.body?.cancel();
    }
    // The editor's workers are files of this origin too (no blob: URLs, which the CSP refuses).
    const envUrl = urls.find((u) => u.endsWith('/monaco-environment.js'))!;
    const env = await (await t.app.fetch(new Request(`http://app.test${envUrl}`))).text();
    const workers = [...env.matchAll(/"([\w.]+\.worker\.js)"/g)].map((m) => m[1]!);
    expect(workers.length).toBe(3);
    for (const worker of workers) {
      const res = await t.app.fetch(new Request(`http://app.test${envUrl.replace(/[^/]+$/, worker)}`));
      expect([worker, res.status, res.headers.get('content-type')]).toEqual([worker, 200, expect.stringContaining('javascript')]);
      await res.body?.cancel();
    }
    expect(env).not.toContain('blob');
  });
});

describe('API responses', () => {
  it('carry nosniff and the referrer policy, errors included', async () => {
    for (const [method, p] of [
      ['GET', '/healthz'],
      ['GET', '/api/nothing-here'],
      ['POST', '/api/auth/signin'],
      ['POST', '/graphql'],
    ] as const) {
      const res = await t.request(method, p, { body: method === 'POST' ? {} : undefined });
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), p).toBe('strict-origin-when-cross-origin');
    }
  });

  it('that carry tokens are never cached', async () => {
    const address = { 'x-forwarded-for': '10.200.0.1' };
    const u = await signedInUser(t);
    const signin = await t.request('POST', '/api/auth/signin', { body: { email: u.email, password: u.password }, headers: address });
    expect(signin.status).toBe(200);
    expect(signin.headers.get('cache-control')).toBe('no-store');

    const refresh = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: signin.body.refresh_token } });
    expect(refresh.status).toBe(200);
    expect(refresh.body.access_token).toBeTruthy();
    expect(refresh.headers.get('cache-control')).toBe('no-store');

    const signup = await t.request('POST', '/api/auth/signup', {
      headers: { 'x-forwarded-for': '10.200.0.2' },
      body: {
        email: `no-store.${Date.now()}@example.com`,
        password: 'correct horse battery',
        confirm_password: 'correct horse battery',
        first_name: 'Ada',
        last_name: 'L',
        city: 'London',
        state: 'England',
        country: 'GB',
      },
    });
    expect(signup.status).toBe(201);
    expect(signup.headers.get('cache-control')).toBe('no-store');

    await t.request('POST', '/api/auth/forgot-password', { body: { email: u.email } });
    const token = new URL(await linkFromMail(t, u.email, 'reset-password')).searchParams.get('token');
    const reset = await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'brand-new-pass' } });
    expect(reset.status).toBe(200);
    expect(reset.headers.get('cache-control')).toBe('no-store');

    // Every GraphQL answer, by POST or GET, with a token or without.
    const query = { query: '{ __typename }' };
    for (const res of [
      await t.request('POST', '/graphql', { body: query, token: refresh.body.access_token }),
      await t.request('POST', '/graphql', { body: query }),
      await t.request('GET', `/graphql?query=${encodeURIComponent(query.query)}`),
      await t.request('GET', '/api/backend/nothing', { token: u.token }),
    ]) {
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('the map tile server (MAP_TILES_URL)', () => {
  it("is OpenStreetMap's by default and answered to anyone as mapTiles", async () => {
    const res = await t.graphql('{ mapTiles { urlTemplate } }');
    expect(res.body.data.mapTiles.urlTemplate).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  });

  it('is the configured template, and only its server may load images beside ours', async () => {
    const local = await createTestApp({ MAP_TILES_URL: 'http://{s}.tiles.lan:8080/{z}/{x}/{y}.png' }, { db: t.db });
    try {
      expect((await local.graphql('{ mapTiles { urlTemplate } }')).body.data.mapTiles.urlTemplate).toBe('http://{s}.tiles.lan:8080/{z}/{x}/{y}.png');
      const res = await local.request('GET', '/graphql?query=%7B__typename%7D');
      expect(policy(res.headers).get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://*.tiles.lan:8080']);
    } finally {
      await local.close();
    }
  });

  it('is named in the CSP as a source browsers take, whatever its template', async () => {
    const { contentSecurityPolicy } = await import('../../api/src/server/securityHeaders.js');
    const images = (tiles: string) => policy(new Headers({ 'content-security-policy': contentSecurityPolicy('https://trips.example', tiles) })).get('img-src');
    expect(images('https://tiles.example/{z}/{x}/{y}.png?key=1')).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example']);
    expect(images('https://{s}.tile.example:8443/{z}/{x}/{y}.png')).toEqual(["'self'", 'data:', 'blob:', 'https://*.tile.example:8443']);
    // A wildcard is only a whole leftmost label: a subdomain letter inside a label widens to its parent.
    expect(images('https://tiles-{s}.maps.example/{z}/{x}/{y}.png')).toEqual(["'self'", 'data:', 'blob:', 'https://*.maps.example']);
    expect(images('https://TILES.Example/{z}/{x}/{y}.png')).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example']);
  });

  it('stops the server at start-up when it is not an http(s) template with {z}, {x} and {y}', async () => {
    const { loadConfig } = await import('../../api/src/platform/config.js');
    for (const bad of ['ftp://tiles/{z}/{x}/{y}.png', 'https://tiles.example/{z}/{x}.png', 'javascript:alert(1)//{z}{x}{y}']) {
      expect(() => loadConfig({ MAP_TILES_URL: bad }), bad).toThrow(/MAP_TILES_URL must be/);
    }
  });
});
