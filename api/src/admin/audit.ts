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
  await tx.adminAuditEntry.create({
    data: {
      actorId: actor.id,
      actorEmail: actor.card?.email ?? '',
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      summary: entry.summary?.slice(0, 500),
      before: asJson(entry.before),
      after: asJson(entry.after),
    },
  });
}

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
