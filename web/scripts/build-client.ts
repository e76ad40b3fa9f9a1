/**
 * The browser's build (`npm run build:web` runs it before prerendering): `vite build` twice.
 *
 * The first build, unminified into a temporary directory, only shows how Rolldown splits the app
 * on its own; web/scripts/chunkGroups.ts reads that chunk graph with the route table
 * (web/scripts/routeLoads.ts) and finds the chunks that always load together. The second build,
 * into web/dist, puts each such set in one chunk (a code-splitting group naming exactly those
 * modules), so a page fetches the same bytes in fewer files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { computeChunkGroups, type GraphChunk } from './chunkGroups.js';
import { readRouteLoads } from './routeLoads.js';

const webDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const configFile = path.join(webDir, 'vite.config.ts');

/** The long-cached framework chunks (web/vite.config.ts's groups) and the entry stay whole. */
const KEEP = new Set(['react', 'relay', 'rolldown-runtime']);

function chunksOf(output: Awaited<ReturnType<typeof build>>): GraphChunk[] {
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  if (!outputs.every((o) => 'output' in o)) throw new Error('vite build returned no output to read');
  return outputs
    .flatMap((o) => o.output)
    .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
    .map((chunk) => ({
      fileName: chunk.fileName,
      name: chunk.name,
      isEntry: chunk.isEntry,
      moduleIds: chunk.moduleIds,
      imports: chunk.imports,
      dynamicImports: chunk.dynamicImports,
    }));
}

async function main() {
  const started = Date.now();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-chunks-'));
  let chunks: GraphChunk[];
  try {
    const first = await build({
      configFile,
      logLevel: 'warn',
      build: { outDir: scratch, emptyOutDir: true, copyPublicDir: false, minify: false, sourcemap: false },
    });
    chunks = chunksOf(first);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  const { contexts, navigations } = readRouteLoads(path.join(webDir, 'src'));
  const { groups, assignment } = computeChunkGroups({
    chunks,
    contexts,
    navigations,
    keep: (chunk) => chunk.isEntry || KEEP.has(chunk.name),
  });
  const merged = groups.reduce((n, g) => n + g.files.length, 0);
  console.log(`chunk groups: ${chunks.length} chunks, ${merged} of them merged into ${groups.length} (${chunks.length - merged + groups.length} files)`);

  const second = await build({
    configFile,
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: (id) => assignment.get(id) ?? null,
                test: (id) => assignment.has(id),
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
  });
  // Which chunk holds each of our modules: a page merged into a group has no manifest entry of
  // its own, and the prerender step (web/scripts/prerender.ts) links a page's chunks by module.
  const modules: Record<string, string> = {};
  for (const chunk of chunksOf(second)) {
    for (const id of chunk.moduleIds) if (id.startsWith(webDir + path.sep)) modules[path.relative(webDir, id)] = chunk.fileName;
  }
  fs.writeFileSync(path.join(webDir, 'dist/.vite/modules.json'), `${JSON.stringify(modules, null, 1)}\n`);
  console.log(`client built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

await main();
