import { z } from 'zod';
import { isCalendarDate } from '../platform/calendarDate.js';
import { parseInput } from '../platform/validation.js';
import { RESERVATION_FIELD_LABELS, RESERVATION_LIMITS, ReservationMessages as M } from './messages.js';
import { RESERVATION_KINDS } from './parsing/types.js';

const blank = (v: unknown) => {
  const t = typeof v === 'string' ? v.trim() : v;
  return t === '' || t === undefined ? null : t;
};
const tooLong = (field: keyof typeof RESERVATION_LIMITS) =>
  M.tooLong.replace('{label}', RESERVATION_FIELD_LABELS[field]).replace('{max}', String(RESERVATION_LIMITS[field]));
type TextField = Exclude<keyof typeof RESERVATION_LIMITS, 'passengerCount'>;
const text = (field: TextField) => z.preprocess(blank, z.string({ error: M.notText }).max(RESERVATION_LIMITS[field], tooLong(field)).nullable());

const day = z.preprocess(blank, z.string({ error: M.invalidDate }).refine(isCalendarDate, M.invalidDate).nullable());
const clock = z.preprocess(
  blank,
  z
    .string({ error: M.invalidTime })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.invalidTime)
    .nullable(),
);

/**
 * A reservation's fields as the edit form (GraphQL) and `update-reservation` (REST) send them.
 * Every field is replaced: one left out or empty is cleared, except the title, which is required.
 * Passengers come as a list or as names separated by commas.
 */
export const ReservationSchema = z
  .object({
    title: z.preprocess(blank, z.string({ error: M.titleRequired }).max(RESERVATION_LIMITS.title, tooLong('title'))),
    type: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(RESERVATION_KINDS, { error: M.invalidType })),
    date: day,
    time: clock,
    endDate: day,
    endTime: clock,
    location: text('location'),
    confirmationNumber: text('confirmationNumber'),
    fromLocation: text('fromLocation'),
    toLocation: text('toLocation'),
    airline: text('airline'),
    passengers: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(/[,;\n]/) : (v ?? [])),
      z
        .array(z.preprocess(blank, z.string({ error: M.notText }).max(RESERVATION_LIMITS.passenger, tooLong('passenger')).nullable()), { error: M.notText })
        .transform((names) => names.filter((n): n is string => n !== null))
        .refine((names) => names.length <= RESERVATION_LIMITS.passengerCount, M.tooManyPassengers.replace('{max}', String(RESERVATION_LIMITS.passengerCount))),
    ),
    seat: text('seat'),
    provider: text('provider'),
    notes: text('notes'),
  })
  .refine((r) => !r.endDate || !r.date || r.endDate > r.date || (r.endDate === r.date && (!r.endTime || !r.time || r.endTime >= r.time)), {
    message: M.endBeforeStart,
    path: ['endDate'],
  });
export type ReservationInput = { [K in keyof z.input<typeof ReservationSchema>]?: unknown };
export type ReservationData = z.output<typeof ReservationSchema>;

export const validateReservation = (input: ReservationInput): ReservationData => parseInput(ReservationSchema, input);
