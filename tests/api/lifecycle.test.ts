import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server as `npm start` runs it: on a brand-new embedded database it loads the demo
 * workspace and prints how to sign in, answers /healthz and /readyz, and stops cleanly on SIGTERM.
 * (Runs once, in the PGlite project: it is about the process, not the database.)
 */
describe.runIf(process.env.TEST_DB !== 'postgres')('server process', () => {
  it('starts on a fresh embedded database with demo data, reports ready, and exits 0 on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-life-'));
    const port = 4700 + (process.pid % 200);
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), INBOUND_SMTP_PORT: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    try {
      await expect.poll(() => output, { timeout: 90_000, interval: 250 }).toContain('Tripcrew is running');
      expect(output).toContain('alex@demo.tripcrew.local');
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
      const signin = await fetch(`http://127.0.0.1:${port}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'alex@demo.tripcrew.local', password: 'tripcrew-demo' }),
      });
      expect(signin.status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
