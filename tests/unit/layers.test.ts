import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Imports in api/src run one way only: from a higher layer down, or within a layer. Type-only
 * imports count too: a lower layer should not need to know a higher one's shapes.
 *
 *   0  platform/, db/, types/, generated/  process services and data access
 *   1  graphql/, rest/                     the kits the domains build their doors with
 *   2  every other folder                  the domains: accounts/, trips/, expenses/, admin/...
 *                                          (they may import one another)
 *   3  server/, main.ts                    the composition root: registries, Yoga, Hono, sockets
 *
 * Where a kit needs something only a domain or the root has (the trip scopes' checks, the built
 * schema), the higher layer hands it down at start-up (graphql/tripScopes.ts,
 * graphql/executableSchema.ts) rather than the kit importing it.
 */
const root = path.resolve('api/src');
const LAYERS: Record<string, number> = { platform: 0, db: 0, types: 0, generated: 0, graphql: 1, rest: 1, server: 3, 'main.ts': 3 };
const DOMAIN = 2;

/** Upward imports kept on purpose, as `from -> to` (relative to api/src), each with its reason. None today. */
const ALLOWED: Record<string, string> = {};

function layerOf(file: string): number {
  const top = path.relative(root, file).split(path.sep)[0]!;
  return LAYERS[top] ?? DOMAIN;
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every relative module a file names: static, type-only, re-export, side-effect and dynamic `import()`. */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return info.importedFiles
    .map((f) => f.fileName)
    .filter((s) => s.startsWith('.'))
    .map((s) => path.resolve(path.dirname(file), s.replace(/\.js$/, '.ts')))
    .filter((target) => target.startsWith(root + path.sep));
}

const edge = (from: string, to: string) => `${path.relative(root, from)} -> ${path.relative(root, to)}`;

describe('api/src layers', () => {
  it('sees static, side-effect and dynamic imports', () => {
    const health = importsOf(path.join(root, 'admin/system/health.ts')).map((f) => path.relative(root, f));
    expect(health).toContain('graphql/executableSchema.ts');
    const schema = importsOf(path.join(root, 'server/schema.ts')).map((f) => path.relative(root, f));
    expect(schema).toContain('trips/graphql.ts');
  });

  it('has no import from a lower layer to a higher one', () => {
    const upward = sources(root).flatMap((file) =>
      importsOf(file)
        .filter((target) => layerOf(target) > layerOf(file))
        .map((target) => edge(file, target))
        .filter((e) => !(e in ALLOWED)),
    );
    expect(upward).toEqual([]);
  });

  it('keeps its allowed exceptions at zero, each still in the code', () => {
    const all = new Set(sources(root).flatMap((file) => importsOf(file).map((target) => edge(file, target))));
    for (const e of Object.keys(ALLOWED)) expect(all).toContain(e);
    expect(Object.keys(ALLOWED)).toHaveLength(0);
  });
});
