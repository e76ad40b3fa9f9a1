import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execute, parse, type DocumentNode } from 'graphql';
import type { AppDeps, RequestContext } from '../platform/context.js';
import { schema } from './schema.js';
import type { HtmlDocument } from './webAssets.js';
import type { PersistedDocuments } from './persistedDocuments.js';
import { imagePreloadsFirst } from './firstScreen.js';
import { signedInPages } from './signedInPages.js';
import { htmlDocument, patternMatcher, scriptJson, type FetchQuery, type FetchRest, type FinishedPage, type Renderer } from './pageDocuments.js';

export type { FetchRest, FinishedPage } from './pageDocuments.js';

/**
 * Public pages whose content is data (the story lists, a story's page, a guide): rendered per request,
 * with the data, so their content arrives with the document and shows in the first paint, not
 * after the browser has loaded the app and asked for it. The build leaves a template per page
 * and the server-side bundle of the app (web/scripts/prerender.ts); the page's query runs here,
 * in-process and signed out (a draft reads as not found), the bundle renders the markup, and the
 * records go into the document as a JSON data block the browser's Relay store starts from
 * (web/src/platform/relay/environment.ts), so the page hydrates without asking again. A page
 * that reads REST (a guide) gets its signed-out answers the same way (web/src/platform/restSeed.ts).
 */

/** web/dist/prerendered/live.json: the bundle (relative to web/dist), each page's template, and the signed-in pages' templates. */
interface LiveList {
  renderer: string;
  pages: Record<string, string>;
  signedIn?: Record<string, string>;
}

export interface LivePages {
  /** Whether `route` is one of the live pages with a fixed path (the story lists). */
  has(route: string): boolean;
  /**
   * The page at `path` (a fixed one, or one matching a pattern such as /blog/stories/:id)
   * rendered with its data now (or a moment ago), its HTML passed through `finish` (a page's
   * own head, and its status) before it is compressed; null when there is no such page or the
   * render failed (logged).
   */
  document(path: string, finish?: (html: string) => Promise<FinishedPage>): Promise<HtmlDocument | null>;
  /**
   * The signed-in page at `path` (with its query string) rendered now for the reader the request's
   * page cookie names, in the zone its time zone cookie gives (signedInPages.ts); null when it is
   * not such a page, the cookies are missing or no longer valid, or the render failed.
   */
  signedIn(path: string, search: string, cookieHeader: string | null | undefined): Promise<HtmlDocument | null>;
}

/**
 * A page is rendered at most once per this many milliseconds, however many readers ask: a burst
 * of visitors costs one query and one render, and a story published a second ago shows.
 */
export const LIVE_PAGE_FRESH_MS = 1000;

/**
 * At most this many paths' renders are kept. Story paths are whatever a visitor types, so the
 * cache forgets the oldest render beyond this, and an expired one as soon as it is passed over.
 */
export const LIVE_PAGE_CACHE_SIZE = 200;

/**
 * The renders of the last LIVE_PAGE_FRESH_MS, by full path, at most `size` of them: the oldest
 * go first (a path rendered again moves to the end), and expired ones as soon as a render
 * passes them, so paths nobody asks for again do not stay.
 */
export class RecentRenders<T> {
  private readonly entries = new Map<string, { at: number; value: T }>();
  constructor(private readonly size = LIVE_PAGE_CACHE_SIZE) {}

  get(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    return entry && now - entry.at < LIVE_PAGE_FRESH_MS ? entry.value : undefined;
  }

  set(key: string, value: T, now: number) {
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= this.size && now - old.at < LIVE_PAGE_FRESH_MS) break;
      this.entries.delete(oldKey);
    }
  }

  get count() {
    return this.entries.size;
  }
}

/** The live pages of the built app in `webDist`, or null when the build has none (an older build, the API tests). */
export function readLivePages(deps: AppDeps, webDist: string, documents: PersistedDocuments, fetchRest: FetchRest): LivePages | null {
  const listFile = path.join(webDist, 'prerendered', 'live.json');
  if (!fs.existsSync(listFile)) return null;
  const list = JSON.parse(fs.readFileSync(listFile, 'utf8')) as LiveList;
  const templates = new Map(Object.entries(list.pages).map(([route, file]) => [route, fs.readFileSync(path.join(webDist, 'prerendered', file), 'utf8')]));
  const rendererFile = path.resolve(webDist, list.renderer);
  let renderer: Promise<Renderer> | null = null;
  const loadRenderer = () => (renderer ??= import(pathToFileURL(rendererFile).href) as Promise<Renderer>);
  // Loaded now, in the background: the first reader should not wait for the app's code to load.
  loadRenderer().catch((err: unknown) =>
    deps.logger.warn({ err }, 'live page renderer did not load; the story lists are served prerendered, stories as the shell'),
  );

  const parsed = new Map<string, DocumentNode>();
  // A signed-in page's query comes as its persisted id (relay.config.js) or, without one, as its
  // text, and runs as the page's reader (`context`).
  const queryAs =
    (context: () => Promise<RequestContext>): FetchQuery =>
    async (operation, variables) => {
      const text = operation.text ?? (operation.id ? documents.text(operation.id) : null);
      if (!text) throw new Error(`live page query ${operation.id ?? ''} is not in the persisted documents (run relay-compiler)`);
      let document = parsed.get(text);
      if (!document) parsed.set(text, (document = parse(text)));
      const contextValue = await context();
      const result = await execute({ schema, document, variableValues: variables, contextValue });
      if (result.errors?.length || !result.data) throw new Error(`live page query failed: ${result.errors?.map((e) => e.message).join('; ')}`);
      // As the browser would receive it: JSON. In the process a scalar may still be its object
      // (a DateTime is a Date), which a render compares and formats differently from the
      // string the browser's store holds (a trip's day list once came out in another order).
      return JSON.parse(JSON.stringify(result.data)) as Record<string, unknown>;
    };
  const signedIn = signedInPages(deps, webDist, list.signedIn ?? {}, loadRenderer, queryAs);

  const patterns = [...templates.keys()].filter((route) => route.includes('/:')).map((route) => ({ matches: patternMatcher(route), route }));
  // A path that is itself a pattern (typed as such) is no page.
  const templateOf = (pagePath: string) =>
    pagePath.includes('/:') ? undefined : (templates.get(pagePath) ?? templates.get(patterns.find((p) => p.matches(pagePath))?.route ?? ''));

  const fresh = new RecentRenders<Promise<HtmlDocument | null>>();
  const renderNow = async (pagePath: string, template: string, finish?: (html: string) => Promise<FinishedPage>): Promise<HtmlDocument | null> => {
    try {
      const { markup, rest } = await (await loadRenderer()).render(pagePath, fetchRest);
      const data = rest ? `<script type="application/json" id="rest-data">${scriptJson(rest)}</script>\n  ` : '';
      const html = imagePreloadsFirst(template.replace('<!--app-->', () => markup).replace('</body>', () => `${data}</body>`));
      return htmlDocument(finish ? await finish(html) : { html });
    } catch (err) {
      deps.logger.warn({ err, path: pagePath }, 'live page render failed; serving its prerendered copy');
      return null;
    }
  };

  return {
    signedIn,
    has: (route) => templates.has(route) && !route.includes('/:'),
    document(pagePath, finish) {
      const template = templateOf(pagePath);
      if (template === undefined) return Promise.resolve(null);
      const now = Date.now();
      const kept = fresh.get(pagePath, now);
      if (kept) return kept;
      const doc = renderNow(pagePath, template, finish);
      fresh.set(pagePath, doc, now);
      return doc;
    },
  };
}
