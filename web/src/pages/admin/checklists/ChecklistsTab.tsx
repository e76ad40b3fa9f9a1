/** The console's checklists tab ('Checklist Management'): sub-tabs Checklists and Items; a checklist is renamed or deleted. */
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Button, Group, Loader, Modal, Paper, Select, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { closeButtonProps, modalStyles } from '../../../components/modalStyles';
import { AdminChecklistMessages as M, CHECKLIST_CATEGORIES } from '../../../platform/domain';
import { LoadError, LoadMore, ShortId, StatCard, StatGrid, StatusBadge, adminRequest, dateText, useRestAction, useAdminList } from '../trips/adminRest';

interface ChecklistRow {
  id: string;
  title: string;
  category: string;
  category_label: string;
  trip_name: string;
  created_by_name: string;
  item_count: number;
  created_at: string;
}

interface ChecklistAnalytics {
  totalChecklists: number;
  categories: number;
  availableCategories: string[];
  categoryBreakdown: Record<string, number>;
}

const CATEGORY_OPTIONS = CHECKLIST_CATEGORIES.map((c) => ({ value: c.value.toLowerCase(), label: c.label }));
const categoryName = (value: string) => CATEGORY_OPTIONS.find((c) => c.value === value)?.label ?? value;

function EditChecklist({ checklist, onClose, onSaved }: { checklist: ChecklistRow; onClose: () => void; onSaved: () => void }) {
  const { act } = useRestAction();
  const [title, setTitle] = useState(checklist.title);
  const [category, setCategory] = useState(checklist.category);
  const [saving, setSaving] = useState(false);
  // An edit proceeds only with a title that is given and new.
  const canSave = title.trim() !== '' && title.trim() !== checklist.title;
  const save = async () => {
    if (!canSave) return;
    setSaving(true);
    const ok = await act(
      'update checklist',
      () => adminRequest(`/admin/checklists/${checklist.id}`, { method: 'PUT', body: { title: title.trim(), category } }),
      M.checklistUpdated,
    );
    setSaving(false);
    if (ok) onSaved();
  };
  return (
    <Modal opened onClose={onClose} title="Edit Checklist" styles={modalStyles} closeButtonProps={closeButtonProps}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack>
          <TextInput label="Title" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
          <Select label="Category" data={CATEGORY_OPTIONS} value={category} onChange={(v) => setCategory(v ?? category)} allowDeselect={false} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={!canSave}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ChecklistList() {
  const { act } = useRestAction();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const { list, reload, loadMore } = useAdminList<ChecklistRow, ChecklistAnalytics>('/checklists', { search, category }, (b) => ({
    rows: b.checklists as ChecklistRow[],
    analytics: b.analytics as ChecklistAnalytics,
  }));
  const [editing, setEditing] = useState<ChecklistRow | null>(null);
  const [deleting, setDeleting] = useState<ChecklistRow | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    const ok = await act('delete checklist', () => adminRequest(`/admin/checklists/${deleting.id}/delete`, { method: 'DELETE' }), M.checklistDeleted);
    setBusy(false);
    setDeleting(null);
    if (ok) reload();
  };
  if (list.state === 'failed') return <LoadError what="checklist" message={list.message} onRetry={reload} />;
  const a = list.state === 'ready' ? list.analytics : null;
  const chart = a ? Object.entries(a.categoryBreakdown).map(([c, n]) => ({ category: categoryName(c), Checklists: n })) : [];
  return (
    <Stack>
      {a && (
        <StatGrid>
          <StatCard label="Total checklists" value={a.totalChecklists} />
          <StatCard label="Categories in use" value={a.categories} />
        </StatGrid>
      )}
      {chart.length > 0 && (
        <Paper withBorder p="md" radius="md" style={{ minWidth: 0, overflow: 'hidden' }}>
          <Text fw={600} mb="sm">
            Category breakdown
          </Text>
          <BarChart h={200} data={chart} dataKey="category" series={[{ name: 'Checklists', color: 'indigo.7' }]} tickLine="y" />
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label="Search" placeholder="Title or trip" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
        <Select
          label="Category"
          data={[{ value: 'all', label: 'All categories' }, ...CATEGORY_OPTIONS]}
          value={category}
          onChange={(v) => setCategory(v ?? 'all')}
          allowDeselect={false}
        />
      </SimpleGrid>
      {list.state === 'loading' && <Loader aria-label="Loading checklists" />}
      {list.state === 'ready' &&
        (list.rows.length === 0 ? (
          <Text c="dimmed">{M.noChecklists}</Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={760}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Checklist</Table.Th>
                    <Table.Th>Category</Table.Th>
                    <Table.Th>Trip</Table.Th>
                    <Table.Th>Items</Table.Th>
                    <Table.Th>Created by</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.rows.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>
                        <Text fw={600} size="sm">
                          {c.title}
                        </Text>
                        <ShortId id={c.id} />
                      </Table.Td>
                      <Table.Td>{c.category_label}</Table.Td>
                      <Table.Td>{c.trip_name}</Table.Td>
                      <Table.Td>{c.item_count}</Table.Td>
                      <Table.Td>{c.created_by_name}</Table.Td>
                      <Table.Td>{dateText(c.created_at)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button size="xs" variant="subtle" onClick={() => setEditing(c)} aria-label={`Edit ${c.title}`}>
                            Edit
                          </Button>
                          <Button size="xs" variant="subtle" color="red.9" onClick={() => setDeleting(c)} aria-label={`Delete ${c.title}`}>
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <LoadMore shown={list.rows.length} total={list.totalCount} more={!!list.nextCursor} loading={list.loadingMore} onMore={loadMore} />
          </>
        ))}
      {editing && (
        <EditChecklist
          checklist={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      <ConfirmDialog
        opened={!!deleting}
        title="Delete checklist"
        confirmLabel="Delete"
        loading={busy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      >
        {M.confirmDelete}
      </ConfirmDialog>
    </Stack>
  );
}

interface ItemRow {
  id: string;
  checklist_title: string;
  description: string;
  due_date: string | null;
  assigned_to_name: string | null;
  status: string;
}

type ItemAnalytics = { totalItems: number; completedItems: number; pendingItems: number; overdueItems: number; completionRate: number };

function ItemList() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const { list, reload, loadMore } = useAdminList<ItemRow, ItemAnalytics>('/checklists/items', { search, status }, (b) => ({
    rows: b.items as ItemRow[],
    analytics: b.analytics as ItemAnalytics,
  }));
  if (list.state === 'failed') return <LoadError what="checklist" message={list.message} onRetry={reload} />;
  const a = list.state === 'ready' ? list.analytics : null;
  return (
    <Stack>
      {a && (
        <StatGrid>
          <StatCard label="Total items" value={a.totalItems} />
          <StatCard label="Completed" value={a.completedItems} />
          <StatCard label="Pending" value={a.pendingItems} />
          <StatCard label="Overdue" value={a.overdueItems} />
          <StatCard label="Completion rate" value={`${a.completionRate}%`} />
        </StatGrid>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label="Search" placeholder="Item or checklist" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
        <Select
          label="Status"
          data={[
            { value: 'all', label: 'All' },
            { value: 'completed', label: 'Completed' },
            { value: 'overdue', label: 'Overdue' },
            { value: 'pending', label: 'Pending' },
          ]}
          value={status}
          onChange={(v) => setStatus(v ?? 'all')}
          allowDeselect={false}
        />
      </SimpleGrid>
      {list.state === 'loading' && <Loader aria-label="Loading items" />}
      {list.state === 'ready' &&
        (list.rows.length === 0 ? (
          <Text c="dimmed">{M.noItems}</Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th>Checklist</Table.Th>
                    <Table.Th>Due</Table.Th>
                    <Table.Th>Assigned to</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.rows.map((i) => (
                    <Table.Tr key={i.id}>
                      <Table.Td>
                        <Text size="sm">{i.description}</Text>
                        <ShortId id={i.id} />
                      </Table.Td>
                      <Table.Td>{i.checklist_title}</Table.Td>
                      <Table.Td>{dateText(i.due_date)}</Table.Td>
                      <Table.Td>{i.assigned_to_name ?? '—'}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={i.status} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <LoadMore shown={list.rows.length} total={list.totalCount} more={!!list.nextCursor} loading={list.loadingMore} onMore={loadMore} />
          </>
        ))}
    </Stack>
  );
}

export default function ChecklistsTab() {
  return (
    <Stack>
      <Title order={2}>Checklist Management</Title>
      <Tabs defaultValue="checklists" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="checklists">Checklists</Tabs.Tab>
          <Tabs.Tab value="items">Items</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="checklists" pt="md">
          <ChecklistList />
        </Tabs.Panel>
        <Tabs.Panel value="items" pt="md">
          <ItemList />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
