/**
 * Registers the service worker (Workbox's, built by vite-plugin-pwa: web/vite.config.ts) and
 * offers a waiting new build as "Reload to update": a new build's worker installs beside the
 * running one and takes over only when the reader accepts; then the tab reloads on the new build,
 * so one page never mixes two builds' chunks. Loaded by main.tsx after the page's `load` event.
 * It is the browser's own API, not workbox-window: these few lines are on every page, the
 * landing page's budget included; the notice's code (Mantine) loads only when a build waits.
 */
export function registerServiceWorker(): void {
  const container = navigator.serviceWorker;
  let reloading = false;
  const offer = (waiting: ServiceWorker) =>
    void import('./updateNotice').then(({ offerUpdate }) =>
      offerUpdate(() => {
        container.addEventListener('controllerchange', () => {
          if (reloading) return;
          reloading = true;
          window.location.reload();
        });
        // Workbox's generated worker skips waiting on this message.
        waiting.postMessage({ type: 'SKIP_WAITING' });
      }),
    );
  container
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      // A worker of a new build already waiting (installed during an earlier visit).
      if (registration.waiting && container.controller) offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          // Installed while another worker controls the page: a new build, waiting.
          if (installing.state === 'installed' && container.controller) offer(installing);
        });
      });
      // A tab left open for long learns of a new build when it comes back.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
      });
    })
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
}
