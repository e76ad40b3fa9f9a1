// `npm test`: every suite (unit, API on PGlite and PostgreSQL, browser end-to-end), then one
// closing line "N passed, N failed". Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const out = path.resolve('.tmp/test-results');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

const run = (label, cmd, args, env = {}) => {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${label}: exit ${r.status} in ${Math.round((Date.now() - started) / 1000)} s ===`);
  return r.status ?? 1;
};

let passed = 0;
let failed = 0;
let skipped = 0;
let crashed = 0;

// Relay artifacts and schema must exist before typechecking or bundling the web app.
if (run('relay compiler', 'npx', ['relay-compiler']) !== 0) crashed++;
if (run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) !== 0) crashed++;
if (run('format (prettier --check)', 'npx', ['prettier', '--check', '.']) !== 0) crashed++;
if (run('lint (typescript-eslint)', 'npx', ['eslint', 'api/src', 'web/src', 'web/scripts', 'tests', 'scripts']) !== 0) crashed++;

const vitestJson = path.join(out, 'vitest.json');
const vitestExit = run('unit and API tests (PGlite, PostgreSQL)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  if (vitestExit !== 0 && r.numFailedTests === 0) crashed++;
} else crashed++;

const pwJson = path.join(out, 'playwright.json');
const pwExit = run('browser end-to-end (Chromium)', 'npx', ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
});
if (fs.existsSync(pwJson)) {
  const s = JSON.parse(fs.readFileSync(pwJson, 'utf8')).stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
  if (pwExit !== 0 && s.unexpected === 0) crashed++;
} else crashed++;

// A step that crashed without reporting tests counts as a failure.
failed += crashed;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
