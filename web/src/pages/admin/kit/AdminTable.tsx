import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A console list's table: its column headings and rows, scrolling sideways on a narrow screen
 * (below `minWidth`) rather than widening the page.
 */
export function AdminTable({
  minWidth,
  headers,
  highlightOnHover,
  children,
}: {
  minWidth: number;
  headers: string[];
  highlightOnHover?: boolean;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover={highlightOnHover} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {headers.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What a console list says when it has no rows (for the search and filters, if any). */
export function EmptyText({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" ta="center" py="xl">
      {children}
    </Text>
  );
}
