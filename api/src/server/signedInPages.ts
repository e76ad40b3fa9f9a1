import fs from 'node:fs';
import path from 'node:path';
import type { AppDeps, RequestContext } from '../platform/context.js';
import { buildRequestContext } from '../accounts/requestContext.js';
import { pageReader } from '../accounts/pageSession.js';
import { preferencesOf } from '../accounts/preferences.js';
import { parseTimeZone } from '../platform/dates.js';
import { cookieValues } from '../platform/cookies.js';
import { html } from '../platform/formats/html.js';
import { LOCALE_COOKIE, pageGuardTags, RELAY_RECORDS_ID, TIME_ZONE_COOKIE } from './pageGuard.js';
import { htmlDocument, patternMatcher, scriptJson, type FetchQuery, type RenderFacts, type Renderer } from './pageDocuments.js';
import type { HtmlDocument } from './webAssets.js';

/**
 * The dashboard's main pages rendered for their reader, per request (issue 27 point 12): the
 * page's content arrives with the document and shows in the first paint, where it used to wait
 * for the app's scripts (hundreds of KB on a phone) and then its queries.
 *
 * The reader is the one the page cookie names (accounts/pageSession.ts), checked afresh; the
 * zone is the one the browser keeps in its cookie (pageGuard.ts). The route's loaders run in the
 * server-side bundle (web/src/prerender.tsx renderSignedIn), their queries executed here as that
 * reader, exactly as the API would answer them; the records and the render's facts go into the
 * document for the browser to hydrate with (web/src/main.tsx). Without either cookie, or when
 * anything fails, null: the shell is served and the page renders in the browser as before.
 *
 * Nothing is cached: each document is one reader's, sent `private, no-store`.
 */
export function signedInPages(
  deps: AppDeps,
  webDist: string,
  templateFiles: Record<string, string>,
  loadRenderer: () => Promise<Renderer>,
  queryAs: (context: () => Promise<RequestContext>) => FetchQuery,
) {
  const templates = Object.entries(templateFiles).map(([route, file]) => ({
    matches: route.includes('/:') ? patternMatcher(route) : (p: string) => p === route,
    template: fs.readFileSync(path.join(webDist, 'prerendered', file), 'utf8'),
  }));

  return async (pagePath: string, search: string, cookieHeader: string | null | undefined): Promise<HtmlDocument | null> => {
    const template = templates.find((t) => t.matches(pagePath))?.template;
    const timeZone = template ? timeZoneOf(cookieHeader) : null;
    const locale = timeZone ? localeOf(cookieHeader) : null;
    if (!template || !timeZone || !locale) return null;
    try {
      const reader = await pageReader(deps, cookieHeader);
      if (!reader) return null;
      const { authorization, user: viewer } = reader;
      const context = await buildRequestContext(deps, { authorization, socketAddress: undefined, forwardedFor: null, userAgent: 'signed-in page', timeZone });
      if (!context.viewer || context.viewer.id !== viewer.id || !(await withinBudget(deps, viewer.id))) return null;
      const facts: RenderFacts = {
        viewer: {
          id: viewer.id,
          email: viewer.email,
          user_metadata: { first_name: viewer.firstName, last_name: viewer.lastName, travel_preferences: preferencesOf(viewer) },
        },
        timeZone,
        locale,
        now: Date.now(),
      };
      // One context for the page's queries, as one request of the app would have.
      const { markup, title, records } = await (
        await loadRenderer()
      ).renderSignedIn(
        `${pagePath}${search}`,
        facts,
        queryAs(async () => context),
      );
      const page = template
        .replace(/<title>[^<]*<\/title>/, () => html`<title>${title}</title>`.value)
        .replace('<!--app-->', () => markup)
        .replace(/<body([^>]*)>/, (body) => `${body}\n    ${pageGuardTags(scriptJson(facts))}`)
        .replace('</body>', () => `<script type="application/json" id="${RELAY_RECORDS_ID}">${scriptJson(records)}</script>\n  </body>`);
      return htmlDocument({ html: page, private: true });
    } catch (err) {
      deps.logger.warn({ err, path: pagePath }, 'signed-in page render failed; serving the shell');
      return null;
    }
  };
}

/** Whether the reader has renders left this minute (platform/rateLimit.ts signedInRendersPerUser). */
async function withinBudget(deps: AppDeps, userId: string): Promise<boolean> {
  try {
    await deps.limiter.consume('signedInRendersPerUser', userId, 'too many page renders');
    return true;
  } catch {
    return false;
  }
}

/** A cookie's decoded value (at most 100 characters), or null. */
function cookie(cookieHeader: string | null | undefined, name: string): string | null {
  const [raw] = cookieValues(cookieHeader, name);
  if (raw === undefined) return null;
  try {
    const value = decodeURIComponent(raw);
    return value && value.length <= 100 ? value : null;
  } catch {
    return null;
  }
}

// Both are kept as the browser wrote them (it compares them with its own), once known to be valid.

/** The zone in the request's time zone cookie, when it names one. */
function timeZoneOf(cookieHeader: string | null | undefined): string | null {
  const zone = cookie(cookieHeader, TIME_ZONE_COOKIE);
  return zone && (zone === 'UTC' || parseTimeZone(zone) !== 'UTC') ? zone : null;
}

/** The language in the request's locale cookie, when it is a well-formed language tag. */
function localeOf(cookieHeader: string | null | undefined): string | null {
  const locale = cookie(cookieHeader, LOCALE_COOKIE);
  try {
    return locale && Intl.getCanonicalLocales(locale).length === 1 ? locale : null;
  } catch {
    return null;
  }
}
