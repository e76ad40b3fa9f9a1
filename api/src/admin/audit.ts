import type { Prisma } from '../generated/prisma/client.js';
import type { RequestContext, Viewer } from '../platform/context.js';
import type { Tx } from '../platform/outbox.js';
import { requireAdmin } from './access.js';
import { takePage, type PageRequest } from './listQuery.js';

/** What an administrator did, as the console's services describe it. */
export interface AdminAction {
  /** `<target type>.<verb>`, e.g. `user.update`, `trip.cancel`, `system.export`. */
  action: string;
  targetType: string;
  targetId: string | null;
  /** The changed fields as they were and as they became (never secrets). */
  before?: unknown;
  after?: unknown;
  /** One line a person can read in the log, e.g. the trip's name. */
  summary?: string;
}

// Dates become ISO strings and undefined values disappear, as they would over JSON.
const asJson = (value: unknown): Prisma.InputJsonValue | undefined =>
  value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue);

/**
 * Records one administrator action. Called with the transaction that makes the change, so the
 * change and its record commit or fail together.
 */
export async function recordAdminAction(tx: Tx, actor: Viewer, entry: AdminAction): Promise<void> {
  // An edit that changed nothing is still an action taken, but an entry with two empty change
  // lists reads as if something was lost: it says so instead, and keeps no change lists.
  const unchanged = isEmptyRecord(entry.before) && isEmptyRecord(entry.after);
  const summary = unchanged ? `${(entry.summary ?? entry.action).slice(0, 488)} (no change)` : entry.summary?.slice(0, 500);
  await tx.adminAuditEntry.create({
    data: {
      actorId: actor.id,
      actorEmail: actor.card?.email ?? '',
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      summary,
      before: unchanged ? undefined : asJson(entry.before),
      after: unchanged ? undefined : asJson(entry.after),
    },
  });
}

/** A change list with no fields in it (not a missing one: a creation has no `before`). */
const isEmptyRecord = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => v === undefined);

export interface AuditLogFilter {
  /** An action (`trip.cancel`) or a whole target type's actions (`trip`). */
  action?: string | null;
  targetType?: string | null;
  /** Matches the administrator's address, the record's id or the summary. */
  search?: string | null;
}

/** The filter as a Prisma condition; one place for both doors. */
export function auditLogWhere(ctx: RequestContext, filter: AuditLogFilter): Prisma.AdminAuditEntryWhereInput {
  requireAdmin(ctx);
  const search = filter.search?.trim();
  return {
    ...(filter.action ? (filter.action.includes('.') ? { action: filter.action } : { action: { startsWith: `${filter.action}.` } }) : {}),
    ...(filter.targetType ? { targetType: filter.targetType } : {}),
    ...(search
      ? {
          OR: [
            { actorEmail: { contains: search, mode: 'insensitive' } },
            { targetId: { startsWith: search } },
            { summary: { contains: search, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
}

export const AUDIT_ORDER: Prisma.AdminAuditEntryOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

/** A page of the log, newest first, for REST (GraphQL pages with its connection). */
export async function listAuditLog(ctx: RequestContext, filter: AuditLogFilter, page: PageRequest) {
  const where = auditLogWhere(ctx, filter);
  const { rows, nextCursor } = await takePage(page, (paging) => ctx.deps.db.prisma.adminAuditEntry.findMany({ where, orderBy: AUDIT_ORDER, ...paging }));
  return { entries: rows, nextCursor };
}
