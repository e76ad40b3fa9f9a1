import { route } from '../../rest/kit.js';
import { exportAnalytics, exportData } from './export.js';
import { runHealthCheck, type HealthReport } from './health.js';

/** A health report as the REST row answers it. */
export const healthJson = (r: HealthReport) => ({
  kind: r.kind,
  status: r.status,
  checked_at: r.checkedAt.toISOString(),
  checks: r.checks.map((c) => ({ name: c.name, status: c.status, duration_ms: c.durationMs, message: c.message })),
});

export const adminSystemRoutes = [
  route({
    method: 'GET',
    path: '/admin/system/export/:kind',
    access: 'admin',
    handle: (ctx, { params, query }) => exportData(ctx, params.kind!, query.format),
  }),
  route({
    method: 'GET',
    path: '/admin/system/analytics/:kind',
    access: 'admin',
    handle: (ctx, { params, query }) => exportAnalytics(ctx, params.kind!, query.format),
  }),
  route({
    method: 'GET',
    path: '/admin/system/health/:kind',
    access: 'admin',
    // Failing parts are reported in the body (status 'unhealthy'), so the console shows each one.
    handle: async (ctx, { params }) => healthJson(await runHealthCheck(ctx, params.kind!)),
  }),
];
