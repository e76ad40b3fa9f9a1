import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { FIRST_QUERY_SCRIPT } from './firstQuery.js';
import { PAGE_GUARD_SCRIPT } from './pageGuard.js';

const hashSource = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
/** The inline scripts we serve, allowed by their hashes: a signed-in shell's first query (firstQuery.ts) and a signed-in page's guard (pageGuard.ts). */
export const FIRST_QUERY_SCRIPT_SOURCE = hashSource(FIRST_QUERY_SCRIPT);
export const PAGE_GUARD_SCRIPT_SOURCE = hashSource(PAGE_GUARD_SCRIPT);

/**
 * The one Content-Security-Policy for everything we serve: the built web app and GraphiQL.
 * Scripts and workers come from this origin only (Vite emits module files; GraphiQL's bundle is
 * served as files by graphiql.ts), plus two inline scripts named by their hashes: the signed-in
 * shells' first query (firstQuery.ts) and a server-rendered signed-in page's guard (pageGuard.ts). A page that ever needs another inline script must move it
 * to a file or list its 'sha256-…' hash here.
 * Inline styles stay allowed: Mantine and GraphiQL's editor inject <style> tags at runtime.
 */
export function contentSecurityPolicy(publicUrl: string, mapTilesUrl?: string): string {
  const { host } = new URL(publicUrl);
  const tiles = mapTilesUrl ? tilesSource(mapTilesUrl) : null;
  return [
    "default-src 'self'",
    `script-src 'self' ${FIRST_QUERY_SCRIPT_SOURCE} ${PAGE_GUARD_SCRIPT_SOURCE}`,
    // graphql-ws connects to /graphql on the page's own host; older browsers do not count
    // ws:/wss: as 'self', so name them.
    `connect-src 'self' ws://${host} wss://${host}`,
    // Every picture the pages show is served from here (uploads, the guides' and stories' own);
    // the map's tiles are the one picture from elsewhere.
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ''}`,
    // Videos play from here; blob: is the album's own file read back in a hidden player to
    // draw its poster frame before upload.
    "media-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    // GraphiQL's stylesheet embeds its fonts as data: URLs.
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The map tile server of a URL template (MAP_TILES_URL, checked at start-up) as a CSP source:
 * its scheme, host and port. A `{s}` subdomain becomes a wildcard, which CSP takes only as a
 * whole leftmost label, so the labels up to the one holding it become `*`.
 */
function tilesSource(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match) return null;
  const labels = match[2]!.toLowerCase().split('.');
  const lettered = labels.findIndex((label) => label.includes('{s}'));
  return `${match[1]!.toLowerCase()}://${lettered < 0 ? labels.join('.') : ['*', ...labels.slice(lettered + 1)].join('.')}`;
}

/** Paths whose answers may carry tokens or private data: no cache (browser or proxy) keeps them. */
const isPrivate = (path: string) => path === '/graphql' || path.startsWith('/graphql/') || path.startsWith('/api/');

/**
 * Headers on every response, errors included (set after the handler, so onError's answers get
 * them too). The CSP is sent on JSON as well: harmless there, and it covers any page we forget.
 */
export function securityHeaders(publicUrl: string, mapTilesUrl?: string): MiddlewareHandler {
  const csp = contentSecurityPolicy(publicUrl, mapTilesUrl);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', csp);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'DENY');
    if (isPrivate(c.req.path)) headers.set('Cache-Control', 'no-store');
  };
}
