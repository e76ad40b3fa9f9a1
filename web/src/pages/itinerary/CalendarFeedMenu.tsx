/**
 * 'Calendar feed': the trip's private .ics address for a calendar app, with Copy ('Copied!' for
 * 2 s), 'Download .ics' and 'Reset link' (asked first: the old address stops working for everyone using it).
 */
import { Button, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarShare, IconCheck, IconCopy, IconDownload, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { CalendarFeedMenu_trip$key } from '../../__generated__/CalendarFeedMenu_trip.graphql';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../platform/notify';
import { ItineraryText } from './messages';
import { useResetTripCalendarFeed } from './useResetTripCalendarFeed';

const Fragment = graphql`
  fragment CalendarFeedMenu_trip on Trip {
    id
    calendarFeedUrl
  }
`;

/** The specification's copy confirmation time. */
const COPIED_MS = 2000;

export function CalendarFeedMenu({ trip }: { trip: CalendarFeedMenu_trip$key }) {
  const data = useFragment(Fragment, trip);
  const [copied, setCopied] = useState(false);
  const [opened, setOpened] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reset, resetting] = useResetTripCalendarFeed();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(data.calendarFeedUrl);
      setCopied(true);
    } catch {
      notify.error(ItineraryText.copyFailed);
    }
  };

  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const confirmReset = async () => {
    const outcome = await reset(data.id);
    setConfirming(false);
    if (outcome.ok) notify.success(ItineraryText.feedReset);
    else notify.error(outcome.message);
  };

  return (
    <>
      <Popover opened={opened} onChange={setOpened} width={340} position="bottom-end" withArrow shadow="md" trapFocus>
        <Popover.Target>
          <Button variant="default" leftSection={<IconCalendarShare size={18} aria-hidden />} onClick={() => setOpened((o) => !o)} aria-expanded={opened}>
            Calendar feed
          </Button>
        </Popover.Target>
        <Popover.Dropdown aria-label="Calendar feed">
          <Stack gap="xs">
            <Text fz="sm" fw={600}>
              Subscribe in your calendar app
            </Text>
            <Text fz="xs" c="dark.4">
              This private link shows the itinerary in Google Calendar, Apple Calendar or Outlook and keeps it up to date. Anyone with the link can see the
              plan.
            </Text>
            <TextInput aria-label="Calendar feed URL" value={data.calendarFeedUrl} readOnly onFocus={(e) => e.currentTarget.select()} />
            <Group justify="space-between" gap="xs">
              <Button
                size="xs"
                variant={copied ? 'light' : 'filled'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                onClick={() => void copy()}
              >
                {copied ? 'Copied!' : 'Copy'}
              </Button>
              {/* The same feed as a file, for a calendar that imports rather than subscribes. */}
              <Button
                size="xs"
                variant="default"
                component="a"
                href={data.calendarFeedUrl}
                download="trip.ics"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                Download .ics
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red.9"
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={() => {
                  setOpened(false);
                  setConfirming(true);
                }}
              >
                Reset link
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <ConfirmDialog
        opened={confirming}
        title="Reset the calendar link?"
        confirmLabel="Reset Link"
        loading={resetting}
        onConfirm={() => void confirmReset()}
        onClose={() => setConfirming(false)}
      >
        The current link stops working at once, for everyone who subscribed with it. You will get a new link to share.
      </ConfirmDialog>
    </>
  );
}
