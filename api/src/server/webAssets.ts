import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

/**
 * Serving the built web app (web/dist) compressed. The build writes a .br and a .gz beside
 * every text file (web/scripts/compress.ts) and prerenders the public pages
 * (web/scripts/prerender.ts); nothing is compressed per request.
 */

/** Content types the build precompresses: a response of one of these varies by Accept-Encoding. */
const TEXT_TYPE = /^(?:text\/|application\/(?:javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

/** The best encoding the request accepts among ours (brotli, then gzip), honouring q=0. */
export function acceptedEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? (name === 'gzip' ? accepted.get('x-gzip') : undefined) ?? accepted.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/** An HTML document held in memory with its precompressed copies. */
export interface HtmlDocument {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** Validator of the document (the same for each of its encodings, suffixed per encoding). */
  tag: string;
  /** 404 for a page that says what was asked for is not there (a story not found); else 200. */
  status?: 200 | 404;
  /** A page rendered for one reader (their signed-in page): never kept by any cache. */
  private?: true;
}

export function readHtmlDocument(file: string): HtmlDocument {
  const identity = fs.readFileSync(file);
  const optional = (suffix: string) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined);
  return { identity, br: optional('.br'), gzip: optional('.gz'), tag: createHash('sha256').update(identity).digest('base64url').slice(0, 22) };
}

/**
 * Answers with the document in the best encoding the client takes. HTML names the hashed
 * assets of one build, so it is never kept without asking: `no-cache` with an ETag, and a 304
 * when the client's copy is current.
 */
export function sendHtml(c: Context, doc: HtmlDocument): Response {
  const wanted = acceptedEncoding(c.req.header('accept-encoding'));
  const encoding = wanted && doc[wanted] ? wanted : null;
  const body = encoding ? doc[encoding]! : doc.identity;
  const etag = `"${doc.tag}${encoding ? `-${encoding}` : ''}"`;
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=UTF-8',
    'Cache-Control': doc.private ? 'private, no-store' : 'no-cache',
    Vary: doc.private ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
  };
  // A page for one reader has no validator: it is not kept, so never revalidated.
  if (!doc.private) headers.ETag = etag;
  if (encoding) headers['Content-Encoding'] = encoding;
  const status = doc.status ?? 200;
  // Only a page that is there is answered 304: a not-found page stays a 404.
  const ifNoneMatch = status === 200 && !doc.private ? c.req.header('if-none-match') : undefined;
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return c.body(null, 304, headers);
  headers['Content-Length'] = String(body.length);
  return c.body(new Uint8Array(body), status, headers);
}

/** A prerendered page, and whether it stands only for its path without a query string. */
export interface PrerenderedPage {
  document: HtmlDocument;
  /** Its markup depends on the query (rendered without one): with one, the shell is served. */
  onlyWithoutQuery: boolean;
}

/**
 * The prerendered pages (web/dist/prerendered/pages.json): request path → page. A path with a
 * parameter (`/dashboard/trips/:id`, a shell naming its page's chunks) stands for every path with
 * one segment in its place.
 */
export interface PrerenderedPages {
  get(route: string): PrerenderedPage | undefined;
}

export function readPrerenderedPages(webDist: string): PrerenderedPages {
  const dir = path.join(webDist, 'prerendered');
  const list = path.join(dir, 'pages.json');
  const exact = new Map<string, PrerenderedPage>();
  const patterns: [RegExp, PrerenderedPage][] = [];
  if (fs.existsSync(list)) {
    const entries = JSON.parse(fs.readFileSync(list, 'utf8')) as Record<string, string | { file: string; onlyWithoutQuery?: boolean }>;
    for (const [route, entry] of Object.entries(entries)) {
      const { file, onlyWithoutQuery = false } = typeof entry === 'string' ? { file: entry } : entry;
      const page = { document: readHtmlDocument(path.join(dir, file)), onlyWithoutQuery };
      if (!route.includes('/:')) exact.set(route, page);
      else patterns.push([new RegExp(`^${route.replace(/\/:[^/]+/g, '/[^/]+')}$`), page]);
    }
  }
  return { get: (route) => exact.get(route) ?? patterns.find(([pattern]) => pattern.test(route))?.[1] };
}

/**
 * Files of web/dist, the precompressed copy when the client takes one (serveStatic's
 * `precompressed`: brotli, then gzip). Every text file's answer says `Vary: Accept-Encoding`,
 * the uncompressed one too, so no shared cache hands a compressed copy to a client that did
 * not ask for it, or the reverse. `cacheControl` is set on found files.
 */
export function webFiles(root: string, cacheControl?: string): MiddlewareHandler {
  const files = serveStatic({ root, precompressed: true });
  return async (c, next) => {
    const found = await files(c, next);
    // Not found: serveStatic returned whatever `next` did (not a file's response).
    if (!(found instanceof Response)) return found;
    const type = found.headers.get('Content-Type') ?? '';
    if (TEXT_TYPE.test(type) && !/\baccept-encoding\b/i.test(found.headers.get('Vary') ?? '')) found.headers.append('Vary', 'Accept-Encoding');
    if (cacheControl) found.headers.set('Cache-Control', cacheControl);
    return found;
  };
}
