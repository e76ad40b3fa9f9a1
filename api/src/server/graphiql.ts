import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { GraphiQLOptions } from 'graphql-yoga';
import { html, SafeHtml } from '../platform/formats/html.js';

/**
 * GraphiQL from our own origin. Yoga's default page pulls its code from unpkg; the
 * @graphql-yoga/render-graphiql package bundles it, but as one 9 MB inline script with its
 * editor workers started from blob: URLs, which our CSP (script-src 'self') rightly refuses.
 * So its parts are served here as files, and the page is a small shell that links them.
 */
export const GRAPHIQL_ASSETS_PATH = '/graphiql';

interface Asset {
  body: string | Uint8Array<ArrayBuffer>;
  type: string;
}

interface Assets {
  /** Hash of the bundle, in every asset's URL, so the files can be cached for good. */
  tag: string;
  files: Map<string, Asset>;
}

const js = 'text/javascript; charset=utf-8';

// Monaco asks for a worker by label; each label is one bundled worker file.
const workerFiles = { editorWorkerService: 'editor.worker.js', json: 'json.worker.js', graphql: 'graphql.worker.js' };

let loading: Promise<Assets> | undefined;

/** Loaded on first use: processes that never show GraphiQL (the tests) skip 9 MB of JavaScript. */
function loadAssets(): Promise<Assets> {
  return (loading ??= import('@graphql-yoga/render-graphiql/graphiql').then((bundle) => {
    const tag = createHash('sha256')
      .update(bundle.js)
      .update(bundle.css)
      .update(bundle.editorWorkerService)
      .update(bundle.jsonWorker)
      .update(bundle.graphqlWorker)
      .digest('hex')
      .slice(0, 16);
    const base = `${GRAPHIQL_ASSETS_PATH}/${tag}/`;
    const icon = /^data:([^;,]+);base64,(.*)$/s.exec(bundle.favicon);
    const files = new Map<string, Asset>([
      ['graphiql.js', { body: bundle.js, type: js }],
      ['graphiql.css', { body: bundle.css, type: 'text/css; charset=utf-8' }],
      [workerFiles.editorWorkerService, { body: bundle.editorWorkerService, type: js }],
      [workerFiles.json, { body: bundle.jsonWorker, type: js }],
      [workerFiles.graphql, { body: bundle.graphqlWorker, type: js }],
      // Runs before the bundle, as the package's own page does: Monaco reads it when it loads.
      ['monaco-environment.js', { body: monacoEnvironment(base), type: js }],
      ['start.js', { body: START, type: js }],
    ]);
    if (icon) files.set('favicon.ico', { body: new Uint8Array(Buffer.from(icon[2]!, 'base64')), type: icon[1]! });
    return { tag, files };
  }));
}

function monacoEnvironment(base: string): string {
  return `self.MonacoEnvironment = {
  globalAPI: false,
  getWorkerUrl: function (_moduleId, label) {
    var files = ${JSON.stringify(workerFiles)};
    return files[label] ? ${JSON.stringify(base)} + files[label] : undefined;
  },
};
`;
}

// The options travel in a JSON data block (not executed, so the CSP has nothing to allow).
const START = `YogaGraphiQL.renderYogaGraphiQL(
  document.getElementById('root'),
  JSON.parse(document.getElementById('graphiql-options').textContent),
);
`;

/** Yoga's `renderGraphiQL`: the page shell, with nothing inline but data. */
export async function renderGraphiQL(options: GraphiQLOptions): Promise<string> {
  const { tag, files } = await loadAssets();
  const base = `${GRAPHIQL_ASSETS_PATH}/${tag}/`;
  // `<` escaped so no value can close the data block early.
  const json = new SafeHtml(JSON.stringify(options).replace(/</g, '\\u003c'));
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>${options.title ?? 'GraphiQL'}</title>
        ${files.has('favicon.ico') && html`<link rel="icon" href="${base}favicon.ico" />`}
        <link rel="stylesheet" href="${base}graphiql.css" />
      </head>
      <body id="body" class="no-focus-outline">
        <noscript>You need to enable JavaScript to run this app.</noscript>
        <div id="root"></div>
        <script type="application/json" id="graphiql-options">
          ${json}
        </script>
        <script src="${base}monaco-environment.js"></script>
        <script src="${base}graphiql.js"></script>
        <script src="${base}start.js"></script>
      </body>
    </html> `.value;
}

/** GET /graphiql/<tag>/<file>: the bundle's parts; a stale tag (an older page) is a 404. */
export function graphiqlAssets() {
  const app = new Hono();
  app.get('/:tag/:file', async (c) => {
    const { tag, files } = await loadAssets();
    const asset = c.req.param('tag') === tag ? files.get(c.req.param('file')) : undefined;
    if (!asset) return c.text('Not found', 404);
    return c.body(asset.body, 200, { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=31536000, immutable' });
  });
  app.all('*', (c) => c.text('Not found', 404));
  return app;
}
