import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchJsonLimited, ProviderAnswerError } from '../../api/src/platform/fetchJson.js';
import { clearPlaceCache, searchPlaces } from '../../api/src/places/service.js';

/**
 * A provider on 127.0.0.1 that can answer a body far larger than any limit, streamed without a
 * Content-Length, so only the reader's own count can stop it. `sent` is how much of it left.
 */
const HUGE = 64 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);
let server: http.Server;
let base: string;
let sent = 0;
let finished: Promise<void> = Promise.resolve();

function streamHuge(res: http.ServerResponse, start: string) {
  sent = 0;
  finished = new Promise<void>((resolve) => {
    res.on('close', resolve);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(start);
    const pump = () => {
      // Write while the socket takes it; wait for 'drain' otherwise; stop when the reader hangs up.
      while (sent < HUGE && !res.destroyed) {
        sent += CHUNK.length;
        if (!res.write(CHUNK)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://fake');
    if (url.pathname === '/huge/api') return streamHuge(res, '{"type":"FeatureCollection","features":[]}');
    if (url.pathname === '/declared') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(HUGE) });
      return void res.end('{}'); // the declared size alone is refused, before any reading
    }
    if (url.pathname === '/html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end('<html>{"rates":{}}</html>');
    }
    if (url.pathname === '/geo') {
      res.writeHead(200, { 'content-type': 'application/geo+json; charset=utf-8' });
      return void res.end('{"ok":true}');
    }
    if (url.pathname === '/hang') return; // never answers
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => clearPlaceCache());

const limits = { timeoutMs: 5_000, maxBytes: 256 * 1024 };

describe('fetchJsonLimited: the one reader of provider answers', () => {
  it('stops reading a huge answer at the limit and says so', async () => {
    const error = await fetchJsonLimited(`${base}/huge/api`, {}, limits).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderAnswerError);
    expect((error as Error).message).toBe('answer is over the 262144-byte limit');
    await finished;
    // The provider was cut off long before the end: a few socket buffers past the limit at most.
    expect(sent).toBeLessThan(HUGE / 4);
  });

  it('refuses a declared size over the limit, a type that is not JSON, an error status and silence', async () => {
    const failure = (path: string, timeoutMs = 5_000) =>
      fetchJsonLimited(`${base}${path}`, {}, { ...limits, timeoutMs }).then(
        () => 'answered',
        (e: Error) => [e instanceof ProviderAnswerError, e.message],
      );
    expect(await failure('/declared')).toEqual([true, `answer of ${HUGE} bytes is over the 262144-byte limit`]);
    expect(await failure('/html')).toEqual([true, 'answered text/html, not JSON']);
    expect(await failure('/missing')).toEqual([true, 'answered HTTP 404']);
    const hang = await failure('/hang', 200);
    expect(hang[0]).toBe(true);
    expect(hang[1]).toMatch(/^no answer: /);
    expect(await fetchJsonLimited(`${base}/geo`, {}, limits)).toEqual({ ok: true });
  });

  it("is what place search uses: a huge provider answer leaves the gazetteer's answer", async () => {
    const warnings: string[] = [];
    const logger = { warn: (o: object) => void warnings.push(String((o as { err?: Error }).err?.message)) };
    const places = await searchPlaces('par', { provider: { url: `${base}/huge`, kind: 'photon' }, logger });
    expect(places[0].placeId).toBe('city:2988507');
    expect(warnings).toEqual(['answer is over the 262144-byte limit']);
    await finished;
    expect(sent).toBeLessThan(HUGE / 4);
  });
});
