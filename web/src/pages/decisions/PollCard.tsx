/**
 * One poll: its question and state, the viewer's answers (a choice: pick one or several; dates:
 * yes / maybe / no per range), results as text with bars (never bars alone), the ranking with who
 * cannot come, Close (its creator or the owner) and, on a dates poll, the owner's "Use these
 * dates" with the plan items outside the range listed before confirming.
 */
import { Badge, Button, Checkbox, Group, List, Paper, Progress, Radio, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { PollCard_poll$key } from '../../__generated__/PollCard_poll.graphql';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../platform/notify';
import { dayLabel } from './days';
import { useApplyDatesPoll } from './useApplyDatesPoll';
import { useClosePoll } from './useClosePoll';
import { useVotePoll } from './useVotePoll';

const Fragment = graphql`
  fragment PollCard_poll on TripPoll {
    id
    question
    kind
    multiple
    isOpen
    closesAt
    voterCount
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
  const cannot = (o: (typeof data.options)[number]) => o.answers.filter((a) => a.answer === 'NO').map((a) => a.userName);

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
          {data.closesAt && data.isOpen ? ` · closes ${new Date(data.closesAt).toLocaleString()}` : ''}
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
      <ConfirmDialog
        opened={!!applyOption}
        title="Use these dates"
        confirmLabel="Change trip dates"
        color="lagoon.8"
        loading={applying}
        onConfirm={() => void onApply()}
        onClose={() => setApplyingId(null)}
      >
        <Stack gap="xs">
          <Text>The trip will run {applyOption?.label}. The poll closes.</Text>
          {applyOption && applyOption.itemsOutside.length > 0 ? (
            <>
              <Text fw={600}>These plan items fall outside the new dates:</Text>
              <List size="sm">
                {applyOption.itemsOutside.map((i) => (
                  <List.Item key={i.id}>
                    {i.title} ({dayLabel(i.activityDate)})
                  </List.Item>
                ))}
              </List>
            </>
          ) : (
            <Text fz="sm">Every plan item stays within them.</Text>
          )}
        </Stack>
      </ConfirmDialog>
    </Paper>
  );
}
