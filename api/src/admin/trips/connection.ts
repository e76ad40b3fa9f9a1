import { z } from 'zod';
import { builder } from '../../graphql/builder.js';
import { cursorCodec, cursorParts } from '../../platform/cursor.js';
import { ADMIN_PAGE_DEFAULT, ADMIN_PAGE_MAX } from '../listQuery.js';
import type { AdminPage } from './page.js';

/**
 * The paging arguments of the console's connections. They page forward only, over the same
 * services as the REST rows (`limit` and `cursor`, the last row's id); GraphQL's cursors are
 * opaque (`adminPageConnection`).
 */
export const PAGING_ARGS = {
  first: `At most this many (${ADMIN_PAGE_DEFAULT} when absent, at most ${ADMIN_PAGE_MAX}).`,
  after: 'Page forward from this cursor (`pageInfo.endCursor`).',
  search: 'Text searched on the server (any case).',
};

type NodeRef = Parameters<typeof builder.edgeObject>[0]['type'];

/**
 * A console list's connection type: `AdminTripsConnection` and `AdminTripsConnectionEdge`
 * (the names Pothos gives `Admin.users`), with the count of every match.
 */
export function adminConnection(node: NodeRef, field: string, what: string, one: string) {
  const name = `Admin${field.charAt(0).toUpperCase()}${field.slice(1)}Connection`;
  const edge = builder.edgeObject({ type: node, name: `${name}Edge`, description: `One ${one} with its cursor.` });
  return builder.connectionObject(
    {
      type: node,
      name,
      description: `A page of ${what}, newest first.`,
      fields: (t) => ({
        totalCount: t.int({
          description: `How many ${what} match the search and filters in all (every page together).`,
          resolve: (c) => (c as unknown as { totalCount: number }).totalCount,
        }),
      }),
    },
    edge,
  );
}

/** A console list's cursor: opaque to clients, the last row's id inside (the one codec). */
const rowCursors = cursorCodec('admin-row', z.tuple([cursorParts.id]));

interface PagingArgs {
  first?: number | null;
  after?: string | null;
  search?: string | null;
}

/**
 * A page of a console service as a Relay connection: the page size is the service's to check
 * (the REST rows' rule, so `first` over the largest page is a 400, not cut), the opaque `after`
 * becomes the service's row-id cursor (a cursor this list did not write is a 400 naming
 * `after`), and each edge gets its own opaque cursor.
 */
export async function adminPageConnection<T extends { id: string }>(
  args: PagingArgs,
  load: (paging: { limit: number | null | undefined; cursor: string | null; search: string | null | undefined }) => Promise<AdminPage<T>>,
) {
  const cursor = args.after ? rowCursors.read(args.after)[0] : null;
  const page = await load({ limit: args.first, cursor, search: args.search });
  const edges = page.rows.map((node) => ({ cursor: rowCursors.encode([node.id]), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: page.nextCursor !== null,
      hasPreviousPage: Boolean(args.after),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: page.totalCount,
  };
}
