import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { HtmlDocument } from './webAssets.js';

/** What the pages the server renders per request share (livePages.ts, signedInPages.ts). */

/** A signed-out or signed-in page's query, run in this process: its `data`; throws on errors. */
export type FetchQuery = (operation: { id?: string | null; text?: string | null }, variables: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** What web/src/prerender.tsx exports. */
export interface Renderer {
  render(path: string, fetchRest: FetchRest): Promise<{ markup: string; rest: unknown }>;
  renderSignedIn(path: string, facts: RenderFacts, fetchQuery: FetchQuery): Promise<{ markup: string; title: string; records: unknown }>;
}

/** What a signed-in page's render assumes of its reader (web/src/platform/renderFacts.ts). */
export interface RenderFacts {
  viewer: { id: string; email: string; user_metadata: Record<string, unknown> };
  timeZone: string;
  locale: string;
  now: number;
}

/** A signed-out GET of a REST path (/api/...) answered in this process: its status and JSON body. */
export type FetchRest = (path: string) => Promise<{ status: number; body: unknown }>;

/** A rendered page once its route has finished it: its HTML, and 404 when it is a not-found page. */
export interface FinishedPage {
  html: string;
  status?: HtmlDocument['status'];
  private?: true;
}

/** A pattern's `:param` segments match any one non-empty segment; other segments match as they are. */
export function patternMatcher(pattern: string): (path: string) => boolean {
  const segments = pattern.split('/');
  return (path) => {
    const parts = path.split('/');
    return parts.length === segments.length && segments.every((segment, i) => (segment.startsWith(':') ? parts[i] !== '' : segment === parts[i]));
  };
}

/** JSON that is safe inside <script>: nothing in it can close the element or start a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function htmlDocument({ html, status, private: isPrivate }: FinishedPage): HtmlDocument {
  const identity = Buffer.from(html);
  return {
    status,
    ...(isPrivate ? { private: true as const } : {}),
    identity,
    // Quick settings: this is done per render, not once at build time.
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip: gzipSync(identity, { level: 6 }),
    tag: createHash('sha256').update(identity).digest('base64url').slice(0, 22),
  };
}
