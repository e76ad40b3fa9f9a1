import './styles/publicStyles';
import './styles.css';
import { useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState, type LoaderFunction } from 'react-router-dom';
import { AppProviders } from './app';
import { routes } from './routes';
import { clearRenderFacts, renderFacts } from './platform/renderFacts';
import { sessionStore } from './platform/session';
import { forgetSignedInPage, pageAdopted, rememberReaderPlace, signedInPageIsYours } from './platform/signedInPage';

const container = document.getElementById('root')!;
rememberReaderPlace();

/** Clears the server render's facts once React has adopted its markup: the reader's own clock takes over, and taps are answered. */
function AfterHydration({ children }: { children: ReactNode }) {
  useEffect(() => {
    clearRenderFacts();
    pageAdopted();
  }, []);
  return children;
}

/**
 * The data the routes' loaders give for the current address, by route id (react-router's ids:
 * the route's index path, `0-4-1`, unless it names one): what a page the server rendered with
 * its data hydrates with, so the router renders it at once instead of loading first.
 */
async function loaderData(): Promise<HydrationState['loaderData']> {
  const matches = matchRoutes(routes, window.location) ?? [];
  const data: Record<string, unknown> = {};
  let siblings = routes;
  const path: number[] = [];
  for (const { route, params } of matches) {
    path.push(siblings.indexOf(route));
    siblings = route.children ?? [];
    if (!route.loader) continue;
    const id = route.id ?? path.join('-');
    data[id] = await (route.loader as LoaderFunction)({ request: new Request(window.location.href), params, context: undefined } as never);
  }
  return data;
}

async function start() {
  // A page prerendered at build time (web/scripts/prerender.ts), or rendered by the server for its
  // reader, arrives with its markup: load the code of the routes it shows first, so the first
  // render is that same markup and React adopts it (hydrates) instead of replacing it. Every
  // other page renders from scratch.
  let prerendered = container.hasChildNodes();
  let hydrationData: HydrationState | undefined;
  if (prerendered && renderFacts()) {
    // A signed-in page is adopted by the reader it was rendered for, in the zone it was rendered
    // in; otherwise it starts again here (its records go too: they may be another account's).
    await sessionStore.ready;
    if (!signedInPageIsYours(sessionStore.current?.user.id)) {
      forgetSignedInPage(container, !!sessionStore.current);
      prerendered = false;
    }
  }
  if (prerendered) {
    const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((m) => m.route.lazy);
    await Promise.all(
      lazyMatches.map(async ({ route }) => {
        const resolved = await (route.lazy as () => Promise<object>)();
        Object.assign(route, resolved, { lazy: undefined });
      }),
    );
    if (renderFacts()) {
      try {
        hydrationData = { loaderData: await loaderData() };
      } catch {
        // A loader that redirects (the session ended meanwhile): the router takes it from here.
        forgetSignedInPage(container, !!sessionStore.current);
        prerendered = false;
      }
    }
  }
  const app = (
    <AppProviders>
      <AfterHydration>
        <RouterProvider router={createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined)} />
      </AfterHydration>
    </AppProviders>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();

// The service worker (offline reading, installability) is registered once the page has loaded.
// Every page but the landing page loads its chunk (which also offers a new build as "Reload to
// update"); the landing page, whose JavaScript budget (150 KB gzip, tests/e2e/first-paint.spec.ts)
// has no room for that chunk, registers the same worker with the browser's one call: its first
// paint is over by then, and the worker's precaching runs in the worker, not in the page.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const landing = window.location.pathname === '/';
  const register = landing
    ? () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined)
    : () => void import('./platform/offline/serviceWorker').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
