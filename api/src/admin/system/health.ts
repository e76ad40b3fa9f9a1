import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { RequestContext } from '../../platform/context.js';
import { ValidationError } from '../../platform/errors.js';
import { closeRedisClient, createRedisClient } from '../../platform/pubsub.js';
import { requireAdmin } from '../access.js';
import { recordAdminAction } from '../audit.js';
import { executableSchema } from '../../graphql/executableSchema.js';

/**
 * The system tab's health checks. Each one really exercises its part: the database answers a
 * query that reads a table, the API executes a GraphQL operation through the schema, the file
 * storage writes, reads back and deletes a file, Redis answers PING and the SMTP server greets
 * and accepts our login, each with how long it took. A failure is reported as it is.
 */

export const HEALTH_KINDS = ['database', 'api', 'storage', 'all'] as const;
export type HealthKind = (typeof HEALTH_KINDS)[number];
export type CheckName = 'database' | 'api' | 'storage' | 'redis' | 'smtp';

/** A check that takes longer than this has failed. */
export const HEALTH_TIMEOUT_MS = 5000;

export const HealthMessages = {
  unknownKind: 'Choose a health check: database, api, storage or all.',
  notConfigured: 'Not configured.',
  timedOut: `No answer within ${HEALTH_TIMEOUT_MS / 1000} seconds.`,
  storageMismatch: 'The file read back differs from the file written.',
} as const;

export interface CheckResult {
  name: CheckName;
  status: 'ok' | 'failed' | 'skipped';
  durationMs: number;
  message: string;
}

export interface HealthReport {
  kind: HealthKind;
  /** healthy: every check that ran passed. */
  status: 'healthy' | 'unhealthy';
  checkedAt: Date;
  checks: CheckResult[];
}

const withTimeout = <T>(work: Promise<T>) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(HealthMessages.timedOut)), HEALTH_TIMEOUT_MS);
    work.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });

async function timed(name: CheckName, run: () => Promise<string | null>): Promise<CheckResult> {
  const started = performance.now();
  try {
    const message = await withTimeout(run());
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    return message === null ? { name, status: 'skipped', durationMs, message: HealthMessages.notConfigured } : { name, status: 'ok', durationMs, message };
  } catch (err) {
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    // The cause as the part gave it, without any address or credentials of ours.
    const message = (err instanceof Error ? err.message : String(err)).replace(/\/\/[^@\s/]*@/g, '//').slice(0, 300);
    return { name, status: 'failed', durationMs, message };
  }
}

const checks: Record<CheckName, (ctx: RequestContext) => Promise<string | null>> = {
  async database(ctx) {
    const [row] = await ctx.deps.db.prisma.$queryRaw<{ users: bigint; version: string }[]>`SELECT (SELECT count(*) FROM users) AS users, version() AS version`;
    return `Query answered (${Number(row?.users ?? 0)} accounts; ${String(row?.version ?? '')
      .split(' ')
      .slice(0, 2)
      .join(' ')}).`;
  },
  async api(ctx) {
    const { graphql } = await import('graphql');
    const result = await graphql({ schema: executableSchema(), source: 'query HealthCheck { __typename }', contextValue: { ...ctx, viewer: null } });
    if (result.errors?.length || (result.data as { __typename?: string } | null)?.__typename !== 'Query') {
      throw new Error(result.errors?.[0]?.message ?? 'GraphQL answered nothing.');
    }
    const mb = Math.round(process.memoryUsage().rss / 1048576);
    return `GraphQL executed an operation; up ${Math.round(process.uptime())} s, ${mb} MB resident.`;
  },
  async storage(ctx) {
    const key = `health/${randomUUID()}.txt`;
    const data = new TextEncoder().encode(`health check ${new Date().toISOString()}`);
    await ctx.deps.storage.put(key, data, 'text/plain');
    try {
      const back = await ctx.deps.storage.read(key);
      if (!back || Buffer.compare(Buffer.from(back), Buffer.from(data)) !== 0) throw new Error(HealthMessages.storageMismatch);
    } finally {
      await ctx.deps.storage.remove(key);
    }
    return `Wrote, read back and deleted a ${data.length}-byte file.`;
  },
  async redis(ctx) {
    const url = ctx.deps.config.redisUrl;
    if (!url) return null;
    // A client of its own, so a check never disturbs the live-event connections.
    const client = createRedisClient(url, undefined, 'health-check', { lazyConnect: true, retryStrategy: () => null });
    try {
      await client.connect();
      const pong = await client.ping();
      return `PING answered ${pong}.`;
    } finally {
      await closeRedisClient(client);
    }
  },
  async smtp(ctx) {
    const url = ctx.deps.config.smtpUrl;
    if (!url) return null;
    const transport = nodemailer.createTransport(url);
    try {
      await transport.verify();
      return 'The mail server greeted us and accepted the connection.';
    } finally {
      transport.close();
    }
  },
};

const PARTS: Record<HealthKind, CheckName[]> = {
  database: ['database'],
  api: ['api'],
  storage: ['storage'],
  all: ['database', 'api', 'storage', 'redis', 'smtp'],
};

/** Runs the checks of `kind` side by side and records that an administrator ran them. */
export async function runHealthCheck(ctx: RequestContext, kind: string): Promise<HealthReport> {
  const actor = requireAdmin(ctx);
  if (!(HEALTH_KINDS as readonly string[]).includes(kind)) throw new ValidationError(HealthMessages.unknownKind, 'kind');
  const k = kind as HealthKind;
  const results = await Promise.all(PARTS[k].map((name) => timed(name, () => checks[name](ctx))));
  const report: HealthReport = {
    kind: k,
    status: results.some((r) => r.status === 'failed') ? 'unhealthy' : 'healthy',
    checkedAt: new Date(),
    checks: results,
  };
  try {
    await recordAdminAction(ctx.deps.db.prisma as unknown as Parameters<typeof recordAdminAction>[0], actor, {
      action: 'system.health_check',
      targetType: 'system',
      targetId: null,
      after: { kind: k, status: report.status, checks: results.map((r) => ({ name: r.name, status: r.status, duration_ms: r.durationMs })) },
      summary: `Health check (${k}): ${report.status}`,
    });
  } catch (err) {
    // With the database down the entry cannot be written; the report saying so matters more.
    if (results.every((r) => r.status !== 'failed' || r.name !== 'database')) throw err;
    ctx.deps.logger.warn({ err }, 'health check not audited: the database is unreachable');
  }
  return report;
}
