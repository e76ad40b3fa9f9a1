/**
 * The trip's polls, newest first, and New poll: a choice (options typed or picked from the
 * ideas board, "which two of these"; one or several may be picked) or dates (ranges typed, or proposed from "N nights between A and B"), with an optional
 * closing time. Empty state that teaches.
 */
import { ActionIcon, Button, Checkbox, Group, Modal, NumberInput, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconChartBar, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { PollsSection_trip$key } from '../../__generated__/PollsSection_trip.graphql';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { DecisionMessages as M } from '../../platform/domain';
import { formErrors } from '../../platform/formErrors';
import { notify } from '../../platform/notify';
import { checkPoll, proposeRanges } from '../../platform/rules';
import { pollsConnectionId } from './connections';
import { PollCard } from './PollCard';
import { useCreatePoll } from './useCreatePoll';
import { FormActions } from '../../components/FormActions';

const Fragment = graphql`
  fragment PollsSection_trip on Trip {
    id
    ideas(first: 200) @connection(key: "DecidePanel_ideas") {
      edges {
        node {
          id
          title
        }
      }
    }
    polls(first: 100) @connection(key: "DecidePanel_polls") {
      edges {
        node {
          id
          ...PollCard_poll
        }
      }
    }
  }
`;

/** A choice option: typed, or one of the trip's ideas (its title shown, not editable). */
interface Choice {
  label: string;
  ideaId?: string;
}

interface Range {
  startDate: string;
  endDate: string;
}

function PollFormModal({
  opened,
  onClose,
  tripId,
  ideas,
}: {
  opened: boolean;
  onClose: () => void;
  tripId: string;
  ideas: readonly { id: string; title: string }[];
}) {
  const [create, saving] = useCreatePoll(tripId, pollsConnectionId(tripId));
  const [kind, setKind] = useState<'CHOICE' | 'DATES'>('CHOICE');
  const [question, setQuestion] = useState('');
  const [multiple, setMultiple] = useState(false);
  const [labels, setLabels] = useState<Choice[]>([{ label: '' }, { label: '' }]);
  const [ranges, setRanges] = useState<Range[]>([{ startDate: '', endDate: '' }]);
  const [closesAt, setClosesAt] = useState('');
  const [nights, setNights] = useState<number | string>(5);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);

  const input = () => ({
    question,
    kind,
    multiple: kind === 'CHOICE' && multiple,
    closesAt: closesAt ? new Date(closesAt).toISOString() : null,
    options:
      kind === 'CHOICE'
        ? labels.map((c) => (c.ideaId ? { ideaId: c.ideaId, label: '' } : { label: c.label }))
        : ranges.map((r) => ({ startDate: r.startDate, endDate: r.endDate })),
  });
  const propose = () => {
    const { ranges: proposed, problems } = proposeRanges({ nights, from, to, max: 4 });
    if (problems.length) return setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
    setErrors({});
    setRanges(proposed);
    if (!question.trim()) setQuestion(`Which ${nights} nights suit you?`);
  };
  const submit = async () => {
    const value = input();
    const { problems } = checkPoll(value, new Date());
    if (problems.length) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
      return;
    }
    const outcome = await create(value);
    if (outcome.ok) {
      notify.success('Poll created. The crew has been told.');
      setQuestion('');
      setLabels([{ label: '' }, { label: '' }]);
      setRanges([{ startDate: '', endDate: '' }]);
      setErrors({});
      setNotice(null);
      onClose();
      return;
    }
    const shown = formErrors(outcome, (f) => f);
    setErrors(shown.fields as Record<string, string>);
    setNotice(shown.notice);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="New poll" styles={modalStyles} closeButtonProps={closeButtonProps} size="lg" closeOnClickOutside={!saving}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <SegmentedControl
            aria-label="Kind of poll"
            value={kind}
            onChange={(v) => {
              setKind(v as 'CHOICE' | 'DATES');
              setErrors({});
            }}
            data={[
              { value: 'CHOICE', label: 'A choice' },
              { value: 'DATES', label: 'Dates' },
            ]}
          />
          <TextInput label="Question" required value={question} onChange={(e) => setQuestion(e.currentTarget.value)} error={errors.question} data-autofocus />
          {kind === 'CHOICE' ? (
            <Stack gap="xs">
              {labels.map((choice, i) => (
                <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
                  <TextInput
                    style={{ flex: 1 }}
                    label={choice.ideaId ? `Option ${i + 1} (an idea)` : `Option ${i + 1}`}
                    value={choice.label}
                    readOnly={!!choice.ideaId}
                    onChange={(e) => {
                      const next = e.currentTarget.value;
                      setLabels((ls) => ls.map((l, k) => (k === i ? { label: next } : l)));
                    }}
                    error={errors[`options.${i}`]}
                  />
                  {labels.length > 2 && (
                    <ActionIcon mt={26} variant="subtle" aria-label={`Remove option ${i + 1}`} onClick={() => setLabels((ls) => ls.filter((_, k) => k !== i))}>
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              ))}
              <Group>
                <Button size="xs" variant="light" onClick={() => setLabels((ls) => [...ls, { label: '' }])}>
                  Add option
                </Button>
                <Checkbox label="Members may pick several" checked={multiple} onChange={(e) => setMultiple(e.currentTarget.checked)} />
              </Group>
              {ideas.length > 0 && (
                <Select
                  label="Add an idea from the board"
                  placeholder="Pick an idea"
                  searchable
                  value={null}
                  data={ideas.filter((idea) => !labels.some((c) => c.ideaId === idea.id)).map((idea) => ({ value: idea.id, label: idea.title }))}
                  nothingFoundMessage="Every idea is an option already"
                  onChange={(id) => {
                    const idea = ideas.find((x) => x.id === id);
                    if (!idea) return;
                    setLabels((ls) => {
                      // An empty typed option is taken by the idea first; otherwise the idea is added.
                      const blank = ls.findIndex((c) => !c.ideaId && !c.label.trim());
                      const choice = { label: idea.title, ideaId: idea.id };
                      return blank >= 0 ? ls.map((c, k) => (k === blank ? choice : c)) : [...ls, choice];
                    });
                  }}
                />
              )}
            </Stack>
          ) : (
            <Stack gap="xs">
              <Paper withBorder p="sm" bg="gray.0">
                <Text fz="sm" fw={600} mb={4}>
                  Propose ranges from a window
                </Text>
                <Group gap="xs" align="flex-end" wrap="wrap">
                  <NumberInput label="Nights" min={1} max={60} w={90} value={nights} onChange={setNights} error={errors.nights} />
                  <TextInput type="date" label="Between" value={from} onChange={(e) => setFrom(e.currentTarget.value)} error={errors.window} />
                  <TextInput type="date" label="And" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
                  <Button size="sm" variant="light" onClick={propose}>
                    Propose
                  </Button>
                </Group>
              </Paper>
              {ranges.map((r, i) => (
                <Group key={i} gap="xs" wrap="wrap" align="flex-start">
                  <TextInput
                    type="date"
                    label={`Range ${i + 1} from`}
                    value={r.startDate}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      setRanges((rs) => rs.map((x, k) => (k === i ? { ...x, startDate: v } : x)));
                    }}
                    error={errors[`options.${i}`]}
                  />
                  <TextInput
                    type="date"
                    label="to"
                    value={r.endDate}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      setRanges((rs) => rs.map((x, k) => (k === i ? { ...x, endDate: v } : x)));
                    }}
                  />
                  {ranges.length > 1 && (
                    <ActionIcon mt={26} variant="subtle" aria-label={`Remove range ${i + 1}`} onClick={() => setRanges((rs) => rs.filter((_, k) => k !== i))}>
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              ))}
              <Group>
                <Button size="xs" variant="light" onClick={() => setRanges((rs) => [...rs, { startDate: '', endDate: '' }])}>
                  Add range
                </Button>
              </Group>
            </Stack>
          )}
          {errors.options && (
            <Text c="red.9" fz="sm" role="alert">
              {errors.options}
            </Text>
          )}
          <TextInput
            type="datetime-local"
            label="Closes (optional)"
            value={closesAt}
            onChange={(e) => setClosesAt(e.currentTarget.value)}
            error={errors.closesAt}
          />
          {notice && (
            <Text c="red.9" fz="sm" role="alert">
              {notice}
            </Text>
          )}
          <FormActions onCancel={onClose} saving={saving} submitLabel="Create poll" />
        </Stack>
      </form>
    </Modal>
  );
}

export function PollsSection({ trip }: { trip: PollsSection_trip$key }) {
  const data = useFragment(Fragment, trip);
  const [creating, setCreating] = useState(false);
  const polls = data.polls.edges.map((e) => e.node);
  return (
    <Stack gap="md" component="section" aria-labelledby="polls-heading" id="trip-polls">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="xl" id="polls-heading">
          Polls
        </Title>
        <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          New poll
        </Button>
      </Group>
      {polls.length === 0 ? (
        <Paper withBorder p="lg">
          <Stack align="center" gap="xs">
            <IconChartBar size={32} aria-hidden />
            <Text ta="center" c="dark.4">
              {M.noPolls}
            </Text>
          </Stack>
        </Paper>
      ) : (
        polls.map((p) => <PollCard key={p.id} poll={p} />)
      )}
      <PollFormModal opened={creating} onClose={() => setCreating(false)} tripId={data.id} ideas={data.ideas.edges.map((e) => e.node)} />
    </Stack>
  );
}
