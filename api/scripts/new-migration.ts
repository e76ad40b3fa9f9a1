// npm run db:migration:new -- <name>
// Writes api/prisma/migrations/NNNN_<name>/migration.sql with the SQL that brings the existing
// migrations up to the schema folder api/prisma/schema/. Refuses when there is nothing to migrate.
import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { diffSchemaAgainstMigrations, MIGRATION_LOCK, MIGRATIONS_DIR } from '../src/db/migrate.js';

async function main() {
  const raw = process.argv.slice(2).join('_');
  const name = raw
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!name) {
    console.error('usage: npm run db:migration:new -- <name>');
    process.exit(2);
  }

  const sql = await diffSchemaAgainstMigrations();
  if (!sql) {
    console.error('No change: the migrations already match api/prisma/schema/.');
    process.exit(1);
  }

  await mkdir(MIGRATIONS_DIR, { recursive: true });
  const existing = (await readdir(MIGRATIONS_DIR, { withFileTypes: true })).filter((e) => e.isDirectory());
  const last = Math.max(0, ...existing.map((e) => Number.parseInt(e.name, 10)).filter(Number.isFinite));
  const folder = `${String(last + 1).padStart(4, '0')}_${name}`;
  await mkdir(path.join(MIGRATIONS_DIR, folder));
  await writeFile(path.join(MIGRATIONS_DIR, folder, 'migration.sql'), sql);
  const lock = path.join(MIGRATIONS_DIR, 'migration_lock.toml');
  if (!existsSync(lock)) await writeFile(lock, MIGRATION_LOCK);

  console.log(`Created api/prisma/migrations/${folder}/migration.sql`);
  console.log('Review it, then apply it with `npm run db:migrate` (it is also applied on start).');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
