/**
 * The rules of "Decide together" that the web's forms also check (browser-safe: zod, the field kit,
 * calendar days and messages only): an idea's fields, a poll's fields, the dates-poll ranking and
 * the ranges proposed from "N nights between A and B". The service throws from these answers; the
 * forms show the same ones before sending.
 */
import { z } from 'zod';
import { blankToNull, moneyAmount, optionalText, requiredText } from '../platform/fields.js';
import { calendarDate, isCalendarDate } from '../platform/calendarDate.js';
import { fill } from '../platform/fill.js';
import { DECISION_LIMITS as L, DecisionMessages as M } from './messages.js';

export type PollKindValue = 'CHOICE' | 'DATES';
export type AnswerValue = 'YES' | 'MAYBE' | 'NO';
export interface FieldProblem {
  field: string;
  message: string;
}

const coordinate = (max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z.number({ error: M.invalidCoordinates }).min(-max, M.invalidCoordinates).max(max, M.invalidCoordinates).nullable(),
  );

const link = z.preprocess(
  blankToNull,
  z
    .string({ error: M.urlInvalid })
    .max(L.url, fill(M.urlTooLong, { max: L.url }))
    .refine((u) => /^https?:\/\/[^\s]+$/i.test(u), M.urlInvalid)
    .nullable(),
);

/** An idea's fields; the cost is in `currency` (the trip's), stored in its minor units. */
export const ideaSchema = (currency: string) =>
  z.object({
    title: requiredText(L.title, { required: M.titleRequired, tooLong: M.titleTooLong }),
    url: link,
    notes: optionalText(L.notes, { tooLong: M.notesTooLong }),
    location: optionalText(L.location, { tooLong: M.locationTooLong }),
    latitude: coordinate(90),
    longitude: coordinate(180),
    estimatedCost: z.preprocess(
      (v) => (blankToNull(v) === null ? null : v),
      moneyAmount(currency, { invalid: M.costInvalid, tooLarge: M.costTooLarge }).nullable(),
    ),
  });

export interface IdeaInput {
  title?: unknown;
  url?: unknown;
  notes?: unknown;
  location?: unknown;
  latitude?: unknown;
  longitude?: unknown;
  estimatedCost?: unknown;
}

/** Every problem of an idea's fields at once (empty when it is fine). */
export function ideaProblems(input: IdeaInput, currency: string): FieldProblem[] {
  const result = ideaSchema(currency).safeParse(input);
  return result.success ? [] : firstPerField(result.error.issues);
}

export interface PollOptionInput {
  label?: unknown;
  startDate?: unknown;
  endDate?: unknown;
  ideaId?: unknown;
}
export interface PollInput {
  question?: unknown;
  kind?: unknown;
  multiple?: unknown;
  closesAt?: unknown;
  options?: unknown;
}
export interface PollOptionData {
  label: string;
  startDate: Date | null;
  endDate: Date | null;
  ideaId: string | null;
}
export interface PollData {
  question: string;
  kind: PollKindValue;
  multiple: boolean;
  closesAt: Date | null;
  options: PollOptionData[];
}

const DAY_MS = 86_400_000;
const dayIso = (d: Date) => d.toISOString().slice(0, 10);

/** "12 Jun – 17 Jun 2027": a range as its option is labelled. */
export function rangeLabel(start: string, end: string): string {
  const fmt = (iso: string, year: boolean) =>
    new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', ...(year ? { year: 'numeric' } : {}), timeZone: 'UTC' });
  return `${fmt(start, false)} – ${fmt(end, true)}`;
}

/**
 * A poll's fields checked, or every problem at once (`problems` non-empty). `now` bounds the
 * closing time. Options of a choice poll are labels (or ideas, named by their id); of a dates
 * poll, ranges of days.
 */
export function checkPoll(input: PollInput, now: Date): { data: PollData | null; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string) => {
    if (!problems.some((p) => p.field === field)) problems.push({ field, message });
  };
  const question = requiredText(L.question, { required: M.questionRequired, tooLong: M.questionTooLong }).safeParse(input.question);
  if (!question.success) add('question', question.error.issues[0]!.message);
  const kindText = blankToNull(input.kind);
  const kind = typeof kindText === 'string' ? kindText.toUpperCase() : null;
  if (kind !== 'CHOICE' && kind !== 'DATES') add('kind', M.invalidKind);
  const multiple = input.multiple === undefined || input.multiple === null ? false : input.multiple;
  if (typeof multiple !== 'boolean') add('multiple', M.invalidMultiple);
  let closesAt: Date | null = null;
  const closesText = blankToNull(input.closesAt);
  if (closesText !== null) {
    const parsed = typeof closesText === 'string' || closesText instanceof Date ? new Date(closesText as string) : null;
    if (!parsed || Number.isNaN(parsed.getTime()) || parsed.getTime() <= now.getTime()) add('closesAt', M.closesAtInvalid);
    else closesAt = parsed;
  }
  const raw = Array.isArray(input.options) ? (input.options as PollOptionInput[]) : [];
  if (raw.length < 2) add('options', M.tooFewOptions);
  if (raw.length > L.options) add('options', fill(M.tooManyOptions, { max: L.options }));
  const options: PollOptionData[] = [];
  raw.forEach((o, i) => {
    const field = `options.${i}`;
    const opt = (o ?? {}) as PollOptionInput;
    if (kind === 'DATES') {
      const start = isCalendarDate(opt.startDate) ? calendarDate(opt.startDate) : null;
      const end = isCalendarDate(opt.endDate) ? calendarDate(opt.endDate) : null;
      if (!start || !end) return add(field, M.optionDateRequired);
      if (end < start) return add(field, M.optionDateOrder);
      if ((end.getTime() - start.getTime()) / DAY_MS + 1 > L.rangeDays) return add(field, fill(M.optionRangeTooLong, { max: L.rangeDays }));
      const label = blankToNull(opt.label);
      options.push({
        label: typeof label === 'string' ? label.slice(0, L.optionLabel) : rangeLabel(dayIso(start), dayIso(end)),
        startDate: start,
        endDate: end,
        ideaId: null,
      });
    } else {
      const ideaId = blankToNull(opt.ideaId);
      const label = blankToNull(opt.label);
      if (typeof label !== 'string' && typeof ideaId !== 'string') return add(field, M.optionLabelRequired);
      if (typeof label === 'string' && label.length > L.optionLabel) return add(field, fill(M.optionLabelTooLong, { max: L.optionLabel }));
      options.push({ label: typeof label === 'string' ? label : '', startDate: null, endDate: null, ideaId: typeof ideaId === 'string' ? ideaId : null });
    }
  });
  const keys = options.map((o) => (o.startDate ? `${dayIso(o.startDate)}/${dayIso(o.endDate!)}` : (o.ideaId ?? o.label.toLowerCase())));
  if (new Set(keys).size !== keys.length) add('options', M.duplicateOption);
  if (problems.length) return { data: null, problems };
  return {
    data: { question: question.data as string, kind: kind as PollKindValue, multiple: kind === 'CHOICE' && (multiple as boolean), closesAt, options },
    problems,
  };
}

/** Open: not closed by hand and its closing time (if any) not passed. */
/** How long before its closing time a poll reminds who has not answered: a day, or a quarter of a shorter poll's span. */
export function reminderLeadMs(createdAt: Date | string, closesAt: Date | string): number {
  const span = new Date(closesAt).getTime() - new Date(createdAt).getTime();
  return Math.max(0, Math.min(24 * 60 * 60 * 1000, span / 4));
}

export const isPollOpen = (poll: { closedAt: Date | string | null; closesAt: Date | string | null }, now: Date): boolean =>
  !poll.closedAt && (!poll.closesAt || new Date(poll.closesAt).getTime() > now.getTime());

/** The votes of one option, as the ranking reads them. */
export interface OptionTally {
  id: string;
  yes: number;
  maybe: number;
  no: number;
  /** A dates option's first day (YYYY-MM-DD), for the last tie-break; null for a choice. */
  startDate: string | null;
}

/** How many can come: yes counts 1, maybe a half. */
export const optionScore = (o: OptionTally) => o.yes + o.maybe / 2;

/**
 * The options best first: by score (yes = 1, maybe = 0.5), then fewer "no", then the earlier
 * start, then the order given (a stable sort).
 */
export function rankOptions<T extends OptionTally>(options: readonly T[]): T[] {
  return options
    .map((o, i) => ({ o, i }))
    .sort(
      (a, b) =>
        optionScore(b.o) - optionScore(a.o) ||
        a.o.no - b.o.no ||
        (a.o.startDate && b.o.startDate ? a.o.startDate.localeCompare(b.o.startDate) : 0) ||
        a.i - b.i,
    )
    .map((x) => x.o);
}

/** A dates poll's window: its earliest range's first day to its latest range's last day (YYYY-MM-DD); null for none. */
export function pollWindow(options: readonly { startDate: string | null; endDate: string | null }[]): { first: string; last: string } | null {
  let first: string | null = null;
  let last: string | null = null;
  for (const o of options) {
    if (!o.startDate || !o.endDate) continue;
    if (!first || o.startDate < first) first = o.startDate;
    if (!last || o.endDate > last) last = o.endDate;
  }
  return first && last ? { first, last } : null;
}

/**
 * The days a member marked on a dates poll's calendar, checked: a list of real calendar days
 * (YYYY-MM-DD) inside the poll's window, each kept once, sorted. An empty list takes the days back.
 */
export function checkPollDays(days: unknown, window: { first: string; last: string } | null): { days: string[]; problems: FieldProblem[] } {
  if (!window) return { days: [], problems: [{ field: 'days', message: M.notDatesPollDays }] };
  if (!Array.isArray(days) || days.length > L.markedDays) return { days: [], problems: [{ field: 'days', message: M.daysInvalid }] };
  const kept = new Set<string>();
  for (const [i, d] of days.entries()) {
    if (typeof d !== 'string' || !isCalendarDate(d)) return { days: [], problems: [{ field: `days.${i}`, message: M.daysInvalid }] };
    const iso = dayIso(calendarDate(d)!);
    if (iso < window.first || iso > window.last) {
      return { days: [], problems: [{ field: `days.${i}`, message: fill(M.dayOutsideWindow, { window: rangeLabel(window.first, window.last) }) }] };
    }
    kept.add(iso);
  }
  return { days: [...kept].sort(), problems: [] };
}

/**
 * What a member's marked days answer for each range: YES when they cover every day of it (its
 * first and last days included), MAYBE when they cover some of it, NO when none. No days, no answers.
 */
export function answersFromDays<T extends { id: string; startDate: string | null; endDate: string | null }>(
  days: readonly string[],
  options: readonly T[],
): { optionId: string; answer: AnswerValue }[] {
  if (!days.length) return [];
  const marked = new Set(days);
  return options.flatMap((o) => {
    if (!o.startDate || !o.endDate) return [];
    let covered = 0;
    let total = 0;
    for (let d = new Date(`${o.startDate}T00:00:00Z`); dayIso(d) <= o.endDate; d = new Date(d.getTime() + DAY_MS)) {
      total += 1;
      if (marked.has(dayIso(d))) covered += 1;
    }
    const answer: AnswerValue = covered === total ? 'YES' : covered > 0 ? 'MAYBE' : 'NO';
    return [{ optionId: o.id, answer }];
  });
}

export interface ProposeInput {
  nights: unknown;
  from: unknown;
  to: unknown;
  /** Most ranges to propose; at most the poll's option limit. */
  max?: number;
}

/**
 * Ranges of `nights` nights (start day, end day = start + nights) inside the window from `from`
 * to `to` (both days inclusive), spread evenly: starting on the window's first day and ending on
 * its last, as many as `max` (6 unless told). An empty list with a problem when the ask is wrong.
 */
export function proposeRanges(input: ProposeInput): { ranges: { startDate: string; endDate: string }[]; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const nights = typeof input.nights === 'string' ? Number(input.nights) : input.nights;
  if (typeof nights !== 'number' || !Number.isInteger(nights) || nights < 1 || nights > 60) problems.push({ field: 'nights', message: M.proposeNightsInvalid });
  const from = isCalendarDate(input.from) ? calendarDate(input.from) : null;
  const to = isCalendarDate(input.to) ? calendarDate(input.to) : null;
  if (!from || !to) problems.push({ field: 'window', message: M.proposeWindowInvalid });
  if (problems.length) return { ranges: [], problems };
  const n = nights as number;
  const lastStart = (to!.getTime() - from!.getTime()) / DAY_MS - n;
  if (lastStart < 0) return { ranges: [], problems: [{ field: 'window', message: M.proposeWindowInvalid }] };
  const max = Math.max(1, Math.min(input.max ?? 6, L.options));
  const count = Math.min(max, lastStart + 1);
  const starts = new Set<number>();
  for (let i = 0; i < count; i++) starts.add(count === 1 ? 0 : Math.round((i * lastStart) / (count - 1)));
  const ranges = [...starts].map((offset) => {
    const start = new Date(from!.getTime() + offset * DAY_MS);
    return { startDate: dayIso(start), endDate: dayIso(new Date(start.getTime() + n * DAY_MS)) };
  });
  return { ranges, problems };
}

function firstPerField(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (!out.some((p) => p.field === field)) out.push({ field, message: issue.message });
  }
  return out;
}
