// `npm start`: build what needs building (Relay artifacts and the web bundle, only when their
// sources changed since the last build), then run the server with migrations applied on start.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) {
    if (entry === '__generated__' || entry === 'dist' || entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

const built = path.join(root, 'web/dist/index.html');
const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
const sourcesAt = Math.max(
  newestMtime('web/src'),
  newestMtime('web/index.html'),
  newestMtime('web/vite.config.ts'),
  // The build's own steps: prerendering the public pages, precompressing every file.
  newestMtime('web/scripts'),
  newestMtime('schema.graphql'),
  // The web app imports browser-safe modules (choices, messages, timing rules) from the API.
  newestMtime('api/src'),
);
if (builtAt < sourcesAt) {
  console.log('Building the web app...');
  const r = spawnSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
