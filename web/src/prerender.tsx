/**
 * Server-side entry, used only at build time: web/scripts/prerender.ts bundles it with Vite
 * (`vite build --ssr`) and renders the public pages to HTML with it, signed out. The browser
 * then hydrates that markup (main.tsx). Nothing here runs in a server process.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './app';
import { routes } from './routes';

/** The markup of `path` (what goes inside <div id="root">), or an error when it redirects or fails. */
export async function render(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status} ${context.headers.get('location') ?? ''}`);
  if (context.errors) throw new Error(`${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline script with router state (the CSP allows none, and these pages
  // have no loader data to hand over).
  return renderToString(
    <AppProviders>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
