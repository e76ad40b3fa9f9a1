import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testApp.js';

/** Sends one GET on `socket` and resolves with the status line of its answer. */
function get(socket: net.Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed || socket.readableEnded) return reject(new Error('the server had closed the connection'));
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length: *(\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
      if (text.length - end - 4 < length) return;
      socket.off('data', onData);
      socket.off('end', closed);
      socket.off('close', closed);
      resolve(text.split('\r\n')[0]);
    };
    socket.on('data', onData);
    const closed = () => reject(new Error('the server closed the connection'));
    socket.once('end', closed);
    socket.once('close', closed);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe('keep-alive connections', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    port = (await t.app.listen(0, '127.0.0.1')).port;
  });
  afterAll(() => t?.close());

  it("stay open past Node's 5 s, so a client reusing one is not reset", async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    expect(await get(socket, '/healthz')).toBe('HTTP/1.1 200 OK');
    // Idle longer than Node's default keep-alive (5 s): the connection must still answer.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await get(socket, '/healthz')).toBe('HTTP/1.1 200 OK');
    socket.destroy();
  });
});
