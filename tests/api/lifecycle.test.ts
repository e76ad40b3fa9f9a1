import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
      await expect.poll(() => output, { timeout: 180_000, interval: 250 }).toContain('Tripcrew is running');
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
  }, 240_000);
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether the port can be listened on again (nothing holds it). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Whether any process of the group is still running (zombies, dead and waiting for init to reap them, do not count). */
function groupAlive(pgid: number): boolean {
  if (!fs.existsSync('/proc/self/stat')) {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  }
  return fs.readdirSync('/proc').some((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after its closing parenthesis.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(pgrp) === pgid && state !== 'Z' && state !== 'X';
    } catch {
      return false;
    }
  });
}

/**
 * `npm start` (scripts/start.mjs, which runs the server as its child) stops with whatever stops
 * it: the signal reaches the server, the script exits with it, and the port is free. With
 * WEB_DIST pointing at a folder of its own the script builds nothing, so this costs one start.
 */
describe.runIf(process.env.TEST_DB !== 'postgres' && process.platform !== 'win32')('npm start', () => {
  let dataDir = '';
  let webDist = '';
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-start-'));
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-start-web-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  /** Starts `command` in a process group of its own (so the test can clean up all of it) and waits until /readyz answers. */
  async function start(command: string, args: string[]) {
    const port = await freePort();
    const child = spawn(command, args, {
      env: { ...process.env, DATA_DIR: dataDir, WEB_DIST: webDist, PORT: String(port), INBOUND_SMTP_PORT: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const ready = () =>
      fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
    try {
      await expect.poll(ready, { timeout: 180_000, interval: 250 }).toBe(200);
    } catch (err) {
      if (groupAlive(child.pid!)) process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`not ready: ${output}`, { cause: err });
    }
    expect(output).not.toContain('Building the web app');
    return { child, port, exited, output: () => output };
  }

  it('SIGTERM to npm stops the start script and the server; npm exits 0 once the port is free', async () => {
    const { child, port, exited, output } = await start('npm', ['start']);
    try {
      expect(await portIsFree(port)).toBe(false);
      child.kill('SIGTERM');
      expect(await exited, output()).toBe(0);
      // npm exited after the script, the script after the server: nothing is left, nothing holds the port.
      expect(groupAlive(child.pid!)).toBe(false);
      expect(await portIsFree(port)).toBe(true);
    } finally {
      if (groupAlive(child.pid!)) process.kill(-child.pid!, 'SIGKILL');
    }
  }, 240_000);

  it('a start script whose parent dies without passing the signal on (a shell between) stops the server too', async () => {
    // `sh -c` does not hand the signal to its child: the script is left orphaned, notices, and stops.
    const { child, port } = await start('sh', ['-c', 'node scripts/start.mjs; true']);
    try {
      child.kill('SIGTERM');
      await expect.poll(() => groupAlive(child.pid!), { timeout: 15_000, interval: 100 }).toBe(false);
      expect(await portIsFree(port)).toBe(true);
    } finally {
      if (groupAlive(child.pid!)) process.kill(-child.pid!, 'SIGKILL');
    }
  }, 240_000);
});
