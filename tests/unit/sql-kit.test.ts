import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { direction, join, name, quotedName, readDate, readTimestamp, sql } from '../../api/src/platform/sql.js';
import { cursorCodec, cursorParts } from '../../api/src/platform/cursor.js';
import { ValidationError } from '../../api/src/platform/errors.js';

const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sources(full);
    return full.endsWith('.ts') ? [full] : [];
  });

describe('the SQL kit', () => {
  it('is the only way statements are built: no unsafe raw calls, Prisma.raw in the kit alone, and the lint says so', async () => {
    const offenders = sources('api/src').filter((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return /\$(query|execute)RawUnsafe\s*[(<]/.test(text) || (!file.endsWith(path.join('platform', 'sql.ts')) && /Prisma\.raw\s*\(/.test(text));
    });
    expect(offenders).toEqual([]);
    type Block = { files?: string[]; rules?: Record<string, unknown> };
    const config = ((await import(path.resolve('eslint.config.js'))) as { default: Block[] }).default;
    const restricted = config
      .filter((c) => c.files?.includes('api/src/**/*.ts'))
      .flatMap((c) => ((c.rules?.['no-restricted-properties'] as unknown[] | undefined)?.slice(1) ?? []) as { object?: string; property: string }[]);
    expect(restricted.map((r) => `${r.object ?? '*'}.${r.property}`).sort()).toEqual(['*.$executeRawUnsafe', '*.$queryRawUnsafe', 'Prisma.raw']);
  });

  it('binds values and splices only plain names and sort directions', () => {
    const statement = sql`SELECT ${name('t.id')} AS ${quotedName('tripId')} FROM trips t WHERE t.name = ${"x'; DROP TABLE trips; --"} ORDER BY t.id ${direction(true)}`;
    expect(statement.sql).toBe('SELECT t.id AS "tripId" FROM trips t WHERE t.name = ? ORDER BY t.id DESC');
    expect(statement.values).toEqual(["x'; DROP TABLE trips; --"]);
    expect(join([sql`a = ${1}`, sql`b = ${2}`], ' AND ').values).toEqual([1, 2]);
    for (const bad of ['t.id; DROP TABLE x', 'T.Id', '"t"', 't.id.x', '']) expect(() => name(bad)).toThrow();
    for (const bad of ['a"b', 'a b', '']) expect(() => quotedName(bad)).toThrow();
  });

  it('reads timestamps back from JSON one way: UTC wall time without a zone', () => {
    expect(readTimestamp('2026-05-01T09:30:00.123').toISOString()).toBe('2026-05-01T09:30:00.123Z');
    expect(readTimestamp('2026-05-01T09:30:00').toISOString()).toBe('2026-05-01T09:30:00.000Z');
    expect(readTimestamp(null)).toBeNull();
    expect(() => readTimestamp('yesterday')).toThrow();
    expect(readDate('2026-05-01')?.toISOString()).toBe('2026-05-01T00:00:00.000Z');
  });
});

describe('the page-cursor codec', () => {
  const a = cursorCodec('a', z.tuple([cursorParts.timestamp, cursorParts.id]));
  const b = cursorCodec('b', z.tuple([cursorParts.timestamp, cursorParts.id]));
  const id = '0b8f3f5e-5d7a-4c1e-9a55-2f4b8b1f6a10';
  const at = '2026-05-01T09:30:00.123Z';

  it('round-trips its own cursors, opaque and URL-safe', () => {
    const cursor = a.encode([at, id]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain(id);
    expect(a.decode(cursor)).toEqual([at, id]);
    expect(a.read(cursor)).toEqual([at, id]);
  });

  it("refuses another list's cursor, a forged or damaged one: null, or a 400 naming the argument", () => {
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    for (const cursor of [b.encode([at, id]), forged(`a:["${at}","not-an-id"]`), forged(`a:["soon","${id}"]`), forged('a:[1]'), forged('a:{'), id, '', '%%%']) {
      expect(a.decode(cursor), cursor).toBeNull();
    }
    const error = (() => {
      try {
        a.read(b.encode([at, id]), 'before');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe('before');
  });
});
