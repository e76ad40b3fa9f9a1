import { describe, expect, it } from 'vitest';
import { cutPage, prismaPage, takePage, type ListPage, type PageArgs } from '../../api/src/admin/listQuery.js';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `id-${i + 1}` }));

describe('admin list paging (listQuery.ts)', () => {
  it('asks for one row more than the page, after the cursor row when there is one', () => {
    expect(prismaPage({ limit: 25 })).toEqual({ take: 26 });
    expect(prismaPage({ limit: 25, cursor: null })).toEqual({ take: 26 });
    expect(prismaPage({ limit: 2, cursor: 'id-7' })).toEqual({ take: 3, cursor: { id: 'id-7' }, skip: 1 });
  });

  it('cuts the extra row off and starts the next page after the last row kept', () => {
    expect(cutPage(rows(3), 2, (r) => r.id)).toEqual({ rows: rows(2), nextCursor: 'id-2' });
  });

  it('has no next page when the extra row is not there, even when the page is full', () => {
    expect(cutPage(rows(2), 2, (r) => r.id)).toEqual({ rows: rows(2), nextCursor: null });
    expect(cutPage(rows(1), 2, (r) => r.id)).toEqual({ rows: rows(1), nextCursor: null });
    expect(cutPage([], 2, (r: { id: string }) => r.id)).toEqual({ rows: [], nextCursor: null });
  });

  it('makes the cursor the caller says (a time and an id for the time-ordered lists)', () => {
    const page = cutPage(
      rows(3).map((r, i) => ({ ...r, at: i })),
      2,
      (r) => `${r.at}:${r.id}`,
    );
    expect(page.nextCursor).toBe('1:id-2');
  });

  it('walks a whole list by id cursors without repeating or skipping a row', async () => {
    const all = rows(7);
    // What Prisma does with take / cursor / skip over a list in its order.
    const read = async ({ take, cursor, skip = 0 }: PageArgs) => {
      const start = cursor ? all.findIndex((r) => r.id === cursor.id) : 0;
      return all.slice(start + skip, start + skip + take);
    };
    const seen: string[] = [];
    const cursors: (string | null)[] = [];
    let cursor: string | null = null;
    do {
      const page: ListPage<{ id: string }> = await takePage({ limit: 3, cursor }, read);
      seen.push(...page.rows.map((r) => r.id));
      cursors.push(page.nextCursor);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((r) => r.id));
    expect(cursors).toEqual(['id-3', 'id-6', null]);
  });
});
