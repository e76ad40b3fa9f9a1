// The end-to-end server: a brand-new embedded database every run (which also loads the demo
// workspace), then the same start command as `npm start`. Cleaning here, not in the config,
// because Playwright re-imports its config in every worker process.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';

const dataDir = process.env.DATA_DIR;
if (dataDir && path.resolve(dataDir).includes(`${path.sep}.tmp${path.sep}`)) fs.rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['scripts/start.mjs'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
