/**
 * Migrated copies the API suite starts each test file's database from, so a file pays for a
 * copy rather than for creating an empty database and applying every migration to it (several
 * seconds per file on PGlite, one or two on PostgreSQL). Made once per run, before the workers
 * start (globalSetup*.ts), and named after the migrations they hold: a new migration makes a new
 * copy, and a tree with other migrations (another checkout) never picks up the wrong one.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { DEFAULT_TEST_DATABASE_URL, openDatabase, withAdminClient } from '../../api/src/db/index.js';
import { MIGRATIONS_DIR } from '../../api/src/db/migrate.js';

/** A short hash of every migration's name and SQL. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const name of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    const file = path.join(MIGRATIONS_DIR, name, 'migration.sql');
    if (!fs.existsSync(file)) continue;
    hash.update(name).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 12);
}

const snapshotPath = () => path.resolve(`.tmp/test-db/pglite-${migrationsHash()}.tar`);
const templatePrefix = () => `tripcrew_template_${migrationsHash()}_`;
const adminUrl = () => process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;

/** globalSetup (PGlite): a dump of a migrated in-memory database, written once. */
export async function preparePgliteSnapshot(): Promise<void> {
  const file = snapshotPath();
  if (fs.existsSync(file)) return;
  const db = await openDatabase({ memory: true });
  try {
    const pglite = (db.adapterFactory as unknown as { pglite: PGlite }).pglite;
    const dump = await pglite.dumpDataDir('none');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written aside, then renamed: a reader never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await db.close();
  }
}

/** globalSetup (PostgreSQL): a migrated template database, made once, and older ones dropped. */
export async function preparePostgresTemplate(): Promise<void> {
  const prefix = templatePrefix();
  const names = await withAdminClient(adminUrl(), async (client) =>
    (
      await client.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'tripcrew\\_template\\_%' OR datname LIKE 'tripcrew\\_building\\_%'",
      )
    ).rows.map((r) => r.datname),
  );
  // Templates of other migrations and set-ups that crashed, over two hours old (a run of another
  // tree may still use a newer one). Templates end in seconds, the unfinished in milliseconds.
  const madeAt = (name: string) => Number(name.split('_').pop()) / (name.startsWith('tripcrew_building_') ? 1000 : 1);
  const cutoff = Date.now() / 1000 - 2 * 60 * 60;
  for (const name of names.filter((n) => !n.startsWith(prefix) && madeAt(n) < cutoff)) {
    await withAdminClient(adminUrl(), (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).catch(() => undefined);
  }
  if (names.some((n) => n.startsWith(prefix))) return;
  // Made under a name nobody looks for, migrated, then renamed: never half made under its real name.
  const building = `tripcrew_building_${process.pid}_${Date.now()}`;
  await withAdminClient(adminUrl(), (client) => client.query(`CREATE DATABASE "${building}"`));
  try {
    const url = new URL(adminUrl());
    url.pathname = `/${building}`;
    const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    await db.close();
    await withAdminClient(adminUrl(), (client) => client.query(`ALTER DATABASE "${building}" RENAME TO "${prefix}${Math.floor(Date.now() / 1000)}"`));
  } catch (error) {
    await withAdminClient(adminUrl(), (client) => client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`)).catch(() => undefined);
    throw error;
  }
}

/**
 * Prepares the copy for `kind` in a process of its own: Prisma's schema engine (WebAssembly) panics
 * when one process migrates PGlite and then PostgreSQL, and Vitest runs both set-ups in its main one.
 */
export async function prepareInChild(kind: 'pglite' | 'postgres'): Promise<void> {
  const { execFile } = await import('node:child_process');
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), kind], { env: process.env }, (error, _stdout, stderr) =>
      error ? reject(new Error(`preparing the ${kind} test database failed: ${stderr || error.message}`)) : resolve(),
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const kind = process.argv[2];
  await (kind === 'postgres' ? preparePostgresTemplate() : preparePgliteSnapshot());
}

let snapshot: Promise<Buffer | null> | undefined;
let template: Promise<string | undefined> | undefined;

/** What a test file's database starts from: the prepared copy if there is one (else an empty database, migrated). */
export async function databaseStart(kind: 'pglite' | 'postgres'): Promise<{ snapshot?: Blob; template?: string }> {
  if (kind === 'pglite') {
    snapshot ??= fs.promises.readFile(snapshotPath()).catch(() => null);
    const bytes = await snapshot;
    return bytes ? { snapshot: new Blob([new Uint8Array(bytes)]) } : {};
  }
  template ??= withAdminClient(adminUrl(), async (client) => {
    const rows = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname DESC LIMIT 1', [
      `${templatePrefix().replace(/_/g, '\\_')}%`,
    ]);
    return rows.rows[0]?.datname;
  }).catch(() => undefined);
  return { template: await template };
}
