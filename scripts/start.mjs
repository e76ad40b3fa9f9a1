// `npm start`: build what needs building (Relay artifacts and the web bundle, only when their
// sources changed since the last build), then run the server with migrations applied on start.
// Stopping it stops everything it started: SIGINT, SIGTERM and SIGHUP go to the child at work
// (the build, then the server), and this script exits with it, with its exit code.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setInterval } from 'node:timers';
import { SERVER_NODE_ARGS } from './server-args.mjs';

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

/** The process doing the work now (the build, then the server), and the signal that stops us. */
let child = null;
let childIsGroup = false;
let stopSignal = null;
const exitCodeOf = (code, signal) => code ?? 128 + (os.constants.signals[signal] ?? 0);

function stop(signal) {
  if (!stopSignal) stopSignal = signal;
  if (!child) process.exit(exitCodeOf(null, signal));
  // The server stops gracefully on SIGTERM and SIGINT (api/src/main.ts); we exit when it has.
  // The build is a tree of processes (npm, a shell, relay-compiler, vite): all of it is told.
  const forwarded = signal === 'SIGHUP' ? 'SIGTERM' : signal;
  try {
    if (childIsGroup) process.kill(-child.pid, forwarded);
    else child.kill(forwarded);
  } catch {
    // Already gone: its exit ends this script.
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));

// Whoever started us may go without a word: a shell between npm and this script dies of the
// SIGTERM npm forwards it, a supervisor may be killed outright. Then we are adopted (our parent
// changes), and the server must not stay behind holding the port.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid && !stopSignal) stop('SIGTERM');
}, 500).unref();

/** Runs a command as the current child (`group`: in a process group of its own); resolves with its exit code. */
function run(command, args, { group = false, ...options } = {}) {
  return new Promise((resolve) => {
    childIsGroup = group && process.platform !== 'win32';
    child = spawn(command, args, { stdio: childIsGroup ? ['ignore', 'inherit', 'inherit'] : 'inherit', detached: childIsGroup, ...options });
    child.on('error', (err) => {
      console.error(`Could not start ${command}: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      child = null;
      resolve(exitCodeOf(code, signal));
    });
  });
}

// The build writes web/dist; with WEB_DIST pointing elsewhere (a bundle built beforehand) the
// server serves that folder as it is and nothing is built.
const webDist = path.resolve(process.env.WEB_DIST ?? 'web/dist');
const built = path.join(webDist, 'index.html');
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
if (webDist === path.join(root, 'web/dist') && builtAt < sourcesAt) {
  console.log('Building the web app...');
  const code = await run('npm', ['run', 'build:web'], { group: true });
  if (stopSignal) process.exit(exitCodeOf(null, stopSignal));
  if (code !== 0) process.exit(code);
}

const code = await run(process.execPath, SERVER_NODE_ARGS, { env: { NODE_ENV: 'production', ...process.env } });
process.exit(code);
