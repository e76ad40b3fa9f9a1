/**
 * Server-side entry. web/scripts/prerender.ts bundles it with Vite (`vite build --ssr`, into
 * web/dist-ssr) and renders the public pages to HTML with it at build time, signed out. The
 * server also loads that bundle (api/src/server/livePages.ts) to render the pages whose content
 * is data (the story lists) per request, with the data: `fetchQuery` runs a page's query in
 * the server process, and the records go into the document for the browser's store. The browser
 * then hydrates that markup (main.tsx).
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { createOperationDescriptor, type ConcreteRequest, type Variables } from 'relay-runtime';
import type { RecordMap } from 'relay-runtime/lib/store/RelayStoreTypes';
import BlogListPageQuery from './__generated__/BlogListPageQuery.graphql';
import StoriesPageQuery from './__generated__/StoriesPageQuery.graphql';
import { AppProviders } from './app';
import { BLOG_VARIABLES, STORIES_VARIABLES } from './pages/stories/listQueries';
import { createEnvironment, seedServerRender } from './platform/relay/environment';
import { routes } from './routes';

/** Runs a page's query (its text and variables) and answers its `data`; throws on errors. */
export type FetchQuery = (text: string, variables: Variables) => Promise<Record<string, unknown>>;

/** Pages rendered with data, by request path: the query each page reads, with its variables. */
const PAGE_DATA: Record<string, { request: ConcreteRequest; variables: Variables }> = {
  '/blog': { request: BlogListPageQuery, variables: BLOG_VARIABLES },
  '/stories': { request: StoriesPageQuery, variables: STORIES_VARIABLES },
};

/** The paths the server renders per request with their data. */
export const livePaths = Object.keys(PAGE_DATA);

/** The Relay records of a page's data, or null for a page without data (or without `fetchQuery`). */
async function recordsOf(path: string, fetchQuery: FetchQuery | undefined): Promise<RecordMap | null> {
  const page = PAGE_DATA[path];
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
