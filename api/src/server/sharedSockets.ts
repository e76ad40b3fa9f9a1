import type { WebSocket, WebSocketServer } from 'ws';
import { CloseCode, handleProtocols, makeServer, type ServerOptions } from 'graphql-ws';
import type { Extra } from 'graphql-ws/use/ws';
import type { Logger } from '../platform/logger.js';
import { liveWork } from './liveResults.js';

/**
 * graphql-ws on `ws`, as graphql-ws's own `useServer` (graphql-ws/use/ws) runs it, except for
 * how a result goes out: each result object is serialised once, whoever it is sent to.
 *
 * graphql-ws writes every `next` message whole, `{"id":…,"type":"next","payload":…}`, so a
 * result shared by a thousand subscribers (server/liveResults.ts) would be stringified a thousand
 * times. Here `onNext` hands graphql-ws the result object itself, the message replacer puts a
 * placeholder where its payload goes and notes the payload's bytes (made once per result object,
 * kept for as long as the object lives), and the socket's `send` splices those bytes in. Sharing
 * therefore follows the result's identity: a result is only ever one object for subscribers
 * proven to see it alike (liveResults.ts, platform/liveShare.ts); one executed for a viewer alone
 * is an object of its own, and so are its bytes.
 */
export function serveSharedSockets<P extends Record<string, unknown> | undefined>(
  options: ServerOptions<P, Extra>,
  wss: WebSocketServer,
  logger: Logger,
  keepAliveMs = 12_000,
): { dispose(): Promise<void> } {
  // The bytes of the payload the replacer has just left out. graphql-ws stringifies a message as
  // the argument of `send` (`socket.send(stringifyMessage(…))`), so the message's `send` runs
  // right after, before anything else can: one slot is enough.
  let pending: Buffer | null = null;
  const server = makeServer<P, Extra>({
    ...options,
    // The object itself, not graphql-ws's copy of it: its identity is what tells that it is shared.
    onNext: async (ctx, id, payload, args, result) => (await options.onNext?.(ctx, id, payload, args, result)) ?? result,
    jsonMessageReplacer(this: unknown, key: string, value: unknown) {
      if (key !== 'payload' || !isNext(this) || typeof value !== 'object' || value === null) return value;
      pending = payloadBytes(value);
      return 0;
    },
  });
  wss.options.handleProtocols = handleProtocols;
  wss.once('error', (err) => {
    logger.error({ err }, 'websocket server failed');
    for (const client of wss.clients) client.close(CloseCode.InternalServerError, 'Internal server error');
  });
  wss.on('connection', (socket, request) => {
    socket.once('error', (err) => {
      logger.warn({ err }, 'websocket failed');
      socket.close(CloseCode.InternalServerError, 'Internal server error');
    });
    const stopKeepAlive = keepAlive(socket, keepAliveMs);
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) => {
          const message = spliced(data, pending);
          if (pending) liveWork.lastSentAt = Date.now();
          pending = null;
          return new Promise<void>((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            // A Buffer is sent as it is: text, as the protocol wants (binary: false).
            socket.send(message, { binary: false }, (err) => (err ? reject(err) : resolve()));
          });
        },
        close: (code, reason) => socket.close(code, reason),
        onMessage: (cb) =>
          socket.on('message', (event) => {
            cb(String(event)).catch((err: unknown) => {
              logger.error({ err }, 'websocket message failed');
              socket.close(CloseCode.InternalServerError, 'Internal server error');
            });
          }),
      },
      { socket, request },
    );
    socket.once('close', (code, reason) => {
      stopKeepAlive();
      void closed(code, String(reason));
    });
  });
  return {
    async dispose() {
      for (const client of wss.clients) client.close(1001, 'Going away');
      wss.removeAllListeners();
      await new Promise<void>((resolve, reject) => wss.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

const isNext = (holder: unknown): boolean => typeof holder === 'object' && holder !== null && (holder as { type?: unknown }).type === 'next';

/** Each result's payload as sent, made once per result object. */
const bytes = new WeakMap<object, Buffer>();
function payloadBytes(result: object): Buffer {
  let made = bytes.get(result);
  if (!made) {
    made = Buffer.from(JSON.stringify(result));
    bytes.set(result, made);
    liveWork.serialised++;
  }
  return made;
}

/** The placeholder the replacer leaves: the payload is a `next` message's last field. */
const PLACEHOLDER = ',"payload":0}';
const TAIL = Buffer.from('}');

/** The message as sent: `data` as it is, or with the payload's bytes in place of the placeholder. */
function spliced(data: string, payload: Buffer | null): string | Buffer {
  if (!payload) return data;
  if (!data.endsWith(PLACEHOLDER)) throw new Error('a next message without its payload placeholder');
  const head = Buffer.from(data.slice(0, data.length - 2));
  return Buffer.concat([head, payload, TAIL], head.length + payload.length + 1);
}

/** Pings every `ms` and ends a socket that has not answered the last ping by the next. */
function keepAlive(socket: WebSocket, ms: number): () => void {
  if (!(ms > 0 && Number.isFinite(ms))) return () => {};
  let pongWait: NodeJS.Timeout | null = null;
  const ping = setInterval(() => {
    if (socket.readyState !== socket.OPEN) return;
    pongWait = setTimeout(() => socket.terminate(), ms);
    socket.once('pong', () => {
      if (pongWait) clearTimeout(pongWait);
      pongWait = null;
    });
    socket.ping();
  }, ms);
  return () => {
    if (pongWait) clearTimeout(pongWait);
    clearInterval(ping);
  };
}
