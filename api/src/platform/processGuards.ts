import type { Logger } from './logger.js';

interface ProcessLike {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  on(event: 'uncaughtException', listener: (err: Error) => void): unknown;
}

/** Uncaught exceptions tolerated in a minute before the process restarts itself (see below). */
export const UNCAUGHT_EXCEPTIONS_PER_MINUTE = 10;

/**
 * What the process does with an error nobody caught. Each request's errors are handled by its
 * door (GraphQL or REST), so one reaching here is a bug in a background path: log it and keep
 * serving everyone else. A rejected promise leaves no state half-changed, so it is only logged.
 * A thrown exception might; a burst of them means something is broken for good, and the process
 * asks to stop (`onFatal`, a graceful shutdown) so its supervisor starts a clean one.
 */
export function installProcessGuards(logger: Logger, onFatal: () => void, proc: ProcessLike = process) {
  let recent: number[] = [];
  proc.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection (kept serving)');
  });
  proc.on('uncaughtException', (err) => {
    const now = Date.now();
    recent = [...recent.filter((at) => now - at < 60_000), now];
    if (recent.length >= UNCAUGHT_EXCEPTIONS_PER_MINUTE) {
      logger.fatal({ err }, 'too many uncaught exceptions; shutting down for a clean restart');
      onFatal();
      return;
    }
    logger.error({ err }, 'uncaught exception (kept serving)');
  });
}
