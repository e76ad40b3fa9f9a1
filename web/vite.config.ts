import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { relayArtifacts } from './relayArtifactsPlugin';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webDir, '..');
const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 4000}`;

export default defineConfig({
  root: webDir,
  publicDir: path.join(webDir, 'public'),
  plugins: [relayArtifacts({ artifactDirectory: path.join(webDir, 'src/__generated__') }), react()],
  // The copyright year of prerendered pages (components/useYear.ts): the same in the browser's
  // build and the prerender build.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  resolve: {
    alias: {
      // Shared, browser-safe domain modules of the API (choices, messages). Source files import
      // them through web/src/platform/domain.ts with a relative path so tsc needs no alias.
      '@domain': path.join(repoRoot, 'api/src'),
    },
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
    rolldownOptions: {
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
});
