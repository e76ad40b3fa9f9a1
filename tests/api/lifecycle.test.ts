import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server as `npm start` runs it: on a brand-new embedded database it loads the demo
 * workspace and prints how to sign in, answers /healthz and /readyz, and stops cleanly on SIGTERM.
 * (Runs once, in the PGlite project: it is about the process, not the database.)
 */
describe.runIf(process.env.TEST_DB !== 'postgres')('server process', () => {
  it('starts on a fresh embedded database with demo data, reports ready, survives a hostile request, and on SIGTERM finishes what is in flight, then exits 0', async () => {
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
      // The request that once made the process exit: a real and an unknown user's ids, signed out.
      const userGid = (id: string) => Buffer.from(`User:${id}`).toString('base64');
      const nodes = await fetch(`http://127.0.0.1:${port}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'query($ids:[ID!]!){ nodes(ids:$ids){ id } }',
          variables: { ids: [userGid((await signin.json()).user.id), userGid('00000000-0000-4000-8000-000000000000')] },
        }),
      });
      expect(nodes.status).toBeLessThan(500);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

      // A request in flight when SIGTERM comes: its headers are in, half its body is not.
      const body = JSON.stringify({ email: 'alex@demo.tripcrew.local', password: 'not-the-password' });
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let answer = '';
      socket.on('data', (d) => (answer += d));
      socket.write(
        `POST /api/auth/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      );
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      // New connections are refused at once...
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${port}/healthz`).then(
              () => 'accepted',
              () => 'refused',
            ),
          { timeout: 10_000, interval: 100 },
        )
        .toBe('refused');
      // ...while the request in flight still gets its answer, and only then does the process exit.
      socket.write(body.slice(10));
      await expect.poll(() => answer, { timeout: 10_000, interval: 50 }).toMatch(/^HTTP\/1\.1 400/);
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
