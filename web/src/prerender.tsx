/**
 * Server-side entry. web/scripts/prerender.ts bundles it with Vite (`vite build --ssr`, into
 * web/dist-ssr) and renders the public pages to HTML with it at build time, signed out. The
 * server also loads that bundle (api/src/server/livePages.ts) to render per request the public
 * pages whose content is data (the story lists, a story's page, a guide), with the REST answers
 * they read, and the main signed-in pages for their reader, with the records of their queries.
 * The browser then hydrates that markup (main.tsx).
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type Params } from 'react-router-dom';
import { Observable, type FetchFunction, type GraphQLResponse, type Variables } from 'relay-runtime';
import type { RecordMap } from 'relay-runtime/lib/store/RelayStoreTypes';
import { AppProviders } from './app';
import { BLOG_PATH, STORIES_PATH } from './pages/stories/listQueries';
import { storyRestPath } from './pages/stories/storyApi';
import { GUIDES_PATH, guidePath, SITE_INFO_PATH } from './pages/guides/guideApi';
import { currentEnvironment, seedServerRender } from './platform/relay/environment';
import { setRenderFacts, type RenderFacts } from './platform/renderFacts';
import { seedRestAnswers, type RestAnswer } from './platform/restSeed';
import { routes } from './routes';
import { titleOfMatches } from './platform/documentTitle';

/** Runs a page's query, named by its persisted id (relay.config.js) or, without one, by its text. */
export type FetchQuery = (operation: { id: string | null; text: string | null }, variables: Variables) => Promise<Record<string, unknown>>;

/**
 * The public pages rendered with data, by route (a path, or a pattern with `:param` segments as
 * in routes.tsx): the paths of the REST GETs they make, as they make them (pages/guides/,
 * pages/stories/), answered in-process and signed out by `fetchRest`. They read REST, not Relay,
 * so no Relay loads with the pages people share (issue 27).
 */
const PAGE_REST: Record<string, (params: Params) => string[]> = {
  '/blog': () => [BLOG_PATH],
  '/stories': () => [STORIES_PATH, GUIDES_PATH],
  '/guides': () => [GUIDES_PATH],
  '/guides/:city': (params) => [guidePath(params.city ?? ''), SITE_INFO_PATH],
  // The route's `id` is a slug or an id.
  '/blog/stories/:id': (params) => [storyRestPath(params.id ?? '')],
};

/** The routes the server renders per request with their data. */
export const livePaths = Object.keys(PAGE_REST);

/** Answers a signed-out GET of a REST path in the server process: its status and JSON body. */
export type FetchRest = (path: string) => Promise<{ status: number; body: unknown }>;

/** The route pattern `path` matches in the app's route table (as routes.tsx writes it), with its parameters. */
function routeOf(path: string): { pattern: string; params: Params } | null {
  const matches = matchRoutes(routes, path);
  const leaf = matches?.[matches.length - 1];
  if (!matches || !leaf) return null;
  const pattern = `/${matches
    .map((m) => m.route.path ?? '')
    .filter(Boolean)
    .join('/')}`;
  return { pattern, params: leaf.params };
}

/** The REST answers a page reads (200s and 404s: anything else the page loads itself), or null. */
async function restOf(path: string, fetchRest: FetchRest | undefined): Promise<Record<string, RestAnswer> | null> {
  const route = fetchRest ? routeOf(path) : null;
  const paths = route && Object.hasOwn(PAGE_REST, route.pattern) ? PAGE_REST[route.pattern](route.params) : null;
  if (!paths || !fetchRest) return null;
  const answers: Record<string, RestAnswer> = {};
  for (const restPath of paths) {
    const { status, body } = await fetchRest(restPath);
    if (status === 200) answers[restPath] = { status, body };
    else if (status === 404) answers[restPath] = { status };
  }
  return answers;
}

/** Renders go one at a time: a render reads the environment seeded for it (a module-wide one). */
let queue: Promise<unknown> = Promise.resolve();

/** Runs `run` once every render before it has finished. */
function inTurn<T>(run: () => Promise<T>): Promise<T> {
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

/**
 * The markup of a router request, with its loaders run (and then `loaded`, awaited); throws when
 * it redirects or fails.
 */
async function routeMarkup(path: string, loaded?: () => Promise<void>): Promise<{ markup: string; title: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status} ${context.headers.get('location') ?? ''}`);
  if (context.errors) throw new Error(`${path} failed: ${JSON.stringify(context.errors)}`);
  await loaded?.();
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline script with router state (the CSP allows none; the browser runs
  // the loaders itself before it hydrates, see main.tsx).
  const markup = renderToString(
    <AppProviders>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  return { markup, title: titleOfMatches(context.matches) };
}

/**
 * The signed-in pages the server renders for their reader (issue 27 point 12), as route
 * patterns: the dashboard's main pages. Each one's loaders (routes.tsx) run here, their queries
 * answered in the server process as the reader; any other dashboard page is the shell.
 */
export const signedInPaths = [
  '/dashboard',
  '/dashboard/trips',
  '/dashboard/trips/:id',
  '/dashboard/friends',
  '/dashboard/expenses',
  '/dashboard/reservations',
  '/dashboard/checklist',
  '/dashboard/photos',
  '/dashboard/checklist/:tripId',
  '/dashboard/mapped',
  '/dashboard/wrapped/:year',
  '/dashboard/rewards',
  '/dashboard/settings',
];

/**
 * `path` rendered for the reader `facts` names, with `fetchQuery` answering its queries as them:
 * the markup, the document's title and the records it shows. Throws when the page redirects or a query fails (the
 * server then serves the shell).
 */
export function renderSignedIn(path: string, facts: RenderFacts, fetchQuery: FetchQuery): Promise<{ markup: string; title: string; records: RecordMap }> {
  return inTurn(async () => {
    const pending = new Set<Promise<unknown>>();
    let failure: unknown = null;
    const fetch: FetchFunction = (params, variables) =>
      Observable.create<GraphQLResponse>((sink) => {
        const answer = fetchQuery({ id: params.id ?? null, text: params.text ?? null }, variables).then(
          (data) => {
            sink.next({ data } as GraphQLResponse);
            sink.complete();
          },
          (error: unknown) => {
            failure ??= error;
            sink.error(error as Error);
          },
        );
        pending.add(answer);
        void answer.finally(() => pending.delete(answer));
      });
    setRenderFacts(facts);
    seedServerRender(null, fetch);
    seedRestAnswers(null);
    try {
      // The loaders started their queries: the page renders once they are answered.
      const { markup, title } = await routeMarkup(path, async () => {
        while (pending.size) await Promise.all(pending);
        // A page whose data did not come is not rendered here (the browser asks for itself).
        if (failure) throw failure;
      });
      const environment = currentEnvironment();
      return { markup, title, records: environment.getStore().getSource().toJSON() };
    } finally {
      setRenderFacts(null);
      seedServerRender(null);
    }
  });
}

/**
 * The markup of `path` (what goes inside <div id="root">) and the REST answers it shows, or an
 * error when it redirects or fails. Without `fetchRest` (the build), data shows as its fallbacks.
 */
export function render(path: string, fetchRest?: FetchRest): Promise<{ markup: string; rest: Record<string, RestAnswer> | null }> {
  return inTurn(async () => {
    const rest = await restOf(path, fetchRest);
    seedRestAnswers(rest);
    try {
      return { markup: (await routeMarkup(path)).markup, rest };
    } finally {
      seedRestAnswers(null);
    }
  });
}
