import { Button, Group, SegmentedControl, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { StatCard } from './StatCard';

/**
 * A list's search box and status filter. The search is sent to the server once typing pauses,
 * so a list of any size is searched where it lives.
 */
export function ListControls({
  placeholder,
  label,
  statuses,
  status,
  onStatus,
  onSearch,
}: {
  placeholder: string;
  label: string;
  statuses: { value: string; label: string }[];
  status: string;
  onStatus: (value: string) => void;
  onSearch: (value: string) => void;
}) {
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <TextInput
        aria-label={label}
        placeholder={placeholder}
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        style={{ flex: '1 1 220px' }}
      />
      <SegmentedControl aria-label="Status filter" data={statuses} value={status} onChange={onStatus} size="sm" />
      {text && (
        <Button variant="subtle" size="sm" onClick={() => setText('')}>
          Clear
        </Button>
      )}
    </Group>
  );
}

export const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'DRAFT', label: 'Draft' },
  { value: 'PUBLISHED', label: 'Published' },
  { value: 'HIDDEN', label: 'Hidden' },
];

export const STATUS_COLORS: Record<string, string> = { PUBLISHED: 'green', DRAFT: 'gray', HIDDEN: 'orange' };

/** The four figures over a content list (stories, guides): `plural` names the whole, as in 'Total Stories'. */
export function ContentStats({ plural, stats }: { plural: string; stats: { total: number; published: number; drafts: number; totalViews: number } }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      <StatCard label={`Total ${plural}`} value={stats.total} />
      <StatCard label="Published" value={stats.published} />
      <StatCard label="Drafts" value={stats.drafts} />
      <StatCard label="Total Views" value={stats.totalViews} />
    </SimpleGrid>
  );
}
