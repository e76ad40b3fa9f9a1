import { builder } from '../graphql/builder.js';
import { AUDIT_ORDER, auditLogWhere } from './audit.js';

/** The console's root: carries nothing; its fields read what administrators look after. */
export type AdminRoot = Record<string, never>;
const ADMIN_ROOT: AdminRoot = {};

/**
 * Every list and figure of the administrators' console. Each area of the console adds its
 * fields from its own file (`builder.objectFields(AdminRef, ...)`); the type's scope refuses
 * them all to anyone who is not an administrator.
 */
export const AdminRef = builder.objectRef<AdminRoot>('Admin');

builder.prismaNode('AdminAuditEntry', {
  id: { field: 'id' },
  description: 'One administrator action, as recorded when it was made. The log can be read, never edited.',
  authScopes: { admin: true },
  fields: (t) => ({
    action: t.exposeString('action', { description: 'What was done, as `<target type>.<verb>` (e.g. `trip.cancel`).' }),
    targetType: t.exposeString('targetType', { description: 'The kind of record acted on (user, trip, expense, story, guide, system, ...).' }),
    targetId: t.exposeString('targetId', { nullable: true, description: 'The record acted on, when there is one.' }),
    summary: t.exposeString('summary', { nullable: true, description: 'One line naming the record, as it was then.' }),
    actorId: t.exposeString('actorId', { description: 'The administrator who acted (user id).' }),
    actorEmail: t.exposeString('actorEmail', { description: "The administrator's address when they acted." }),
    beforeJson: t.string({
      nullable: true,
      description: 'The changed fields before the action, as JSON text; null when nothing existed before.',
      select: { before: true },
      resolve: (e) => (e.before === null ? null : JSON.stringify(e.before)),
    }),
    afterJson: t.string({
      nullable: true,
      description: 'The changed fields after the action, as JSON text; null when nothing remains.',
      select: { after: true },
      resolve: (e) => (e.after === null ? null : JSON.stringify(e.after)),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was done.' }),
  }),
});

AdminRef.implement({
  description: "The administrators' console: every list, figure and log an administrator reads. Administrators only.",
  authScopes: { admin: true },
  fields: (t) => ({
    auditLog: t.prismaConnection(
      {
        type: 'AdminAuditEntry',
        cursor: 'id',
        description: 'Every administrator action, newest first, filtered on the server.',
        args: {
          action: t.arg.string({ required: false, description: 'One action (`trip.cancel`), or every action on a target type (`trip`).' }),
          targetType: t.arg.string({ required: false, description: 'Only actions on this kind of record.' }),
          search: t.arg.string({ required: false, description: "Matches the administrator's address, the record's id (its start) or the summary." }),
        },
        totalCount: (_parent, args, ctx) => ctx.deps.db.prisma.adminAuditEntry.count({ where: auditLogWhere(ctx, args) }),
        resolve: (query, _parent, args, ctx) =>
          ctx.deps.db.prisma.adminAuditEntry.findMany({ ...query, where: auditLogWhere(ctx, args), orderBy: AUDIT_ORDER }),
      },
      {
        description: 'A page of the audit log.',
        fields: (c) => ({
          // Pothos adds the count; declared here too so that clients read what it means.
          totalCount: c.int({
            description: 'How many entries match the filters in all (every page together).',
            extensions: { pothosPrismaTotalCount: true },
            resolve: (parent) => (parent as unknown as { totalCount: () => Promise<number> }).totalCount(),
          }),
        }),
      },
      { description: 'One audit entry with its cursor.' },
    ),
  }),
});

builder.queryField('admin', (t) =>
  t.field({
    type: AdminRef,
    nullable: true,
    description: "The administrators' console. Administrators only: anyone else gets null and a FORBIDDEN error.",
    authScopes: { admin: true },
    resolve: () => ADMIN_ROOT,
  }),
);
