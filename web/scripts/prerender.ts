/**
 * Build step after `vite build` (see `npm run build:web`): renders the public pages to HTML, so
 * their headings and text arrive with the document and show in the first paint; the browser
 * then hydrates them (web/src/main.tsx).
 *
 * 1. Builds web/src/prerender.tsx for Node (`vite build --ssr`, into web/dist-ssr, which the
 *    server loads too: see 4).
 * 2. Renders each page below, signed out, into the built web/dist/index.html, adding
 *    <link rel=modulepreload> for the page's own chunks (read from Vite's manifest) so the
 *    browser fetches them with the entry instead of after it, and its stylesheets and the first
 *    screen's pictures ahead of all scripts (api/src/server/firstScreen.ts).
 * 3. Writes web/dist/prerendered/<name>.html and web/dist/prerendered/pages.json (request path
 *    to file, or to { file, onlyWithoutQuery } for a page that reads the query), which the server answers those paths with (mountWebApp in api/src/server/app.ts).
 *    Any other path keeps getting the empty shell web/dist/index.html, rendered in the browser;
 *    the main signed-in pages get a copy of it naming their chunks (SHELLS).
 * 4. For the pages whose content is data (the story lists, a story's page, a guide: `livePaths` of
 *    prerender.tsx) also writes a template, the same document with `<!--app-->` in place of the
 *    markup, and lists them with the bundle in web/dist/prerendered/live.json: the server
 *    renders those pages per request with their data into the template
 *    (api/src/server/livePages.ts), and answers the data-less prerendered copy (for a pattern
 *    such as /blog/stories/:id, which has none, the app's shell) only if that fails.
 *
 * 5. For the main signed-in pages (`signedInPaths` of prerender.tsx) writes their shell once more
 *    as a template, without the first query, listed under `signedIn` in live.json: the server
 *    renders such a page per request for its reader (api/src/server/signedInPages.ts).
 *
 * A page can be prerendered when its markup is the same for every visitor and every moment:
 * no data, no session (the signed-out view is rendered; a stored session switches it after
 * hydration), no dates beyond the year.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { createOperationDescriptor, type ConcreteRequest, type Variables } from 'relay-runtime';
import { firstQueryTags } from '../../api/src/server/firstQuery.js';
import { imagePreloadsFirst } from '../../api/src/server/firstScreen.js';
import { operationBody } from '../src/platform/offline/request.js';
import { expensesPageVariables } from '../src/pages/expenses/pageVariables.js';
import { friendsPageVariables } from '../src/pages/friends/constants.js';
import { tripsPageVariables } from '../src/pages/trips/tripsTab.js';

/**
 * A prerendered page: the page modules its routes load lazily (keys of Vite's manifest), and
 * whether its markup depends on the query string (a sign-in after an e-mailed link says so, a
 * sign-up from an invitation names the trip). Such a page's copy, rendered without one, is only
 * served for a request without one; any other gets the shell and renders in the browser.
 */
interface Page {
  modules: string[];
  readsQuery?: true;
}

/** Request path → its page. */
const PAGES: Record<string, Page> = {
  '/': { modules: ['src/pages/landing/LandingPage.tsx'] },
  '/how-it-works': { modules: ['src/pages/static/HowItWorksPage.tsx'] },
  '/guides': { modules: ['src/pages/guides/GuidesPage.tsx'] },
  '/stories': { modules: ['src/pages/stories/StoriesPage.tsx'] },
  '/blog': { modules: ['src/pages/stories/BlogListPage.tsx'] },
  // A pattern: no copy of its own (its content is the story), only the template the server
  // renders each story into (4). Its components are the public pages' share of Mantine; the
  // signed-in reader's trip choosers bring the whole stylesheet when they load.
  '/blog/stories/:id': { modules: ['src/pages/stories/StoryViewPage.tsx'] },
  '/guides/:city': { modules: ['src/pages/guides/GuidePage.tsx'] },
  // Forms: the whole stylesheet comes with them (their inputs are not in the public share).
  '/signin': { modules: ['src/pages/accounts/SignInPage.tsx', 'src/styles/appStyles.ts'], readsQuery: true },
  '/signup': { modules: ['src/pages/accounts/SignUpPage.tsx', 'src/styles/appStyles.ts'], readsQuery: true },
};

/**
 * Signed-in pages have no markup to prerender (their content is the reader's), but the browser
 * can still learn at once every chunk they need: a shell per page (the app's empty document) with
 * the module preloads of its chunks, so the scripts are not discovered one import level at a
 * time (`npm run page-weight` counted 85 files for /dashboard). The dashboard's own frame, the
 * whole stylesheet and Relay's route loader (in the frame's closure) come with each; the page's
 * query artifact too, which its loader imports. Other dashboard paths get the plain shell.
 */
const DASHBOARD_FRAME = ['src/pages/dashboard/DashboardShell.tsx', 'src/styles/appStyles.ts'];
/** The frame's own query (its loader in web/src/routes.tsx), run beside every page's. */
const FRAME_QUERY = { query: () => import('../src/__generated__/DashboardLayoutQuery.graphql.js') };
/**
 * A shell: its modules, and the route's first query (the artifact its loader imports and the
 * variables its loader gives for the bare path), which the document starts itself
 * (api/src/server/firstQuery.ts) so the answer is on its way before the scripts have arrived.
 */
interface Shell {
  modules: string[];
  /** None for a path with a parameter: its variables come from the address (its loader sends it). */
  query?: () => Promise<{ default: ConcreteRequest }>;
  variables?: (args: LoaderFunctionArgs) => Variables;
}
const SHELLS: Record<string, Shell> = {
  '/dashboard': {
    modules: ['src/pages/dashboard/DashboardHomePage.tsx', 'src/__generated__/DashboardHomePageQuery.graphql.ts'],
    query: () => import('../src/__generated__/DashboardHomePageQuery.graphql.js'),
  },
  '/dashboard/trips': {
    modules: ['src/pages/trips/TripsPage.tsx', 'src/__generated__/TripsPageQuery.graphql.ts'],
    query: () => import('../src/__generated__/TripsPageQuery.graphql.js'),
    variables: tripsPageVariables,
  },
  '/dashboard/friends': {
    modules: ['src/pages/friends/FriendsPage.tsx', 'src/__generated__/FriendsPageQuery.graphql.ts'],
    query: () => import('../src/__generated__/FriendsPageQuery.graphql.js'),
    variables: friendsPageVariables,
  },
  '/dashboard/expenses': {
    modules: ['src/pages/expenses/ExpensesPage.tsx', 'src/__generated__/ExpensesPageQuery.graphql.ts'],
    query: () => import('../src/__generated__/ExpensesPageQuery.graphql.js'),
    variables: expensesPageVariables,
  },
  '/dashboard/checklist': {
    modules: ['src/pages/checklist/ChecklistPage.tsx', 'src/__generated__/ChecklistPageQuery.graphql.ts'],
    query: () => import('../src/__generated__/ChecklistPageQuery.graphql.js'),
  },
  '/dashboard/photos': {
    modules: ['src/pages/photos/PhotosPage.tsx', 'src/__generated__/PhotosPageQuery.graphql.ts'],
    query: () => import('../src/__generated__/PhotosPageQuery.graphql.js'),
  },
  // A trip: every trip's address gets this shell (webAssets.ts matches the parameter).
  '/dashboard/trips/:id': {
    modules: ['src/pages/trips/TripDetailPage.tsx', 'src/__generated__/TripDetailPageQuery.graphql.ts'],
  },
  '/dashboard/reservations': {
    modules: ['src/pages/reservations/ReservationsPage.tsx', 'src/__generated__/ReservationsPageQuery.graphql.ts'],
    query: () => import('../src/__generated__/ReservationsPageQuery.graphql.js'),
  },
  // A trip's checklists, the page a traveller opens on the road.
  '/dashboard/checklist/:tripId': {
    modules: ['src/pages/checklist/TripChecklistsPage.tsx', 'src/__generated__/TripChecklistsPageQuery.graphql.ts'],
  },
  '/dashboard/mapped': {
    modules: ['src/pages/mapped/MappedPage.tsx', 'src/__generated__/MappedPageQuery.graphql.ts'],
    query: () => import('../src/__generated__/MappedPageQuery.graphql.js'),
  },
  // A year's Wrapped: /dashboard/wrapped sends the reader to this year's.
  '/dashboard/wrapped/:year': {
    modules: ['src/pages/wrapped/WrappedPage.tsx', 'src/__generated__/WrappedPageQuery.graphql.ts'],
  },
  '/dashboard/rewards': {
    modules: ['src/pages/rewards/RewardsPage.tsx', 'src/__generated__/RewardsPageQuery.graphql.ts'],
    query: () => import('../src/__generated__/RewardsPageQuery.graphql.js'),
  },
  '/dashboard/settings': {
    modules: ['src/pages/settings/SettingsPage.tsx', 'src/__generated__/SettingsPageQuery.graphql.ts'],
    query: () => import('../src/__generated__/SettingsPageQuery.graphql.js'),
  },
};

/**
 * The JSON body the Relay network layer sends for a shell's query at its bare path: the same
 * operationBody, with the variables Relay completes from the operation's defaults.
 */
async function firstQueryBody(route: string, shell: Required<Pick<Shell, 'query'>> & Pick<Shell, 'variables'>): Promise<string> {
  const { default: request } = await shell.query();
  const args = { request: new Request(`http://localhost${route}`), params: {}, context: undefined } as LoaderFunctionArgs;
  const variables = createOperationDescriptor(request, shell.variables?.(args) ?? {}).request.variables;
  if (!request.params.id) throw new Error(`${route}: its query has no persisted id (relay.config.js persists every document)`);
  return operationBody({ documentId: request.params.id, text: null, operationName: request.params.name, variables });
}

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const webDir = path.join(repoRoot, 'web');
const dist = path.join(webDir, 'dist');
/** Beside web/dist, not in it: the server loads this bundle, nobody downloads it. */
const ssrOut = path.join(webDir, 'dist-ssr');

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The chunk's file and those of everything it imports statically, depth first. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/**
 * Stylesheets first in <head>: they hold up the first paint, scripts do not (modules run after
 * parsing). Listed before the module preloads, they are requested first on a busy connection.
 */
function stylesFirst(html: string): string {
  const styles = html.match(/^\s*<link rel="stylesheet"[^>]*>\n/gm) ?? [];
  let out = html;
  for (const link of styles) out = out.replace(link, '');
  const firstScript = out.search(/^\s*<script type="module"/m);
  if (firstScript < 0) return html;
  return out.slice(0, firstScript) + styles.join('') + out.slice(firstScript);
}

async function main() {
  const template = stylesFirst(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
  fs.writeFileSync(path.join(dist, 'index.html'), template);
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error('web/dist has no fresh Vite manifest: run `npm run build:web` (it builds, then prerenders)');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  // A module merged into a chunk group (web/scripts/build-client.ts) has no entry of its own:
  // the key is then its chunk's.
  const modulesFile = path.join(dist, '.vite/modules.json');
  const chunkFiles = fs.existsSync(modulesFile) ? (JSON.parse(fs.readFileSync(modulesFile, 'utf8')) as Record<string, string>) : {};
  const keyOf = (module: string) =>
    manifest[module] ? module : Object.keys(manifest).find((key) => chunkFiles[module] && manifest[key].file === chunkFiles[module]);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new Error('the manifest has no index.html entry');
  const entryChunks = closure(manifest, entryKey);

  await build({
    configFile: path.join(webDir, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: {
      ssr: path.join(webDir, 'src/prerender.tsx'),
      outDir: ssrOut,
      emptyOutDir: true,
      copyPublicDir: false,
      sourcemap: false,
      manifest: false,
      minify: false,
    },
  });
  const ssrEntry = path.join(ssrOut, 'prerender.js');
  const { render, livePaths, signedInPaths } = (await import(pathToFileURL(ssrEntry).href)) as {
    render: (path: string) => Promise<{ markup: string }>;
    livePaths: string[];
    signedInPaths: string[];
  };

  const outDir = path.join(dist, 'prerendered');
  fs.mkdirSync(outDir, { recursive: true });
  const pages: Record<string, string | { file: string; onlyWithoutQuery: true }> = {};
  const live: Record<string, string> = {};
  const signedIn: Record<string, string> = {};
  const placeholder = '<div id="root"></div>';
  if (!template.includes(placeholder)) throw new Error(`web/dist/index.html has no ${placeholder}`);
  const shells = await Promise.all(
    Object.entries(SHELLS).map(async ([route, shell]): Promise<[string, Page & { shell: string[] }]> => [
      route,
      {
        modules: [...DASHBOARD_FRAME, ...shell.modules],
        // A trip's shell starts the frame's query only: the page's variables are in its address.
        shell: [await firstQueryBody(route, FRAME_QUERY), ...(shell.query ? [await firstQueryBody(route, { ...shell, query: shell.query })] : [])],
      },
    ]),
  );
  for (const [route, { modules, readsQuery, shell }] of [...Object.entries(PAGES), ...shells] as [string, Page & { shell?: string[] }][]) {
    const parametric = route.includes('/:');
    if (parametric && !shell && !livePaths.includes(route)) throw new Error(`${route}: a pattern is only rendered per request (livePaths of prerender.tsx)`);
    // Sets: two modules of a page share chunks.
    // The entry's own imports first (the build lists none for it): they are what renders anything,
    // and named after a page's dozens of chunks they queued behind them on six connections.
    const preloads = new Set<string>(
      [...entryChunks].filter((key) => key !== entryKey).map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`),
    );
    const styles = new Set<string>();
    for (const module of modules) {
      const moduleKey = keyOf(module);
      if (!moduleKey) throw new Error(`${route}: ${module} is in no chunk of the build`);
      for (const key of closure(manifest, moduleKey)) {
        if (entryChunks.has(key)) continue;
        const chunk = manifest[key];
        // Behind the entry's and the first queries (shells), which the first screen waits for.
        preloads.add(`<link rel="modulepreload" crossorigin ${shell ? 'fetchpriority="low" ' : ''}href="/${chunk.file}">`);
        for (const css of chunk.css ?? []) styles.add(`<link rel="stylesheet" crossorigin href="/${css}">`);
      }
    }
    // The page's stylesheets join the entry's, ahead of every script (see stylesFirst).
    const lines = (links: Set<string>) => [...links].map((link) => `    ${link}\n`).join('');
    const firstScript = template.search(/^\s*<script type="module"/m);
    // Before </head>, wherever it is: the PWA plugin appends its manifest link on the same line,
    // and a search for an indented '  </head>' once lost every page's preloads without a word.
    const withStyles = template.slice(0, firstScript) + lines(styles) + template.slice(firstScript);
    const headEnd = withStyles.indexOf('</head>');
    if (headEnd < 0) throw new Error('web/dist/index.html has no </head>');
    const frame = `${withStyles.slice(0, headEnd)}\n${lines(preloads)}  ${withStyles.slice(headEnd)}`;
    const name = route === '/' ? 'index.html' : `${route.slice(1).replaceAll('/', '-').replaceAll(':', '')}.html`;
    if (shell) {
      // The first query's block and script go ahead of the stylesheets: an inline script waits
      // for the stylesheets above it, and this one should run as soon as it is parsed.
      const stylesAt = frame.indexOf('<link rel="stylesheet"');
      fs.writeFileSync(path.join(outDir, name), `${frame.slice(0, stylesAt)}${firstQueryTags(shell)}\n    ${frame.slice(stylesAt)}`);
      pages[route] = name;
      console.log(`shell ${route} → web/dist/prerendered/${name} (${preloads.size} module preloads)`);
      // The same document without the first query, for the server to render the page into for
      // its reader (5): its data is then in the document already.
      if (signedInPaths.includes(route)) {
        const templateName = name.replace(/\.html$/, '.signed-in.html');
        // Its content paints without a script: every script and preload goes at low priority, so
        // while the stylesheets are on their way (the first paint waits for them) Chrome holds the
        // scripts back instead of splitting a slow line between them (LCP 2.6 → 1.9 s on
        // /dashboard, `npm run page-weight`); they follow at once, for the page to answer taps.
        const lowPriority = frame
          .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="modulepreload" crossorigin fetchpriority="low" href=')
          .replace('<script type="module" crossorigin src=', '<script type="module" crossorigin fetchpriority="low" src=');
        fs.writeFileSync(path.join(outDir, templateName), lowPriority.replace(placeholder, '<div id="root"><!--app--></div>'));
        signedIn[route] = templateName;
      }
      continue;
    }
    // A page with markup takes no taps on its controls until the app has adopted it (the
    // stylesheet's `data-hydrating` rule; main.tsx removes the mark): its links work at once.
    const adoptable = frame.replace('<html ', '<html data-hydrating="" ');
    if (!parametric) {
      const { markup } = await render(route);
      const html = imagePreloadsFirst(adoptable.replace(placeholder, `<div id="root">${markup}</div>`));
      fs.writeFileSync(path.join(outDir, name), html);
      pages[route] = readsQuery ? { file: name, onlyWithoutQuery: true } : name;
      console.log(`prerendered ${route} → web/dist/prerendered/${name} (${(html.length / 1024).toFixed(1)} KB)`);
    }
    if (livePaths.includes(route)) {
      const templateName = name.replace(/\.html$/, '.template.html');
      fs.writeFileSync(path.join(outDir, templateName), adoptable.replace(placeholder, '<div id="root"><!--app--></div>'));
      live[route] = templateName;
    }
  }
  fs.writeFileSync(path.join(outDir, 'pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
  // The bundle's path is relative to web/dist, as the server resolves it.
  const renderer = path.relative(dist, ssrEntry);
  const missing = signedInPaths.filter((route) => !signedIn[route]);
  if (missing.length) throw new Error(`signed-in pages without a shell (SHELLS): ${missing.join(', ')}`);
  fs.writeFileSync(path.join(outDir, 'live.json'), `${JSON.stringify({ renderer, pages: live, signedIn }, null, 2)}\n`);
  // The manifest served its purpose; it is not part of what the server publishes.
  fs.rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
}

await main();
