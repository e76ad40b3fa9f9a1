/**
 * Server-side entry. web/scripts/prerender.ts bundles it with Vite (`vite build --ssr`, into
 * web/dist-ssr) and renders the public pages to HTML with it at build time, signed out. The
 * server also loads that bundle (api/src/server/livePages.ts) to render the pages whose content
 * is data (the story lists, a story's page) per request, with the data: `fetchQuery` runs a page's query in
 * the server process, and the records go into the document for the browser's store. The browser
 * then hydrates that markup (main.tsx).
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type Params } from 'react-router-dom';
import { createOperationDescriptor, type ConcreteRequest, type Variables } from 'relay-runtime';
import type { RecordMap } from 'relay-runtime/lib/store/RelayStoreTypes';
import BlogListPageQuery from './__generated__/BlogListPageQuery.graphql';
import StoriesPageQuery from './__generated__/StoriesPageQuery.graphql';
import StoryViewPageQuery from './__generated__/StoryViewPageQuery.graphql';
import { AppProviders } from './app';
import { BLOG_VARIABLES, STORIES_VARIABLES } from './pages/stories/listQueries';
import { createEnvironment, seedServerRender } from './platform/relay/environment';
import { routes } from './routes';

/** Runs a page's query (its text and variables) and answers its `data`; throws on errors. */
export type FetchQuery = (text: string, variables: Variables) => Promise<Record<string, unknown>>;

/**
 * Pages rendered with data, by route (a path, or a pattern with `:param` segments as in
 * routes.tsx): the query each page reads, with its variables from the route's parameters.
 */
const PAGE_DATA: Record<string, { request: ConcreteRequest; variables: (params: Params) => Variables }> = {
  '/blog': { request: BlogListPageQuery, variables: () => BLOG_VARIABLES },
  '/stories': { request: StoriesPageQuery, variables: () => STORIES_VARIABLES },
  // What StoryViewPage asks for: the route's `id` is a slug or an id.
  '/blog/stories/:id': { request: StoryViewPageQuery, variables: (params) => ({ slugOrId: params.id ?? '' }) },
};

/** The routes the server renders per request with their data. */
export const livePaths = Object.keys(PAGE_DATA);

/**
 * The page's query and variables for a request path. The parameters come from the app's own
 * route table, as the browser's router reads them, so the records are stored under the very
 * variables the page asks for when it hydrates.
 */
function pageDataOf(path: string): { request: ConcreteRequest; variables: Variables } | null {
  if (PAGE_DATA[path]) return { request: PAGE_DATA[path].request, variables: PAGE_DATA[path].variables({}) };
  const matches = matchRoutes(routes, path);
  const leaf = matches?.[matches.length - 1];
  if (!leaf) return null;
  const pattern = `/${matches!
    .map((m) => m.route.path ?? '')
    .filter(Boolean)
    .join('/')}`;
  const page = Object.hasOwn(PAGE_DATA, pattern) ? PAGE_DATA[pattern] : undefined;
  return page ? { request: page.request, variables: page.variables(leaf.params) } : null;
}

/** The Relay records of a page's data, or null for a page without data (or without `fetchQuery`). */
async function recordsOf(path: string, fetchQuery: FetchQuery | undefined): Promise<RecordMap | null> {
  const page = fetchQuery ? pageDataOf(path) : null;
  if (!page || !fetchQuery) return null;
  const data = await fetchQuery(page.request.params.text!, page.variables);
  const environment = createEnvironment();
  environment.commitPayload(createOperationDescriptor(page.request, page.variables), data as never);
  return environment.getStore().getSource().toJSON();
}

/** Renders go one at a time: a render reads the environment seeded for it (a module-wide one). */
let queue: Promise<unknown> = Promise.resolve();

/**
 * The markup of `path` (what goes inside <div id="root">) and the records it shows, or an error
 * when it redirects or fails. Without `fetchQuery` (the build), data shows as its fallbacks.
 */
export function render(path: string, fetchQuery?: FetchQuery): Promise<{ markup: string; records: RecordMap | null }> {
  const run = async () => {
    const records = await recordsOf(path, fetchQuery);
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
    if (context instanceof Response) throw new Error(`${path} answers ${context.status} ${context.headers.get('location') ?? ''}`);
    if (context.errors) throw new Error(`${path} failed: ${JSON.stringify(context.errors)}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    seedServerRender(records);
    try {
      // hydrate={false}: no inline script with router state (the CSP allows none, and these pages
      // have no loader data to hand over).
      const markup = renderToString(
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>,
      );
      return { markup, records };
    } finally {
      seedServerRender(null);
    }
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
