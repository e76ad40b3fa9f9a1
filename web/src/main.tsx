import './styles/publicStyles';
import './styles.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app';
import { routes } from './routes';

const container = document.getElementById('root')!;

async function start() {
  // A page prerendered at build time (web/scripts/prerender.ts) arrives with its markup: load the
  // code of the routes it shows first, so the first render is that same markup and React adopts
  // it (hydrates) instead of replacing it. Every other page renders from scratch.
  const prerendered = container.hasChildNodes();
  if (prerendered) {
    const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((m) => m.route.lazy);
    await Promise.all(
      lazyMatches.map(async ({ route }) => {
        const resolved = await (route.lazy as () => Promise<object>)();
        Object.assign(route, resolved, { lazy: undefined });
      }),
    );
  }
  const app = (
    <AppProviders>
      <RouterProvider router={createBrowserRouter(routes)} />
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
