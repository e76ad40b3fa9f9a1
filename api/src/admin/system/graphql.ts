import { builder } from '../../graphql/builder.js';
import { MUTATION_ERRORS } from '../../graphql/errors.js';
import { runHealthCheck, type CheckResult, type HealthReport } from './health.js';

const HealthKindEnum = builder.enumType('AdminHealthKind', {
  description: 'Which part of the system a health check tests.',
  values: {
    database: { value: 'database', description: 'A query against the database.' },
    api: { value: 'api', description: 'A GraphQL operation executed through the schema.' },
    storage: { value: 'storage', description: 'A file written, read back and deleted in the file storage.' },
    all: { value: 'all', description: 'All of those, plus Redis and SMTP when configured.' },
  } as const,
});

const CheckRef = builder.objectRef<CheckResult>('AdminHealthCheckResult').implement({
  description: 'One part tested.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'database, api, storage, redis or smtp.' }),
    status: t.exposeString('status', { description: 'ok, failed, or skipped (not configured).' }),
    durationMs: t.exposeFloat('durationMs', { description: 'How long the test took, in milliseconds.' }),
    message: t.exposeString('message', { description: 'What the test found, or why it failed.' }),
  }),
});

const ReportRef = builder.objectRef<HealthReport>('AdminHealthReport').implement({
  description: 'The result of a health check.',
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'Which check ran.' }),
    status: t.exposeString('status', { description: 'healthy when every part that ran passed, else unhealthy.' }),
    checkedAt: t.expose('checkedAt', { type: 'DateTime', description: 'When it ran.' }),
    checks: t.field({ type: [CheckRef], description: 'Each part tested.', resolve: (r) => r.checks }),
  }),
});

const RunHealthCheckInput = builder.inputType('AdminRunHealthCheckInput', {
  description: 'Which check to run.',
  fields: (t) => ({ kind: t.field({ type: HealthKindEnum, required: true, description: 'database, api, storage or all.' }) }),
});

const RunHealthCheckPayload = builder.objectRef<{ report: HealthReport }>('AdminRunHealthCheckPayload').implement({
  description: 'The health report.',
  fields: (t) => ({ report: t.field({ type: ReportRef, description: 'What the check found.', resolve: (p) => p.report }) }),
});

builder.mutationField('adminRunHealthCheck', (t) =>
  t.field({
    type: RunHealthCheckPayload,
    description: 'Runs a health check (really testing each part, with timings); audited.',
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'AdminRunHealthCheckResult', description: 'The report, or why not.' } },
    args: { input: t.arg({ type: RunHealthCheckInput, required: true, description: 'Which check.' }) },
    resolve: async (_r, { input }, ctx) => ({ report: await runHealthCheck(ctx, input.kind) }),
  }),
);
