/**
 * /dashboard/rewards: the traveller's rewards wallet. Cards and loyalty programmes from the
 * catalogue with their elite status, by name only (never a card number); private unless they
 * choose to share it with the members of their trips. Trips then suggest who should book what.
 */
import { ActionIcon, Alert, Anchor, Badge, Button, Group, NativeSelect, Paper, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { graphql } from 'react-relay';
import type { RewardsPageQuery } from '../../__generated__/RewardsPageQuery.graphql';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formErrors } from '../../platform/formErrors';
import { notify } from '../../platform/notify';
import { useRouteQuery } from '../../platform/relay/routeQuery';
import { RewardsMessages, walletStatusProblems } from '../../platform/domain';
import { useSetMyRewardsWallet } from './useSetMyRewardsWallet';

const Query = graphql`
  query RewardsPageQuery {
    rewardsCatalog {
      version
      date
      programs {
        programId
        name
        kind
        country
        pointValueCents
        valueSource
        statuses {
          name
        }
      }
    }
    myRewardsWallet {
      shareWithTrips
      programs {
        programId
        status
      }
    }
  }
`;

const KIND_LABELS: Record<string, string> = { card: 'Cards', airline: 'Airline programmes', hotel: 'Hotel programmes' };

interface Entry {
  programId: string;
  status: string;
}

export default function RewardsPage() {
  const { rewardsCatalog: catalog, myRewardsWallet: wallet } = useRouteQuery<RewardsPageQuery>(Query);
  const byId = useMemo(() => new Map(catalog.programs.map((p) => [p.programId, p])), [catalog.programs]);
  const [entries, setEntries] = useState<Entry[]>(() => wallet.programs.map((p) => ({ programId: p.programId, status: p.status ?? '' })));
  const [share, setShare] = useState(wallet.shareWithTrips);
  const [picking, setPicking] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useSetMyRewardsWallet();

  const options = useMemo(
    () =>
      (['card', 'airline', 'hotel'] as const).map((kind) => ({
        group: KIND_LABELS[kind]!,
        items: catalog.programs
          .filter((p) => p.kind === kind && !entries.some((e) => e.programId === p.programId))
          .map((p) => ({ value: p.programId, label: `${p.name} (${p.country})` })),
      })),
    [catalog.programs, entries],
  );

  const add = (programId: string | null) => {
    if (!programId) return;
    setEntries((cur) => [...cur, { programId, status: '' }]);
    setPicking(null);
  };

  const submit = async () => {
    const problems: Record<string, string> = {};
    entries.forEach((e, i) => {
      const found = walletStatusProblems(e.status, byId.get(e.programId)?.statuses.map((s) => s.name) ?? []);
      if (found.length) problems[`programs.${i}.status`] = found[0]!.message;
    });
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const outcome = await save(
      entries.map((e) => ({ programId: e.programId, status: e.status.trim() || null })),
      share,
    );
    if (outcome.ok) {
      setNotice(null);
      notify.success('Your rewards wallet is saved.', 'Wallet saved');
      return;
    }
    const shown = formErrors(outcome, (field) => (field.startsWith('programs.') ? field : null));
    setErrors(shown.fields as Record<string, string>);
    setNotice(shown.notice);
  };

  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          Rewards wallet
        </Title>
        <Text c="dimmed" mt={4}>
          The cards and loyalty programmes you hold, so your trips can suggest who should book what. Names and status only — never enter a card or membership
          number.
        </Text>
      </div>

      <Paper withBorder p="md">
        <Stack gap="md">
          <Select
            label="Add a card or programme"
            placeholder="Search the catalogue"
            searchable
            nothingFoundMessage="No match in the catalogue"
            data={options}
            value={picking}
            onChange={add}
            comboboxProps={{ withinPortal: true }}
          />
          {entries.length === 0 ? (
            <Text c="dimmed" fz="sm" data-testid="wallet-empty">
              Your wallet is empty. Add the cards you pay with and the airline and hotel programmes you belong to.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={360}>
              <Table verticalSpacing="xs" aria-label="Your cards and programmes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Card or programme</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th w={48}>
                      <span className="visually-hidden">Remove</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {entries.map((e, i) => {
                    const p = byId.get(e.programId);
                    const levels = p?.statuses.map((s) => s.name) ?? [];
                    return (
                      <Table.Tr key={e.programId}>
                        <Table.Td>
                          <Text fw={600} fz="sm">
                            {p?.name ?? e.programId}
                          </Text>
                          {p && (
                            <Group gap={4}>
                              <Badge size="xs" variant="light">
                                {p.kind}
                              </Badge>
                              <Text fz="xs" c="dimmed">
                                {p.pointValueCents}¢ a point ({p.valueSource})
                              </Text>
                            </Group>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {levels.length ? (
                            <NativeSelect
                              miw={150}
                              aria-label={`Status in ${p?.name ?? e.programId}`}
                              data={[{ value: '', label: 'No status' }, ...levels.map((l) => ({ value: l, label: l }))]}
                              value={e.status}
                              error={errors[`programs.${i}.status`]}
                              onChange={(ev) => {
                                const status = ev.currentTarget.value;
                                setEntries((cur) => cur.map((x, j) => (j === i ? { ...x, status } : x)));
                              }}
                            />
                          ) : (
                            <Text fz="sm" c="dimmed">
                              —
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${p?.name ?? e.programId}`} onClick={() => setRemoving(e.programId)}>
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Switch
            checked={share}
            onChange={(e) => setShare(e.currentTarget.checked)}
            label="Share my wallet with trip members"
            description="Off: they see only the suggestions (which of your cards to use), not your wallet."
          />
          {notice && (
            <Alert color="red" role="alert">
              {notice}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button loading={saving} onClick={() => void submit()}>
              Save wallet
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Text fz="xs" c="dimmed">
        Catalogue {catalog.version}, checked {catalog.date}. Point values are dated estimates from the sources named with each programme, not offers.{' '}
        <Anchor href="/dashboard/trips" fz="xs">
          Open a trip
        </Anchor>{' '}
        to see who should book what. {RewardsMessages.noCardNumbers}
      </Text>

      <ConfirmDialog
        opened={removing !== null}
        title="Remove from your wallet?"
        confirmLabel="Remove"
        onConfirm={() => {
          setEntries((cur) => cur.filter((e) => e.programId !== removing));
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      >
        {byId.get(removing ?? '')?.name ?? 'It'} will be removed when you save the wallet.
      </ConfirmDialog>
    </Stack>
  );
}
