import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { execute, parse, type DocumentNode } from 'graphql';
import type { AppDeps } from '../platform/context.js';
import { schema } from '../graphql/schema.js';
import { buildRequestContext } from './requestContext.js';
import type { HtmlDocument } from './webAssets.js';

/**
 * Public pages whose content is data (the story lists): rendered per request, with the data, so
 * their content arrives with the document and shows in the first paint, not after the browser
 * has loaded the app and asked for it. The build leaves a template per page and the server-side
 * bundle of the app (web/scripts/prerender.ts); the page's query runs here, in-process and signed
 * out, the bundle renders the markup, and the records go into the document as a JSON data block
 * the browser's Relay store starts from (web/src/platform/relay/environment.ts), so the page
 * hydrates without asking again.
 */

/** What web/src/prerender.tsx exports. */
interface Renderer {
  render(
    path: string,
    fetchQuery: (text: string, variables: Record<string, unknown>) => Promise<Record<string, unknown>>,
  ): Promise<{ markup: string; records: unknown }>;
}

/** web/dist/prerendered/live.json: the bundle (relative to web/dist) and each page's template. */
interface LiveList {
  renderer: string;
  pages: Record<string, string>;
}

export interface LivePages {
  has(route: string): boolean;
  /** The page rendered with its data now (or a moment ago); null when that failed (logged). */
  document(route: string): Promise<HtmlDocument | null>;
}

/**
 * A page is rendered at most once per this many milliseconds, however many readers ask: a burst
 * of visitors costs one query and one render, and a story published a second ago shows.
 */
export const LIVE_PAGE_FRESH_MS = 1000;

/** JSON that is safe inside <script>: nothing in it can close the element or start a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

function htmlDocument(html: string): HtmlDocument {
  const identity = Buffer.from(html);
  return {
    identity,
    // Quick settings: this is done per render, not once at build time.
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip: gzipSync(identity, { level: 6 }),
    tag: createHash('sha256').update(identity).digest('base64url').slice(0, 22),
  };
}

/** The live pages of the built app in `webDist`, or null when the build has none (an older build, the API tests). */
export function readLivePages(deps: AppDeps, webDist: string): LivePages | null {
  const listFile = path.join(webDist, 'prerendered', 'live.json');
  if (!fs.existsSync(listFile)) return null;
  const list = JSON.parse(fs.readFileSync(listFile, 'utf8')) as LiveList;
  const templates = new Map(Object.entries(list.pages).map(([route, file]) => [route, fs.readFileSync(path.join(webDist, 'prerendered', file), 'utf8')]));
  const rendererFile = path.resolve(webDist, list.renderer);
  let renderer: Promise<Renderer> | null = null;
  const loadRenderer = () => (renderer ??= import(pathToFileURL(rendererFile).href) as Promise<Renderer>);
  // Loaded now, in the background: the first reader should not wait for the app's code to load.
  loadRenderer().catch((err: unknown) => deps.logger.warn({ err }, 'live page renderer did not load; the story lists are served prerendered'));

  const parsed = new Map<string, DocumentNode>();
  const fetchQuery = async (text: string, variables: Record<string, unknown>) => {
    let document = parsed.get(text);
    if (!document) parsed.set(text, (document = parse(text)));
    const contextValue = await buildRequestContext(deps, {
      authorization: null,
      socketAddress: undefined,
      forwardedFor: null,
      userAgent: 'live page',
      timeZone: 'UTC',
    });
    const result = await execute({ schema, document, variableValues: variables, contextValue });
    if (result.errors?.length || !result.data) throw new Error(`live page query failed: ${result.errors?.map((e) => e.message).join('; ')}`);
    return result.data as Record<string, unknown>;
  };

  const fresh = new Map<string, { at: number; doc: Promise<HtmlDocument | null> }>();
  const renderNow = async (route: string, template: string): Promise<HtmlDocument | null> => {
    try {
      const { markup, records } = await (await loadRenderer()).render(route, fetchQuery);
      const data = records ? `<script type="application/json" id="relay-records">${scriptJson(records)}</script>\n  ` : '';
      return htmlDocument(template.replace('<!--app-->', () => markup).replace('</body>', () => `${data}</body>`));
    } catch (err) {
      deps.logger.warn({ err, route }, 'live page render failed; serving its prerendered copy');
      return null;
    }
  };

  return {
    has: (route) => templates.has(route),
    document(route) {
      const template = templates.get(route);
      if (template === undefined) return Promise.resolve(null);
      const now = Date.now();
      const kept = fresh.get(route);
      if (kept && now - kept.at < LIVE_PAGE_FRESH_MS) return kept.doc;
      const doc = renderNow(route, template);
      fresh.set(route, { at: now, doc });
      return doc;
    },
  };
}
