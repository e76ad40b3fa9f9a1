/**
 * The console's system tab: data and analytics exports (downloaded as the server streams them,
 * dated JSON or CSV) and health checks whose results, with timings, fill the status panel.
 */
import { Badge, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { notify } from '../../../platform/notify';
import { sessionStore } from '../../../platform/session';
import { useAdminHealthCheck, type HealthKind } from './useAdminHealthCheck';
import { readerTime } from '../../../components/dateFormat';

/** A checked part's name as people write it (acronyms in capitals). */
const partName = (name: string) => (name === 'api' || name === 'smtp' ? name.toUpperCase() : name[0]!.toUpperCase() + name.slice(1));

interface Report {
  checkedAt: string;
  checks: readonly { readonly name: string; readonly status: string; readonly durationMs: number; readonly message: string }[];
}

/** Fetches a download with the session's token and saves it under the server's dated name. */
async function download(path: string): Promise<string> {
  const token = await sessionStore.accessToken();
  const res = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new Error(body.error ?? `The server answered ${res.status}.`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'tripcrew-export.json';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
  return name;
}

export default function SystemTab() {
  const [format, setFormat] = useState('json');
  const [busy, setBusy] = useState<string | null>(null);
  const [reports, setReports] = useState<Record<string, Report>>({});
  const [runCheck] = useAdminHealthCheck();

  const exportFile = async (label: string, path: string) => {
    setBusy(path);
    try {
      const name = await download(`${path}${format === 'csv' ? '?format=csv' : ''}`);
      notify.success(`Downloaded ${name}`);
    } catch (err) {
      notify.error(`Failed to ${label}: ${(err as Error).message}`);
    } finally {
      setBusy(null);
    }
  };

  const check = useCallback(
    async (kind: HealthKind) => {
      setBusy(`health-${kind}`);
      const outcome = await runCheck(kind);
      setBusy(null);
      if (!outcome.ok) {
        notify.error(outcome.refused ? `Failed to run health check: ${outcome.message}` : 'Failed to run health check. Please try again.');
        return;
      }
      const report = outcome.value;
      setReports((all) => ({ ...all, ...Object.fromEntries(report.checks.map((c) => [c.name, { checkedAt: String(report.checkedAt), checks: [c] }])) }));
      if (report.status === 'healthy') notify.success(`Health check (${kind}): healthy`);
      else
        notify.error(
          `Health check (${kind}): ${report.checks
            .filter((c) => c.status === 'failed')
            .map((c) => `${c.name}: ${c.message}`)
            .join('; ')}`,
        );
    },
    [runCheck],
  );

  const checks = Object.values(reports).flatMap((r) => r.checks.map((c) => ({ ...c, checkedAt: r.checkedAt })));
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="wrap" mb="sm">
          <Title order={2} fz={20}>
            Data Export
          </Title>
          <SegmentedControl
            aria-label="File format"
            data={[
              { value: 'json', label: 'JSON' },
              { value: 'csv', label: 'CSV' },
            ]}
            value={format}
            onChange={setFormat}
            size="xs"
          />
        </Group>
        {/* One column on a phone: two columns cut 'Export Expenses' short at 375 px. */}
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }}>
          {(['users', 'trips', 'expenses', 'all'] as const).map((kind) => (
            <Button
              key={kind}
              variant="light"
              loading={busy === `/api/backend/admin/system/export/${kind}`}
              disabled={kind === 'all' && format === 'csv'}
              onClick={() => void exportFile('export data', `/api/backend/admin/system/export/${kind}`)}
            >
              Export {kind === 'all' ? 'All Data' : kind[0]!.toUpperCase() + kind.slice(1)}
            </Button>
          ))}
        </SimpleGrid>
        <Title order={3} fz={16} mt="lg" mb="sm">
          Analytics Export
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }}>
          {(['user-engagement', 'trip-analytics', 'financial-summary', 'platform-metrics'] as const).map((kind) => (
            <Button
              key={kind}
              variant="default"
              loading={busy === `/api/backend/admin/system/analytics/${kind}`}
              onClick={() => void exportFile('export analytics', `/api/backend/admin/system/analytics/${kind}`)}
            >
              {kind.replace('-', ' ').replace(/\b\w/g, (c) => c.toUpperCase())}
            </Button>
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz={20} mb="sm">
          Health Checks
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {(['database', 'api', 'storage', 'all'] as const).map((kind) => (
            <Button
              key={kind}
              variant="light"
              color="teal"
              loading={busy === `health-${kind}`}
              disabled={!!busy && busy.startsWith('health')}
              onClick={() => check(kind)}
            >
              Check {partName(kind)}
            </Button>
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz={20} mb="sm">
          System Status
        </Title>
        {checks.length === 0 ? (
          <Text c="dimmed" size="sm">
            No checks run yet. Run a health check to see each part's status.
          </Text>
        ) : (
          <Table aria-label="System status">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Part</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th visibleFrom="sm">Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {checks.map((c) => (
                <Table.Tr key={c.name}>
                  <Table.Td>{partName(c.name)}</Table.Td>
                  <Table.Td>
                    <Badge
                      color={c.status === 'ok' ? 'green' : c.status === 'failed' ? 'red' : 'gray'}
                      variant="light"
                      h="auto"
                      styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
                    >
                      {c.status === 'ok' ? 'Operational' : c.status === 'failed' ? 'Failed' : 'Not configured'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{c.durationMs.toFixed(1)} ms</Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="xs">{c.message}</Text>
                    <Text size="xs" c="dimmed">
                      {readerTime(c.checkedAt)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
