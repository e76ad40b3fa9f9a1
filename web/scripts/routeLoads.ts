/**
 * What each route of web/src/routes.tsx loads first, as module ids, read from the route table's
 * source (as tests/e2e/a11y-sweep.spec.ts reads its paths): a public route loads the entry and
 * its page (and the whole stylesheet when it is an `appPage`); a dashboard route loads the entry,
 * the dashboard's frame with its loader's query, the whole stylesheet, its page and its page's
 * query artifact (`<Page>Query`, Relay's naming). Every module routes.tsx imports lazily is a
 * navigation (a route's load), not a lazy part of the route that is showing.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext } from './chunkGroups.js';

const LAZY_PAGE = /lazy: (page|appPage)\(\(\) => import\('([^']+)'\)\)/g;

export interface RouteLoads {
  contexts: LoadContext[];
  navigations: string[];
}

export function readRouteLoads(srcDir: string): RouteLoads {
  const file = path.join(srcDir, 'routes.tsx');
  const source = fs.readFileSync(file, 'utf8');
  const resolve = (specifier: string) => {
    const base = path.resolve(srcDir, specifier);
    const found = ['.tsx', '.ts'].map((ext) => base + ext).find((candidate) => fs.existsSync(candidate));
    if (!found) throw new Error(`${file}: cannot resolve ${specifier}`);
    return found;
  };
  const fail = (what: string): never => {
    throw new Error(`${file}: ${what} not found (web/scripts/routeLoads.ts reads the route table's source)`);
  };

  const entry = resolve('./main');
  const appStyles = resolve(source.match(/const appPage = [^\n]*\n[^\n]*import\('([^']+)'\)/)?.[1] ?? fail('the stylesheet appPage loads'));
  const [dashboardPart, rootPart = fail("'export const routes'")] = source.split('export const routes');
  const frameRoute =
    rootPart.match(/path: 'dashboard',[\s\S]*?import\('([^']+)'\)[\s\S]*?lazy: appPage\(\(\) => import\('([^']+)'\)\)/) ?? fail("the 'dashboard' route");
  const frame = [resolve(frameRoute[1]), resolve(frameRoute[2])];
  const navigations = [...source.matchAll(/import\('([^']+)'\)/g)].map((m) => resolve(m[1]));

  const contexts: LoadContext[] = [];
  for (const [, kind, specifier] of rootPart.matchAll(LAZY_PAGE)) {
    const page = resolve(specifier);
    if (frame.includes(page)) continue;
    contexts.push({ name: path.relative(srcDir, page), roots: [entry, page, ...(kind === 'appPage' ? [appStyles] : [])] });
  }
  for (const [, , specifier] of dashboardPart.matchAll(LAZY_PAGE)) {
    const page = resolve(specifier);
    const query = navigations.find((id) => path.basename(id) === `${path.basename(page, '.tsx')}Query.graphql.ts`);
    contexts.push({ name: `dashboard: ${path.relative(srcDir, page)}`, roots: [entry, ...frame, appStyles, page, ...(query ? [query] : [])] });
  }
  if (contexts.length < 10) fail('the lazy pages');
  return { contexts, navigations };
}
