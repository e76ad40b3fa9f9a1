// Generates the Prisma client and the Pothos types from the schema folder api/prisma/schema/.
//
// `prisma generate` needs no engine binary, but the CLI insists on finding (or downloading)
// the native schema engine first. Pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file
// satisfies that check without a download; migrations use the WebAssembly engine instead
// (api/src/db/migrate.ts). See docs in /work/shared/notes/prisma-offline.md.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schema = path.join(root, 'api/prisma/schema');
const cli = path.join(root, 'node_modules/prisma/build/index.js');

export function generatePrismaClient({ quiet = false } = {}) {
  if (!existsSync(cli)) throw new Error(`prisma CLI not found at ${cli}; run npm install`);
  const env = {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? path.join(root, 'package.json'),
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1', // no telemetry / update check over the network
    // The `prisma-pothos-types` generator is a bin of @pothos/plugin-prisma; npm scripts put
    // node_modules/.bin on PATH, `node scripts/...` does not.
    PATH: [path.join(root, 'node_modules/.bin'), process.env.PATH].filter(Boolean).join(path.delimiter),
  };
  const result = spawnSync(process.execPath, [cli, 'generate', '--schema', schema], {
    cwd: root,
    env,
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`prisma generate failed (exit ${result.status ?? result.signal})`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    generatePrismaClient();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
