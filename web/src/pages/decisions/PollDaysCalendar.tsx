/**
 * "Mark the days I can" on a dates poll: a month calendar (Mantine's DatePicker, several days at
 * once) limited to the poll's window, each day a toggle button (pressed = I can; arrow keys move
 * between days, Enter or Space marks). Below it, as text and before saving, what the marked days
 * answer for each range by the shared rule (`answersFromDays`); saving replaces the answers
 * picked per range.
 */
import { Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useId, useMemo, useState } from 'react';
import { notify } from '../../platform/notify';
import { answersFromDays } from '../../platform/rules';
import { useMarkPollDays } from './useMarkPollDays';

interface Range {
  readonly id: string;
  readonly label: string;
  readonly startDate?: string | null;
  readonly endDate?: string | null;
}

export interface PollDaysCalendarProps {
  pollId: string;
  firstDay: string;
  lastDay: string;
  viewerDays: readonly string[];
  options: readonly Range[];
}

const WORD = { YES: 'yes', MAYBE: 'maybe', NO: 'no' } as const;
const sameDays = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((d, i) => d === b[i]);

export function PollDaysCalendar({ pollId, firstDay, lastDay, viewerDays, options }: PollDaysCalendarProps) {
  const headingId = useId();
  const wide = useMediaQuery('(min-width: 48em)');
  const [mark, saving] = useMarkPollDays();
  const [days, setDays] = useState<string[]>([...viewerDays]);
  // What the server keeps wins when it changes (a save here, or another tab).
  useEffect(() => setDays([...viewerDays]), [viewerDays]);
  const answers = useMemo(
    () =>
      new Map(
        answersFromDays(
          days,
          options.map((o) => ({ id: o.id, startDate: o.startDate ?? null, endDate: o.endDate ?? null })),
        ).map((a) => [a.optionId, a.answer]),
      ),
    [days, options],
  );
  const changed = !sameDays(days, viewerDays);
  // The days some range asks about, underlined so the ones that count are seen at a glance.
  const asked = useMemo(() => {
    const set = new Set<string>();
    for (const o of options) {
      if (!o.startDate || !o.endDate) continue;
      for (let d = new Date(`${o.startDate}T00:00:00Z`); d.toISOString().slice(0, 10) <= o.endDate; d = new Date(d.getTime() + 86_400_000)) {
        set.add(d.toISOString().slice(0, 10));
      }
    }
    return set;
  }, [options]);
  const twoMonths = wide && firstDay.slice(0, 7) !== lastDay.slice(0, 7);

  const save = async (next: string[]) => {
    const outcome = await mark(pollId, next);
    if (outcome.ok) notify.success(next.length ? 'Your days are in: they answer every range.' : 'Your days were taken back.');
    else notify.error(outcome.message);
  };

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Text fw={700} fz="sm" id={headingId}>
          Mark the days I can
        </Text>
        <Text fz="xs" c="dark.4">
          Choose every day you could travel. A range you can do every day of counts as yes, part of it as maybe, none of it as no. Underlined days are in a
          proposed range. Your days replace the answers you picked per range.
        </Text>
        <DatePicker
          type="multiple"
          value={days}
          onChange={(v) => setDays(v.map((d) => String(d).slice(0, 10)).sort())}
          minDate={firstDay}
          maxDate={lastDay}
          defaultDate={viewerDays[0] ?? firstDay}
          numberOfColumns={twoMonths ? 2 : 1}
          weekendDays={[]}
          getDayProps={(date) => {
            const iso = String(date).slice(0, 10);
            return {
              'aria-pressed': days.includes(iso),
              style: asked.has(iso) ? { textDecoration: 'underline', textDecorationThickness: 2, textUnderlineOffset: 3 } : undefined,
            };
          }}
          ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month', monthLevelControl: 'Choose another month' }}
          aria-label="Days I can travel"
        />
        <Text fz="sm" aria-live="polite" data-testid="days-count">
          {days.length === 0 ? 'No days marked yet.' : `${days.length} ${days.length === 1 ? 'day' : 'days'} marked.`}
        </Text>
        {days.length > 0 && (
          <List size="sm" aria-label="What your days answer" data-testid="days-answers">
            {options.map((o) => (
              <List.Item key={o.id}>
                {o.label}: {WORD[answers.get(o.id) ?? 'NO']}
              </List.Item>
            ))}
          </List>
        )}
        <Group gap="xs">
          <Button size="xs" onClick={() => void save(days)} loading={saving} disabled={!changed}>
            {days.length === 0 && viewerDays.length > 0 ? 'Take my days back' : 'Save my days'}
          </Button>
          {days.length > 0 && (
            <Button size="xs" variant="default" onClick={() => setDays([])} disabled={saving}>
              Unmark all
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
