// Runs after `npm install`: generates the Prisma client and Pothos types (api/src/generated,
// not committed), and builds the place search's index from its dataset package into
// node_modules/.cache. Offline by design: nothing here downloads anything.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePrismaClient } from './prisma-generate.mjs';

try {
  generatePrismaClient({ quiet: true });
  console.log('postinstall: generated the Prisma client and Pothos types in api/src/generated');
} catch (err) {
  console.error(`postinstall: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}

// Optional: without it the first place search of each process builds the index (seconds). The
// sources are not there yet in the Dockerfile's install step, which builds it later.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const gazetteer = path.join(root, 'api/scripts/build-gazetteer.ts');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
if (existsSync(gazetteer) && existsSync(tsx)) {
  const result = spawnSync(process.execPath, [tsx, gazetteer], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status === 0) process.stdout.write(`postinstall: ${result.stdout}`);
  else console.warn(`postinstall: the place search index was not built (it will be on first use): ${result.stderr || result.stdout}`);
}
