import { builder } from '../../graphql/builder.js';
import { ADMIN_PAGE_DEFAULT, ADMIN_PAGE_MAX } from '../listQuery.js';
import type { AdminPage } from './page.js';

/**
 * The paging arguments of the console's connections. They page forward only, by the same rule
 * as the REST rows (`limit` and `cursor`, checked by the same schema): a cursor is the last
 * row's id.
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

/** The service's paging fields from a connection's arguments. */
export const pagingOf = (args: { first?: number | null; after?: string | null; search?: string | null }) => ({
  limit: args.first,
  cursor: args.after,
  search: args.search,
});

/** A page of a console service as a Relay connection (each row's cursor is its id). */
export function connectionOf<T extends { id: string }>(page: AdminPage<T>, after: string | null | undefined) {
  const edges = page.rows.map((node) => ({ cursor: node.id, node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: page.nextCursor !== null,
      hasPreviousPage: Boolean(after),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: page.totalCount,
  };
}
