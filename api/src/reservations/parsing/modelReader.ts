import type { ReservationReaderConfig } from '../../platform/config.js';
import { fetchJsonLimited, ProviderAnswerError } from '../../platform/fetchJson.js';
import { ReservationSchema } from '../validation.js';
import { emptyReservation, REVIEW_FIELDS, RESERVATION_KINDS, type ExtractedReservation } from './types.js';

/** Characters of a message sent to the model at most: a confirmation's substance fits well within. */
export const MODEL_TEXT_MAX = 12_000;
/** Bytes of the model's answer read at most, and reservations taken from it. */
const ANSWER_MAX_BYTES = 64 * 1024;
const RESERVATIONS_MAX = 10;

const FIELDS =
  'type (one of ' +
  RESERVATION_KINDS.join(', ') +
  '), title, date (YYYY-MM-DD), time (HH:MM, 24-hour, local), endDate, endTime (arrival, check-out or end), location, ' +
  'confirmationNumber, fromLocation, toLocation (transport: stations, stops or IATA airport codes), airline, passengers (list of names), seat, provider';

const INSTRUCTIONS = [
  'You read travel booking confirmations and answer with JSON only: {"reservations": [ ... ]}.',
  `Each reservation (one per flight leg, train leg, stay, event, table or rental) has: ${FIELDS}.`,
  'Use null for anything the text does not say; never guess. Dates without a year fall on or after the day the message was sent.',
  'If the text holds no booking, answer {"reservations": []}.',
].join('\n');

/** The answer's JSON: the message content, without the code fence some models wrap it in. */
function contentOf(answer: unknown): unknown {
  const content = (answer as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') return null;
  const json = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

/**
 * One item of the model's answer, checked by the same schema as the edit form (types, lengths,
 * calendar days, clock times, an end after the start); null when it does not pass. Everything it
 * says is for the user to confirm.
 */
function reservationOf(item: unknown): ExtractedReservation | null {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return null;
  const parsed = ReservationSchema.safeParse({ ...item, notes: null });
  if (!parsed.success) return null;
  const v = parsed.data;
  const r = emptyReservation(v.type, v.title);
  Object.assign(r, {
    date: v.date,
    time: v.time,
    endDate: v.endDate,
    endTime: v.endTime,
    location: v.location,
    confirmationNumber: v.confirmationNumber,
    fromLocation: v.fromLocation,
    toLocation: v.toLocation,
    airline: v.airline,
    passengers: v.passengers,
    seat: v.seat,
    provider: v.provider,
    reviewFields: [...REVIEW_FIELDS],
  });
  return r;
}

/**
 * Asks the configured model to read a confirmation the rules could not. Its text is cut to
 * MODEL_TEXT_MAX; the call has the configured deadline and an answer size cap. Throws
 * ProviderAnswerError when the endpoint fails or its answer is not the JSON asked for; items
 * that do not pass the schema are left out.
 */
export async function readWithModel(
  reader: ReservationReaderConfig,
  message: { subject: string | null; text: string; sentOn: string | null },
): Promise<ExtractedReservation[]> {
  const body = [`Sent on: ${message.sentOn ?? 'unknown'}`, `Subject: ${message.subject ?? ''}`, '', message.text].join('\n').slice(0, MODEL_TEXT_MAX);
  const answer = await fetchJsonLimited(
    reader.url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(reader.key ? { authorization: `Bearer ${reader.key}` } : {}) },
      body: JSON.stringify({
        model: reader.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: body },
        ],
      }),
    },
    { timeoutMs: reader.timeoutMs, maxBytes: ANSWER_MAX_BYTES },
  );
  const json = contentOf(answer);
  const items = Array.isArray(json) ? json : (json as { reservations?: unknown } | null)?.reservations;
  if (!Array.isArray(items)) throw new ProviderAnswerError('answer holds no list of reservations in JSON');
  return items
    .slice(0, RESERVATIONS_MAX)
    .map(reservationOf)
    .filter((r): r is ExtractedReservation => r !== null);
}
