import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { THEME_COLOR } from './src/brand';
import { relayArtifacts } from './relayArtifactsPlugin';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webDir, '..');
const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 4000}`;

/**
 * The installable app (vite-plugin-pwa): the web app manifest and a service worker at /sw.js
 * (scope /, served `no-cache` by api/src/server/app.ts), built with Workbox's modules from our own
 * src/sw.ts (injectManifest: the worker also sends the changes waiting offline by Background Sync,
 * with the same modules as the pages). The worker precaches the app shell (index.html) and every
 * code chunk, so a trip opened once reads again offline (its data comes from the Relay store kept
 * in IndexedDB: platform/offline/); src/sw.ts says what it does at run time. A new build's worker
 * waits until the reader accepts "Reload to update" (registerType 'prompt',
 * platform/offline/serviceWorker.ts); it is registered after the page's load, from a chunk of
 * its own (the landing's budget).
 */
const pwa = (disable: boolean) =>
  VitePWA({
    disable,
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    // The icons are committed (written by web/scripts/icons.ts from the favicon).
    includeAssets: [],
    manifest: {
      id: '/dashboard',
      name: 'Tripcrew',
      short_name: 'Tripcrew',
      description: 'Plan trips together with your friends, and keep them with you on the road.',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // One classic script (no module worker): every browser with service workers runs it.
      rollupFormat: 'iife',
      globPatterns: ['index.html', 'assets/**/*.{js,css,woff2}', 'favicon.svg'],
      // Prerendered public pages and their live templates are asked of the server each time.
      globIgnores: ['prerendered/**', '**/*.map'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
  });

/** Where a package lives (the one node_modules of the repository). */
const reactRouterDist = path.join(repoRoot, 'node_modules/react-router/dist');

export default defineConfig(({ isSsrBuild, command }) => ({
  root: webDir,
  publicDir: path.join(webDir, 'public'),
  plugins: [relayArtifacts({ artifactDirectory: path.join(webDir, 'src/__generated__') }), react(), pwa(Boolean(isSsrBuild))],
  // The copyright year of prerendered pages (components/useYear.ts): the same in the browser's
  // build and the prerender build.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  resolve: {
    alias: [
      // Shared, browser-safe domain modules of the API (choices, messages). Source files import
      // them through web/src/platform/domain.ts with a relative path so tsc needs no alias.
      { find: '@domain', replacement: path.join(repoRoot, 'api/src') },
      // Only the hooks the app uses, not react-relay's whole CommonJS index (platform/relay/reactRelay.ts).
      { find: /^react-relay$/, replacement: path.join(webDir, 'src/platform/relay/reactRelay.ts') },
      // React Router's package resolves its development build in every mode (remix-run/react-router
      // #12532, #14102): its dev-only warnings shipped to every page. A build takes its production
      // copy, the same code with those off; `npm run dev:web` keeps the warnings.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterDist, 'production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'production/dom-export.mjs') },
          ]
        : []),
    ],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    fs: { allow: [repoRoot] },
    proxy: {
      '/graphql': { target: apiTarget, ws: true, changeOrigin: true },
      '/api': { target: apiTarget, changeOrigin: true },
      '/healthz': { target: apiTarget, changeOrigin: true },
      '/readyz': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    outDir: path.join(webDir, 'dist'),
    emptyOutDir: true,
    // Maps are written for debugging a production stack trace, but no bundle links them and the
    // server does not publish them (api/src/server/app.ts).
    sourcemap: 'hidden',
    // Which files each page module needs: the prerender step (web/scripts/prerender.ts) links
    // them from its pages, then removes the manifest.
    manifest: true,
    chunkSizeWarningLimit: 700,
    // A lazy import preloads only the stylesheets its chunk needs. Listing its scripts too put
    // the file names of every page's chunks into the entry (5.7 KB of its 21.7 KB gzip, loaded by
    // every page); a page's scripts are named as module preloads by its prerendered document or
    // shell instead (web/scripts/prerender.ts), and a later page's chunk finds its imports itself.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
    rolldownOptions: {
      // The API's domain modules the web shares (platform/domain.ts: messages, choices, rules) only
      // declare values. Some build them with a call at the top (a message filled in, a frozen
      // table), which the bundler must otherwise assume does something: every page that imported
      // one value of the barrel then loaded every such module (trips', checklists', admin's
      // messages on a guide page).
      treeshake: { moduleSideEffects: [{ test: /[\\/]api[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        // Framework code changes rarely: keep it in long-cached chunks of its own. Mantine is not
        // one of them: each page takes only the components it uses.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: 'relay', test: /node_modules[\\/](relay-runtime|react-relay|graphql-ws)[\\/]/ },
          ],
        },
      },
    },
  },
}));
