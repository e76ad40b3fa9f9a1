import type { AppDeps } from './context.js';

const SWEEP_EVERY_MS = 10_000;
const BATCH = 100;

/**
 * Removes from storage the files whose rows are gone (queued by a database trigger in
 * `removed_files`), then forgets them. A file that cannot be removed now stays queued.
 */
export async function sweepRemovedFiles(deps: AppDeps): Promise<number> {
  const queued = await deps.db.prisma.removedFile.findMany({ orderBy: { removedAt: 'asc' }, take: BATCH });
  let removed = 0;
  for (const { storageKey } of queued) {
    try {
      await deps.storage.remove(storageKey);
      await deps.db.prisma.removedFile.delete({ where: { storageKey } }).catch(() => undefined);
      removed++;
    } catch (err) {
      deps.logger.warn({ err, storageKey }, 'could not remove a stored file; will retry');
    }
  }
  return removed;
}

/** Starts the periodic sweep; returns its stop function. */
export function startFileSweeper(deps: AppDeps): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepRemovedFiles(deps)
      .catch((err) => deps.logger.warn({ err }, 'file sweep failed; will retry'))
      .finally(() => (running = false));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
