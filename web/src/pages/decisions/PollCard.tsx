/**
 * One poll: its question and state, the viewer's answers (a choice: pick one or several; dates:
 * yes / maybe / no per range), results as text with bars (never bars alone), the ranking with who
 * cannot come, Close (its creator or the owner) and, on a dates poll, the owner's "Use these
 * dates" with the plan items outside the range listed before confirming.
 */
import { Badge, Button, Checkbox, Group, Paper, Progress, Radio, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { PollCard_poll$key } from '../../__generated__/PollCard_poll.graphql';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../platform/notify';
import { DatesChangeConfirm } from '../trips/DatesChangeConfirm';
import { useApplyDatesPoll } from './useApplyDatesPoll';
import { useClosePoll } from './useClosePoll';
import { useVotePoll } from './useVotePoll';
import { readerDateTime } from '../../components/dateFormat';

// The calendar (Mantine's dates package) loads when a member opens it.
const PollDaysCalendar = lazy(() => import('./PollDaysCalendar').then((m) => ({ default: m.PollDaysCalendar })));

const Fragment = graphql`
  fragment PollCard_poll on TripPoll {
    id
    question
    kind
    multiple
    isOpen
    closesAt
    voterCount
    dayMarkerCount
    firstDay
    lastDay
    viewerDays
    viewerHasVoted
    viewerCanClose
    viewerCanApply
    options {
      id
      label
      startDate
      endDate
      yes
      maybe
      no
      viewerAnswer
      answers {
        userName
        answer
        fromDays
      }
      itemsOutside {
        id
        title
        activityDate
      }
    }
    ranking {
      id
    }
  }
`;

type Answer = 'YES' | 'MAYBE' | 'NO';

export function PollCard({ poll }: { poll: PollCard_poll$key }) {
  const data = useFragment(Fragment, poll);
  const [vote, voting] = useVotePoll();
  const [close, closing] = useClosePoll();
  const [apply, applying] = useApplyDatesPoll();
  const [applyingId, setApplyingId] = useState<string | null>(null);
  const [closingAsk, setClosingAsk] = useState(false);
  const [marking, setMarking] = useState(false);
  const calendarId = useId();
  const mine = useMemo(() => Object.fromEntries(data.options.filter((o) => o.viewerAnswer).map((o) => [o.id, o.viewerAnswer as Answer])), [data.options]);
  const [draft, setDraft] = useState<Record<string, Answer>>(mine);
  useEffect(() => setDraft(mine), [mine]);
  const rank = new Map(data.ranking.map((o, i) => [o.id, i + 1]));
  const voters = Math.max(data.voterCount, 1);
  const ranked = data.ranking.map((r) => data.options.find((o) => o.id === r.id)!).filter(Boolean);
  const applyOption = data.options.find((o) => o.id === applyingId);

  const send = async () => {
    const answers = Object.entries(draft).map(([optionId, answer]) => ({ optionId, answer }));
    const outcome = await vote(data.id, answers);
    if (outcome.ok) notify.success(answers.length ? 'Your answers are in.' : 'Your answers were taken back.');
    else notify.error(outcome.message);
  };
  const onClose = async () => {
    const outcome = await close(data.id);
    setClosingAsk(false);
    if (outcome.ok) notify.success('Poll closed.');
    else notify.error(outcome.message);
  };
  const onApply = async () => {
    if (!applyingId) return;
    const outcome = await apply(data.id, applyingId);
    setApplyingId(null);
    if (outcome.ok) notify.success('The trip dates are changed.');
    else notify.error(outcome.message);
  };

  const summary = (o: (typeof data.options)[number]) =>
    data.kind === 'CHOICE' ? `${o.yes} ${o.yes === 1 ? 'vote' : 'votes'}` : `${o.yes} yes, ${o.maybe} maybe, ${o.no} no`;
  const cannot = (o: (typeof data.options)[number]) =>
    o.answers.filter((a) => a.answer === 'NO').map((a) => (a.fromDays ? `${a.userName} (by their days)` : a.userName));

  return (
    <Paper withBorder p="md" component="article" aria-label={data.question} data-testid="poll-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={700} style={{ overflowWrap: 'anywhere', flex: 1 }}>
            {data.question}
          </Text>
          <Badge color={data.isOpen ? 'teal' : 'gray'} variant="light">
            {data.isOpen ? 'Open' : 'Closed'}
          </Badge>
        </Group>
        <Text fz="xs" c="dark.4">
          {data.kind === 'DATES' ? 'Dates poll' : data.multiple ? 'Pick any' : 'Pick one'} · {data.voterCount} answered
          {data.dayMarkerCount > 0 ? ` (${data.dayMarkerCount} by marking days)` : ''}
          {data.closesAt && data.isOpen ? ` · closes ${readerDateTime(data.closesAt)}` : ''}
        </Text>

        {data.isOpen && data.kind === 'CHOICE' && !data.multiple && (
          <Radio.Group label="Your choice" value={Object.keys(draft)[0] ?? null} onChange={(v) => setDraft({ [v]: 'YES' })}>
            <Stack gap={6} mt={4}>
              {data.options.map((o) => (
                <Radio key={o.id} value={o.id} label={o.label} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {data.isOpen && data.kind === 'CHOICE' && data.multiple && (
          <Checkbox.Group
            label="Your choices"
            value={Object.keys(draft)}
            onChange={(ids) => setDraft(Object.fromEntries(ids.map((id) => [id, 'YES' as Answer])))}
          >
            <Stack gap={6} mt={4}>
              {data.options.map((o) => (
                <Checkbox key={o.id} value={o.id} label={o.label} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {data.kind === 'DATES' && (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing={6} aria-label={`Date ranges for ${data.question}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Range</Table.Th>
                  {data.isOpen && <Table.Th>Your answer</Table.Th>}
                  <Table.Th>Result</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.options.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      <Text fz="sm" fw={600}>
                        {o.label}
                      </Text>
                    </Table.Td>
                    {data.isOpen && (
                      <Table.Td>
                        <SegmentedControl
                          size="xs"
                          aria-label={`Your answer for ${o.label}`}
                          value={draft[o.id] ?? ''}
                          onChange={(v) => setDraft((d) => ({ ...d, [o.id]: v as Answer }))}
                          data={[
                            { value: 'YES', label: 'Yes' },
                            { value: 'MAYBE', label: 'Maybe' },
                            { value: 'NO', label: 'No' },
                          ]}
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Text fz="sm">{summary(o)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data.isOpen && data.kind === 'DATES' && data.firstDay && data.lastDay && (
          <>
            <Button
              size="xs"
              variant="light"
              aria-expanded={marking}
              aria-controls={calendarId}
              onClick={() => setMarking((m) => !m)}
              style={{ alignSelf: 'flex-start' }}
            >
              {marking ? 'Hide the calendar' : data.viewerDays.length ? `Change the days I can (${data.viewerDays.length} marked)` : 'Mark the days I can'}
            </Button>
            <div id={calendarId} hidden={!marking}>
              {marking && (
                <Suspense fallback={<Text fz="sm">Loading the calendar…</Text>}>
                  <PollDaysCalendar pollId={data.id} firstDay={data.firstDay} lastDay={data.lastDay} viewerDays={data.viewerDays} options={data.options} />
                </Suspense>
              )}
            </div>
          </>
        )}
        {data.isOpen && (
          <Group gap="xs">
            <Button size="xs" onClick={() => void send()} loading={voting}>
              {data.viewerHasVoted ? 'Update my answers' : 'Send my answers'}
            </Button>
            {data.viewerCanClose && (
              <Button size="xs" variant="default" onClick={() => setClosingAsk(true)}>
                Close poll
              </Button>
            )}
          </Group>
        )}

        <Stack gap={6} role="group" aria-label="Results">
          <Text fz="sm" fw={700}>
            {data.kind === 'DATES' ? 'Best dates first' : 'Results'}
          </Text>
          {(data.kind === 'DATES' ? ranked : data.options).map((o) => {
            const score = data.kind === 'DATES' ? o.yes + o.maybe / 2 : o.yes;
            const noOne = cannot(o);
            return (
              <div key={o.id} data-testid="poll-result">
                <Group justify="space-between" gap={4} wrap="wrap">
                  <Text fz="sm" style={{ overflowWrap: 'anywhere', flex: '1 1 200px' }}>
                    {data.kind === 'DATES' ? `${rank.get(o.id)}. ` : ''}
                    {o.label}: {summary(o)}
                  </Text>
                  {data.viewerCanApply && o.startDate && (
                    <Button size="compact-xs" variant="light" onClick={() => setApplyingId(o.id)}>
                      Use these dates
                    </Button>
                  )}
                </Group>
                <Progress value={(score / voters) * 100} size="sm" aria-hidden mt={2} />
                {data.kind === 'DATES' && noOne.length > 0 && (
                  <Text fz="xs" c="dark.4">
                    Cannot come: {noOne.join(', ')}
                  </Text>
                )}
              </div>
            );
          })}
        </Stack>
      </Stack>

      <ConfirmDialog
        opened={closingAsk}
        title="Close poll"
        confirmLabel="Close poll"
        color="lagoon.8"
        loading={closing}
        onConfirm={() => void onClose()}
        onClose={() => setClosingAsk(false)}
      >
        Nobody can answer once it is closed; everyone is told the result.
      </ConfirmDialog>
      <DatesChangeConfirm
        opened={!!applyOption}
        title="Use these dates"
        confirmLabel="Change trip dates"
        rangeText={applyOption?.label ?? ''}
        note="The poll closes."
        items={applyOption?.itemsOutside ?? []}
        loading={applying}
        onConfirm={() => void onApply()}
        onClose={() => setApplyingId(null)}
      />
    </Paper>
  );
}
