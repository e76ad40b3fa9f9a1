/**
 * The console's rewards catalogue: every entry (retired ones too), searched and paged in the
 * browser (the catalogue is under a hundred entries), an edit form for an entry's point value and
 * earn rates (setRewardProgramOverride) and "Reset to shipped" (resetRewardProgramOverride);
 * both are written to the audit log by the service.
 */
import { Badge, Button, Group, Modal, NumberInput, Pagination, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { graphql } from 'react-relay';
import type { RewardsTabQuery, RewardsTabQuery$data } from '../../../__generated__/RewardsTabQuery.graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { closeButtonProps, modalStyles } from '../../../components/modalStyles';
import { EmptyText } from '../kit/AdminTable';
import { useAdminQuery } from '../kit/adminQuery';
import { adminFormErrors } from '../kit/adminFormErrors';
import { useAdminAction } from '../kit/useAdminAction';
import { ADMIN_PAGE } from '../tabQueries';
import { useAdminRewardActions } from './useAdminRewardActions';

export const REWARD_RESET_CONFIRM = 'Reset this entry to the shipped catalogue? Every administrator change to it is dropped.';
const PAGE = ADMIN_PAGE.rewards;

const Query = graphql`
  query RewardsTabQuery {
    rewardsCatalog {
      version
      date
      programs(includeRetired: true) {
        programId
        name
        kind
        country
        unit
        pointValueCents
        valueSource
        retired
        overridden
        earns {
          category
          rate
          programId
        }
      }
    }
  }
`;

export type RewardRow = RewardsTabQuery$data['rewardsCatalog']['programs'][number];

const KIND_LABEL: Record<string, string> = { card: 'Card', airline: 'Airline', hotel: 'Hotel' };
const categoryLabel = (c: string) => c.charAt(0).toUpperCase() + c.slice(1).replace('_', ' ');

export default function RewardsTab() {
  const [own, setOwn] = useState(0);
  const data = useAdminQuery<RewardsTabQuery>(Query, {}, own);
  const reload = () => setOwn((n) => n + 1);
  return <RewardsList catalog={data.rewardsCatalog} onChanged={reload} />;
}

function RewardsList({ catalog, onChanged }: { catalog: RewardsTabQuery$data['rewardsCatalog']; onChanged: () => void }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<RewardRow | null>(null);
  const [resetting, setResetting] = useState<RewardRow | null>(null);
  const { run, pending } = useAdminAction();
  const { reset } = useAdminRewardActions();

  const found = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return catalog.programs;
    return catalog.programs.filter((p) => [p.name, p.programId, p.kind, p.country].some((v) => v.toLowerCase().includes(q)));
  }, [catalog.programs, search]);
  const pages = Math.max(1, Math.ceil(found.length / PAGE));
  const current = Math.min(page, pages);
  const shown = found.slice((current - 1) * PAGE, current * PAGE);

  const confirmReset = async () => {
    if (!resetting) return;
    const outcome = await run('reset programme', reset(resetting.programId), 'Programme reset to the shipped entry.');
    if (outcome.ok) {
      setResetting(null);
      onChanged();
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Catalogue {catalog.version}, figures dated {catalog.date}. Point values are estimates; every change is written to the audit log.
      </Text>
      <TextInput
        aria-label="Search programmes"
        placeholder="Search by name, kind or country..."
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {found.length} {found.length === 1 ? 'programme' : 'programmes'}
      </Text>
      {shown.length === 0 ? (
        <EmptyText>No programmes found</EmptyText>
      ) : (
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={640} aria-label="Rewards programmes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Programme</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Country</Table.Th>
                <Table.Th>Point value</Table.Th>
                <Table.Th>Overridden</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((p) => (
                <Table.Tr key={p.programId}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {p.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {p.programId}
                      {p.retired ? ' · retired' : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>{KIND_LABEL[p.kind] ?? p.kind}</Table.Td>
                  <Table.Td>{p.country}</Table.Td>
                  <Table.Td>{p.pointValueCents}¢</Table.Td>
                  <Table.Td>
                    {p.overridden ? (
                      <Badge color="orange" variant="light">
                        Overridden
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        Shipped
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="subtle" disabled={!!pending} onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                        Edit
                      </Button>
                      {p.overridden && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          color="red"
                          disabled={!!pending}
                          onClick={() => setResetting(p)}
                          aria-label={`Reset ${p.name} to shipped`}
                        >
                          Reset to shipped
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={current} onChange={setPage} aria-label="Programme pages" />
        </Group>
      )}
      {editing && (
        <EditProgram
          program={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            onChanged();
          }}
        />
      )}
      <ConfirmDialog
        opened={!!resetting}
        title="Reset to shipped"
        confirmLabel="Reset"
        loading={pending === 'reset programme'}
        onConfirm={() => void confirmReset()}
        onClose={() => setResetting(null)}
      >
        {REWARD_RESET_CONFIRM}
      </ConfirmDialog>
    </Stack>
  );
}

type Field = 'pointValueCents' | 'valueSource' | 'earns';

/** The entry's point value (with its source) and earn table; only what changed is sent. */
function EditProgram({ program, onClose, onSaved }: { program: RewardRow; onClose: () => void; onSaved: () => void }) {
  const { run } = useAdminAction();
  const { setOverride, saving } = useAdminRewardActions();
  const [value, setValue] = useState<number | string>(program.pointValueCents);
  const [source, setSource] = useState(program.valueSource);
  const [rates, setRates] = useState<(number | string)[]>(program.earns.map((e) => e.rate));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const valueChanged = typeof value === 'number' && value !== program.pointValueCents;
  const sourceChanged = source.trim() !== '' && source.trim() !== program.valueSource;
  const earnsChanged = rates.some((r, i) => typeof r === 'number' && r !== program.earns[i]!.rate);
  const complete = typeof value === 'number' && rates.every((r) => typeof r === 'number');
  const canSave = complete && (valueChanged || sourceChanged || earnsChanged);

  const save = async () => {
    if (!canSave) return;
    const input = {
      programId: program.programId,
      ...(valueChanged ? { pointValueCents: value as number } : {}),
      ...(sourceChanged ? { valueSource: source.trim() } : {}),
      ...(earnsChanged
        ? { earns: program.earns.map((e, i) => ({ category: e.category, rate: rates[i] as number, ...(e.programId ? { programId: e.programId } : {}) })) }
        : {}),
    };
    const outcome = await run('update programme', setOverride(input), 'Programme updated successfully!');
    if (outcome.ok) onSaved();
    else setErrors(adminFormErrors<Field>(outcome, (f) => (f.startsWith('earns') ? 'earns' : f === 'pointValueCents' || f === 'valueSource' ? f : null)));
  };

  return (
    <Modal opened onClose={onClose} title={`Edit ${program.name}`} styles={modalStyles} closeButtonProps={closeButtonProps} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack>
          <NumberInput
            label="Point value (cents)"
            description={`What one point (${program.unit}) is worth, in cents of the ${program.country} market's currency`}
            min={0}
            decimalScale={3}
            step={0.05}
            required
            value={value}
            onChange={setValue}
            error={errors.pointValueCents}
          />
          <TextInput label="Value source" value={source} onChange={(e) => setSource(e.currentTarget.value)} error={errors.valueSource} />
          <Text fw={600} size="sm">
            Earn rates ({program.unit} per unit spent)
          </Text>
          {program.earns.length === 0 && (
            <Text size="sm" c="dimmed">
              This programme has no earn table.
            </Text>
          )}
          {program.earns.map((e, i) => (
            <NumberInput
              key={`${e.category}-${e.programId ?? ''}-${i}`}
              label={`${categoryLabel(e.category)}${e.programId ? ` (with ${e.programId})` : ''}`}
              min={0}
              decimalScale={2}
              step={0.5}
              value={rates[i]}
              onChange={(v) => setRates((all) => all.map((r, j) => (j === i ? v : r)))}
            />
          ))}
          {errors.earns && (
            <Text size="sm" c="red" role="alert">
              {errors.earns}
            </Text>
          )}
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
