import { simpleParser, type ParsedMail } from 'mailparser';
import { fromCalendar } from './ics.js';
import { fromMarkup } from './markup.js';
import { findDates } from './normalize.js';
import { pdfText } from './pdf.js';
import { markForReview } from './review.js';
import { detectSource, fromGeneralText, fromSourceText, fromTextLegs, looksLikeReservation, normalizeText } from './text.js';
import { EXTRACTED_FIELDS, type ExtractedReservation, type ExtractionLayer } from './types.js';

export type { ExtractedReservation, ExtractionLayer } from './types.js';

/** A message's parts that the layers read; a forwarded original's parts are folded in. */
export interface MessageParts {
  messageId: string | null;
  subject: string | null;
  /** The day the message was sent (YYYY-MM-DD, UTC): the year of dates written without one. */
  sentOn: string | null;
  /** The header From address, lower-cased. */
  from: string | null;
  /** Every address the message was sent to (To, Cc, Delivered-To), lower-cased. */
  to: string[];
  html: string[];
  text: string[];
  calendars: string[];
  pdfs: Uint8Array[];
}

export class MalformedMessageError extends Error {}

/** Forwarded originals nested deeper than this are not opened (a message inside a message inside...). */
const MAX_NESTING = 3;
const MAX_PDFS = 3;

const addressesOf = (field: ParsedMail['to']): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address?.toLowerCase() ?? '')).filter(Boolean);

async function collect(mail: ParsedMail, parts: MessageParts, depth: number) {
  if (typeof mail.html === 'string' && mail.html) parts.html.push(mail.html);
  if (mail.text) parts.text.push(mail.text);
  for (const a of mail.attachments) {
    const type = a.contentType.toLowerCase();
    const name = (a.filename ?? '').toLowerCase();
    if (type === 'message/rfc822' || name.endsWith('.eml')) {
      // The original confirmation, forwarded as an attachment: its parts are read as well.
      if (depth < MAX_NESTING) await collect(await simpleParser(a.content), parts, depth + 1);
    } else if (type === 'text/calendar' || type === 'application/ics' || name.endsWith('.ics')) {
      parts.calendars.push(a.content.toString('utf8'));
    } else if ((type === 'application/pdf' || name.endsWith('.pdf')) && parts.pdfs.length < MAX_PDFS) {
      parts.pdfs.push(a.content);
    }
  }
}

/** Parses a raw RFC 822 message; throws MalformedMessageError when it is not one. */
export async function readMessage(raw: Buffer): Promise<MessageParts> {
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, { skipImageLinks: true, maxHtmlLengthToParse: 2_000_000 });
  } catch {
    throw new MalformedMessageError('The message could not be read as an e-mail.');
  }
  const from = addressesOf(mail.from)[0] ?? null;
  if (!from) throw new MalformedMessageError('The message has no sender address.');
  const delivered = [mail.headers.get('delivered-to'), mail.headers.get('x-original-to')].flat().filter((v): v is string => typeof v === 'string');
  const parts: MessageParts = {
    messageId: mail.messageId ?? null,
    subject: mail.subject ?? null,
    sentOn: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString().slice(0, 10) : null,
    from,
    to: [...addressesOf(mail.to), ...addressesOf(mail.cc), ...delivered.map((d) => d.trim().toLowerCase())],
    html: [],
    text: [],
    calendars: [],
    pdfs: [],
  };
  await collect(mail, parts, 0);
  return parts;
}

/** Fills the fields one reading left empty from another reading of the same booking. */
function fillFrom(target: ExtractedReservation, other: ExtractedReservation) {
  for (const field of [...EXTRACTED_FIELDS, 'endDate', 'endTime', 'seat', 'provider'] as const) {
    if (field === 'type' || field === 'title') continue;
    if (target[field] === null && other[field] !== null) target[field] = other[field];
  }
  if (!target.passengers.length) target.passengers = other.passengers;
}

/**
 * Every reservation a message holds: markup first, then calendar attachments, then the text of
 * the message and its PDFs (by the sender's labels, or the general ones). The first layer that
 * finds bookings decides them; when it finds one, the text fills what it left empty.
 */
export async function extractReservations(parts: MessageParts): Promise<{ layer: ExtractionLayer; reservations: ExtractedReservation[] }> {
  const { found, generic } = await read(parts);
  return markForReview(found, generic);
}

type Reading = { layer: ExtractionLayer; reservations: ExtractedReservation[] };

/** The reading, and whether a generic reader (not markup, a calendar or a sender's labels) made it. */
async function read(parts: MessageParts): Promise<{ found: Reading; generic: boolean }> {
  const pdfTexts = await Promise.all(parts.pdfs.map(pdfText));
  const body = [...parts.text, ...pdfTexts].join('\n\n');
  const text = normalizeText(parts.subject, body);
  const source = detectSource(text);
  // Dates without a year are read against the text's own earliest full date (usually the day it
  // was booked), else the day the message was sent: a forward can come long after the booking.
  const written = findDates(text, null)
    .map((d) => d.value)
    .sort()[0];
  const reference = written ?? parts.sentOn;
  const fromText = source ? fromSourceText(source, text, parts.subject) : fromGeneralText(text, parts.subject, reference);

  const markup = parts.html.flatMap(fromMarkup);
  const calendar = markup.length ? [] : parts.calendars.flatMap((c) => fromCalendar(c, parts.sentOn));
  const found = markup.length ? { layer: 'markup' as const, reservations: markup } : calendar.length ? { layer: 'ics' as const, reservations: calendar } : null;
  if (found) {
    if (found.reservations.length === 1) fillFrom(found.reservations[0]!, fromText);
    return { found, generic: false };
  }
  if (source) return { found: { layer: 'text', reservations: [fromText] }, generic: false };
  const legs = fromTextLegs(text, reference);
  if (legs.length) return { found: { layer: 'text', reservations: legs }, generic: true };
  return { found: { layer: 'fallback', reservations: looksLikeReservation(fromText) ? [fromText] : [] }, generic: true };
}
