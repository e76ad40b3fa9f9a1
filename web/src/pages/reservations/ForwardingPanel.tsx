/**
 * The forwarding address with Copy ('Copied!' for 2 s), Reset address (the page asks first),
 * Show/Hide Details (how it works and the supported senders) and 'View My Reservations'.
 */
import { Anchor, Button, Code, Collapse, CopyButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconMail, IconRefresh } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ReservationMessages } from '../../platform/domain';

export const COPIED_MS = 2000;

export function ForwardingPanel({ address, sources, onReset }: { address: string; sources: readonly string[]; onReset: () => void }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <Paper withBorder radius="lg" p="md" aria-labelledby={`${detailsId}-title`} component="section">
      <Stack gap="sm">
        <Group gap="xs">
          <IconMail size={20} aria-hidden />
          <Title order={2} size="h4" id={`${detailsId}-title`}>
            Your forwarding address
          </Title>
        </Group>
        <Group gap="sm" wrap="wrap">
          <Code fz="sm" style={{ wordBreak: 'break-all' }} data-testid="forwarding-address">
            {address}
          </Code>
          <CopyButton value={address} timeout={COPIED_MS}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant={copied ? 'filled' : 'light'}
                color={copied ? '#1e6b34' : undefined}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
              >
                {copied ? ReservationMessages.copied : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={onReset}>
            Reset address
          </Button>
        </Group>
        <Group gap="sm">
          <Button size="xs" variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={detailsId}>
            {open ? 'Hide Details' : 'Show Details'}
          </Button>
          <Anchor component={Link} to="/dashboard/reservations" size="sm">
            View My Reservations
          </Anchor>
        </Group>
        <Collapse expanded={open} id={detailsId}>
          <Stack gap="xs">
            <Text size="sm">
              Forward a booking confirmation from your own e-mail address (the one you sign in with) to this address. It appears here within seconds, ready to
              add to a trip. Mail from any other address is refused, and so is mail your provider did not sign or vouch for (DKIM, SPF and DMARC are checked).
              Keep the address to yourself; if it leaks, reset it and update your forwarding rules.
            </Text>
            <Text size="sm" fw={600}>
              Supported sources
            </Text>
            <List size="sm" spacing={2}>
              {sources.map((s) => (
                <List.Item key={s}>{s}</List.Item>
              ))}
            </List>
            <Text size="xs" c="dimmed">
              Other confirmations are read too when they carry booking markup, a calendar invitation or the usual labels (confirmation number, date, address).
            </Text>
          </Stack>
        </Collapse>
      </Stack>
    </Paper>
  );
}
