/**
 * The users tab: four cards, a search (first or last name, city, state) and a country filter
 * answered by the server, the users table with details, edit and delete, and the broadcast.
 */
import { ActionIcon, Avatar, Badge, Button, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconEye, IconSearch, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { UsersTabQuery } from '../../../__generated__/UsersTabQuery.graphql';
import type { UsersTab_query$data, UsersTab_query$key } from '../../../__generated__/UsersTab_query.graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { modalStyles } from '../../../components/modalStyles';
import { AdminUserMessages as M, countryLabel, displayName, profileFieldProblems } from '../../../platform/domain';
import { AdminTable, EmptyText } from '../kit/AdminTable';
import { ShortId } from '../kit/ShortId';
import { StatCard } from '../kit/StatCard';
import { adminFormErrors } from '../kit/adminFormErrors';
import { focusFirstError, ruleErrors } from '../../../platform/form/ruleForm';
import { useAdminAction } from '../kit/useAdminAction';
import { useFilterRefetch } from '../kit/useFilterRefetch';
import { LoadMoreButton } from '../kit/LoadMoreButton';
import { BroadcastModal } from '../people/BroadcastModal';
import { dateOnly, recordId } from '../kit/format';
import { useAdminUpdateUser, useAdminDeleteUser } from './useAdminUserActions';
import { useAdminQuery } from '../kit/adminQuery';
import { ADMIN_PAGE } from '../tabQueries';
import { FormActions } from '../../../components/FormActions';

const PAGE = ADMIN_PAGE.users;

const Query = graphql`
  query UsersTabQuery($count: Int!) {
    ...UsersTab_query @arguments(count: $count)
  }
`;

const Fragment = graphql`
  fragment UsersTab_query on Query
  @refetchable(queryName: "UsersTabPaginationQuery")
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, search: { type: "String" }, country: { type: "String" }) {
    admin {
      userStats {
        totalUsers
        newThisMonth
        activeUsers
        usersWithPreferences
      }
      userCountries
      users(first: $count, after: $cursor, search: $search, country: $country) @connection(key: "UsersTab_users") {
        totalCount
        edges {
          node {
            id
            firstName
            lastName
            email
            phone
            city
            state
            country
            countryOther
            createdAt
            preferencesConfigured
            travelPreferences {
              travelFrequency
              groupSize
              budgetRange
              preferredDestinations
              activities
              travelStyle
              accommodation
              transportation
            }
          }
        }
      }
    }
  }
`;

type User = NonNullable<NonNullable<UsersTab_query$data['admin']>['users']['edges'][number]['node']>;

const initials = (u: { firstName: string; lastName: string }) => `${u.firstName.charAt(0)}${u.lastName.charAt(0)}`.toUpperCase() || '?';
const location = (u: User) => [u.city, u.state, countryLabel(u.country ?? null, u.countryOther ?? null)].filter(Boolean).join(', ') || '—';

export default function UsersTab() {
  const root = useAdminQuery<UsersTabQuery>(Query, { count: PAGE });
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(Fragment, root as UsersTab_query$key);
  const [search, setSearch] = useState('');
  const [country, setCountry] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const { refetching, reload } = useFilterRefetch(refetch, { search: debounced || null, country });
  const [viewing, setViewing] = useState<User | null>(null);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [broadcasting, setBroadcasting] = useState(false);
  const { run, pending } = useAdminAction();
  const [remove] = useAdminDeleteUser();

  const admin = data.admin;
  const stats = admin?.userStats;
  const users = admin?.users.edges.map((e) => e.node).filter((u): u is User => u !== null) ?? [];
  const countries = [{ value: '', label: 'All Countries' }, ...(admin?.userCountries ?? []).map((c) => ({ value: c, label: countryLabel(c, null) ?? c }))];

  const confirmDelete = async () => {
    if (!deleting) return;
    const outcome = await run(M.deleteAction, remove({ input: { id: deleting.id } }), M.deleted);
    if (outcome.ok) {
      setDeleting(null);
      reload();
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          User Management
        </Title>
        <Button leftSection={<IconSpeakerphone size={16} />} onClick={() => setBroadcasting(true)}>
          Broadcast
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <StatCard label="Total Users" value={stats?.totalUsers ?? 0} />
        <StatCard label="New This Month" value={stats?.newThisMonth ?? 0} />
        <StatCard label="Active Users" value={stats?.activeUsers ?? 0} hint="Joined in the last 30 days" />
        <StatCard label="With Preferences" value={stats?.usersWithPreferences ?? 0} />
      </SimpleGrid>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          aria-label="Search users"
          placeholder="Search by name, city or state"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        <Select aria-label="Country" data={countries} value={country ?? ''} onChange={(v) => setCountry(v || null)} allowDeselect={false} w={190} />
        <Button
          variant="default"
          onClick={() => {
            setSearch('');
            setCountry(null);
          }}
        >
          Clear
        </Button>
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {refetching ? 'Searching…' : `${admin?.users.totalCount ?? 0} users`}
      </Text>
      {users.length === 0 ? (
        <EmptyText>{M.noUsers}</EmptyText>
      ) : (
        <AdminTable minWidth={720} highlightOnHover headers={['User', 'Location', 'Joined', 'Preferences', 'Actions']}>
          {users.map((u) => {
            const name = displayName(u, '');
            return (
              <Table.Tr key={u.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar radius="xl" color="blue" size="md">
                      {initials(u)}
                    </Avatar>
                    <div>
                      <Text size="sm" fw={500}>
                        {name}
                      </Text>
                      <ShortId id={recordId(u.id)} />
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td>{location(u)}</Table.Td>
                <Table.Td>{dateOnly(u.createdAt)}</Table.Td>
                <Table.Td>
                  <Badge color={u.preferencesConfigured ? 'teal' : 'gray'} variant="light">
                    {u.preferencesConfigured ? 'Configured' : 'Not Set'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={`View ${name}`} onClick={() => setViewing(u)}>
                      <IconEye size={18} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={() => setEditing(u)}>
                      <IconEdit size={18} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={() => setDeleting(u)}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </AdminTable>
      )}
      <LoadMoreButton hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(PAGE)} />
      <UserDetails user={viewing} onClose={() => setViewing(null)} />
      {editing && <EditUser key={editing.id} user={editing} countries={admin?.userCountries ?? []} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete user"
        confirmLabel="Delete user"
        loading={pending === M.deleteAction}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">{M.deleteConfirm}</Text>
        <Text size="sm" c="dimmed" mt="xs">
          {M.deleteConsequences}
        </Text>
      </ConfirmDialog>
      <BroadcastModal opened={broadcasting} onClose={() => setBroadcasting(false)} />
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" fw={600} w={130} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {value || '—'}
      </Text>
    </Group>
  );
}

function UserDetails({ user, onClose }: { user: User | null; onClose: () => void }) {
  const p = user?.travelPreferences;
  const list = (xs: readonly string[] | undefined) => (xs && xs.length ? xs.join(', ') : '');
  return (
    <Modal opened={user !== null} onClose={onClose} title="User Details" styles={modalStyles} size="lg">
      {user && (
        <Stack gap={6}>
          <Detail label="Name" value={displayName(user, '')} />
          <Detail label="User ID" value={recordId(user.id)} />
          <Detail label="Email" value={user.email ?? ''} />
          <Detail label="Phone" value={user.phone ?? ''} />
          <Detail label="Location" value={location(user)} />
          <Detail label="Joined" value={dateOnly(user.createdAt)} />
          <Detail label="Preferences" value={user.preferencesConfigured ? 'Configured' : 'Not Set'} />
          {p && user.preferencesConfigured && (
            <>
              <Detail label="Travel frequency" value={p.travelFrequency ?? ''} />
              <Detail label="Group size" value={p.groupSize ?? ''} />
              <Detail label="Budget" value={p.budgetRange ?? ''} />
              <Detail label="Destinations" value={list(p.preferredDestinations)} />
              <Detail label="Travel style" value={list(p.travelStyle)} />
              <Detail label="Activities" value={list(p.activities)} />
              <Detail label="Accommodation" value={list(p.accommodation)} />
              <Detail label="Transportation" value={list(p.transportation)} />
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}

const USER_FIELDS = ['firstName', 'lastName', 'city', 'state', 'country', 'countryOther'] as const;

function EditUser({ user, countries, onClose }: { user: User; countries: readonly string[]; onClose: () => void }) {
  // The server's profile rule (accountFields.ts): every field at fault at once, in its words.
  const form = useForm({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      city: user.city ?? '',
      state: user.state ?? '',
      country: user.country ?? '',
      countryOther: user.countryOther ?? '',
    },
    validate: ruleErrors((v) => profileFieldProblems(v, v.country !== (user.country ?? '')), USER_FIELDS),
  });
  const { run } = useAdminAction();
  const [update, saving] = useAdminUpdateUser();
  const country = form.values.country;

  const save = async (values: typeof form.values) => {
    const outcome = await run(M.updateAction, update({ input: { id: user.id, ...values } }), M.updated);
    if (outcome.ok) onClose();
    else form.setErrors(adminFormErrors(outcome, USER_FIELDS));
  };

  return (
    <Modal opened onClose={onClose} title="Edit User" styles={modalStyles}>
      <form onSubmit={form.onSubmit(save, focusFirstError(form))} noValidate>
        <Stack gap="sm">
          <TextInput label="First name" withAsterisk {...form.getInputProps('firstName')} data-autofocus />
          <TextInput label="Last name" withAsterisk {...form.getInputProps('lastName')} />
          <TextInput label="City" {...form.getInputProps('city')} />
          <TextInput label="State" {...form.getInputProps('state')} />
          <Select
            label="Country"
            data={[{ value: '', label: 'None' }, ...countries.map((c) => ({ value: c, label: countryLabel(c, null) ?? c }))]}
            {...form.getInputProps('country')}
            onChange={(v) => form.setFieldValue('country', v ?? '')}
            allowDeselect={false}
          />
          {country === 'OTHER' && <TextInput label="Country name" {...form.getInputProps('countryOther')} />}
          <FormActions onCancel={onClose} saving={saving} submitLabel="Save changes" mt="xs" />
        </Stack>
      </form>
    </Modal>
  );
}
