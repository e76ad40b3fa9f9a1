import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffSchemaAgainstMigrations, SCHEMA_PATH } from '../../../api/src/db/migrate.js';

describe('the schema folder and the migrations', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tripcrew-schema-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('agree (otherwise run `npm run db:migration:new -- <name>`)', async () => {
    // The guard itself: a schema with one more column, in one of its files, must produce a non-empty diff.
    cpSync(SCHEMA_PATH, dir, { recursive: true });
    const guides = path.join(dir, 'guides.prisma');
    writeFileSync(guides, readFileSync(guides, 'utf8').replace('model Guide {', 'model Guide {\n  probe String?'));

    const [current, withProbe] = await Promise.all([diffSchemaAgainstMigrations(), diffSchemaAgainstMigrations({ schemaPath: dir })]);
    expect(current, `api/prisma/schema and api/prisma/migrations disagree; the missing migration is:\n${current}`).toBe('');
    expect(withProbe).toMatch(/ALTER TABLE "guides" ADD COLUMN\s+"probe" TEXT/);
  }, 60_000);
});
