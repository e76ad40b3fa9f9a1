// Stand-in until the shared admin foundation lands (replaced by main's version on merge).
import type { Viewer } from '../platform/context.js';
import type { Tx } from '../platform/outbox.js';

export async function recordAdminAction(
  _tx: Tx,
  _actor: Viewer,
  _entry: { action: string; targetType: string; targetId: string | null; before?: unknown; after?: unknown; summary?: string },
): Promise<void> {}
