import type { AppDeps, Viewer } from '../platform/context.js';

/**
 * Tells every instance that a user's sessions ended: those of a session version below `version`
 * (a password changed or reset), or all of them when `version` is null (the account was deleted).
 *
 * Requests need no telling: `authenticate` compares the token's session version with the
 * account's on each one, and a subscription re-reads the viewer before every event it delivers
 * (notifications/live.ts). This closes the ended sessions' sockets at once instead, so a browser
 * tab left open is signed out without waiting for an event.
 */
export function announceSessionsEnded(deps: AppDeps, userId: string, version: number | null): void {
  deps.pubsub.publish('sessions', userId, { version });
}

/** What `closeSocketWhenSessionEnds` needs of a WebSocket. */
export interface ClosableSocket {
  close(code: number, reason: string): void;
  once(event: 'close', listener: () => void): unknown;
}

/**
 * Closes `socket`, opened with `viewer`'s access token, with `code` as soon as that token's
 * session ends (see `announceSessionsEnded`). The listener goes with the socket.
 */
export function closeSocketWhenSessionEnds(deps: AppDeps, viewer: Viewer, socket: ClosableSocket, code: number): void {
  const events = deps.pubsub.subscribe('sessions', viewer.id);
  socket.once('close', () => void events.return?.());
  const version = viewer.session?.version ?? 0;
  void (async () => {
    for await (const event of events) {
      if (event.version === null || event.version > version) {
        socket.close(code, 'Session ended');
        return;
      }
    }
  })().catch((err: unknown) => deps.logger.warn({ err }, 'session watch of a socket failed'));
}
