import { simpleParser, type ParsedMail } from 'mailparser';
import { fromCalendar } from './ics.js';
import { fromMarkup } from './markup.js';
import { findDates } from './normalize.js';
import type { ReservationReaderConfig } from '../../platform/config.js';
import { findBcbp, fromBoardingPass, parseBcbp } from './bcbp.js';
import { imageCodes, readPdf } from './pdf.js';
import { readWithModel } from './modelReader.js';
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
  /** PNG and JPEG attachments small enough to hold a boarding pass's barcode. */
  images: Uint8Array[];
}

export class MalformedMessageError extends Error {}

/** Forwarded originals nested deeper than this are not opened (a message inside a message inside...). */
const MAX_NESTING = 3;
const MAX_PDFS = 3;
const MAX_IMAGES = 4;
/** A barcode picture is a few kilobytes; a larger image is a photo or a banner. */
const MAX_IMAGE_BYTES = 1_000_000;

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
    } else if ((type === 'image/png' || type === 'image/jpeg') && a.content.length <= MAX_IMAGE_BYTES && parts.images.length < MAX_IMAGES) {
      parts.images.push(a.content);
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
    images: [],
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

/** What extraction may use beyond the rules: the optional language-model reader. */
export interface ExtractOptions {
  reader?: ReservationReaderConfig;
  /** Told why the model's reading was not used (its endpoint failed): for the logs. */
  onReaderError?: (err: unknown) => void;
}

/**
 * Every reservation a message holds: markup first, then calendar attachments, boarding-pass
 * barcodes, then the text of the message and its PDFs (by the sender's labels, or the general
 * ones). The first layer that finds bookings decides them; when it finds one, the text fills what
 * it left empty. When the rules find nothing or too little and a model is configured, the model
 * reads the text; its reading replaces theirs when it holds a valid reservation, all to review.
 */
export async function extractReservations(
  parts: MessageParts,
  options: ExtractOptions = {},
): Promise<{ layer: ExtractionLayer; reservations: ExtractedReservation[] }> {
  const { found, generic, text } = await read(parts);
  if (options.reader && tooLittle(found)) {
    try {
      const reservations = await readWithModel(options.reader, { subject: parts.subject, text, sentOn: parts.sentOn });
      if (reservations.length) return markForReview({ layer: 'model', reservations }, true);
    } catch (err) {
      options.onReaderError?.(err);
    }
  }
  return markForReview(found, generic);
}

/** Nothing found, only the keyword guess, or not one reservation with its day. */
const tooLittle = (found: Reading) => !found.reservations.length || found.layer === 'fallback' || found.reservations.every((r) => !r.date);

/**
 * The text without the dates that describe a traveller rather than the trip: reservation-system
 * passport lines ("SSRDOCS.../07JAN76/F/05JUN23/...") and a child's birth date after its name
 * ("KONQUI/LITTLE*07JAN2007"), or lines naming a birth date or a document's expiry.
 */
function withoutPersonalDates(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/SSR\s?DOCS|date of birth|\bDOB\b|geburtsdatum|date de naissance|fecha de nacimiento|passport expir|expiry date/i.test(line))
    .join('\n')
    .replace(/\*\d{2}[A-Z]{3}\d{2,4}\b/g, '');
}

/**
 * The day a text's dates without a year are read against: its earliest full date in the year it
 * writes most, so that one stray year (a typing slip, an old date in a footer) does not move every
 * other day; on a tie, the earliest full date.
 */
export function referenceDay(days: string[]): string | null {
  const count = new Map<string, number>();
  for (const d of days) count.set(d.slice(0, 4), (count.get(d.slice(0, 4)) ?? 0) + 1);
  const most = Math.max(0, ...count.values());
  const leaders = [...count].filter(([, n]) => n === most).map(([year]) => year);
  const sorted = [...days].sort();
  return (leaders.length === 1 ? sorted.find((d) => d.startsWith(leaders[0]!)) : sorted[0]) ?? null;
}

type Reading = { layer: ExtractionLayer; reservations: ExtractedReservation[] };

/** The rules' reading, whether a generic reader (not markup, a calendar or a sender's labels) made it, and the text it read. */
async function read(parts: MessageParts): Promise<{ found: Reading; generic: boolean; text: string }> {
  const pdfs = await Promise.all(parts.pdfs.map(readPdf));
  const body = [...parts.text, ...pdfs.map((p) => p.text)].join('\n\n');
  const text = normalizeText(parts.subject, body);
  const source = detectSource(text);
  // Dates without a year are read against the text's own earliest full date (usually the day it
  // was booked), else the day the message was sent: a forward can come long after the booking.
  const written = referenceDay(findDates(withoutPersonalDates(text), null).map((d) => d.value));
  const reference = written ?? parts.sentOn;
  const fromText = source ? fromSourceText(source, text, parts.subject, reference) : fromGeneralText(text, parts.subject, reference);

  const markup = parts.html.flatMap(fromMarkup);
  const calendar = markup.length ? [] : parts.calendars.flatMap((c) => fromCalendar(c, parts.sentOn));
  const found = markup.length ? { layer: 'markup' as const, reservations: markup } : calendar.length ? { layer: 'ics' as const, reservations: calendar } : null;
  if (found) {
    if (found.reservations.length === 1) fillFrom(found.reservations[0]!, fromText);
    return { found, generic: false, text };
  }
  const legs = fromTextLegs(text, reference);
  const boarding = await boardingPasses(
    parts,
    pdfs.flatMap((p) => p.codes),
    text,
  );
  if (boarding.length) {
    for (const r of boarding) {
      // The barcode says who, where and which day; the printed pass says when it leaves and lands.
      const code = r.title.split(':')[0]!.replace(/\s/g, '');
      const leg = legs.find((l) => l.title.replace(/\s/g, '').includes(code)) ?? (boarding.length === 1 ? fromText : null);
      if (leg && (!leg.date || leg.date === r.date)) fillFrom(r, leg);
      if (r.date && r.time && r.endTime && !r.endDate) r.endDate = r.endTime >= r.time ? r.date : nextDay(r.date);
    }
    return { found: { layer: 'barcode', reservations: boarding }, generic: false, text };
  }
  if (source) return { found: { layer: 'text', reservations: [fromText] }, generic: false, text };
  if (legs.length) return { found: { layer: 'text', reservations: legs }, generic: true, text };
  return { found: { layer: 'fallback', reservations: looksLikeReservation(fromText) ? [fromText] : [] }, generic: true, text };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Boarding passes: IATA BCBP strings in the PDFs' barcodes, written out in the text, or in the
 * barcodes of image attachments (decoded only when nothing else held one).
 */
async function boardingPasses(parts: MessageParts, pdfCodes: string[], text: string): Promise<ExtractedReservation[]> {
  let codes = [...pdfCodes, ...findBcbp(text)];
  if (!codes.some((c) => parseBcbp(c))) {
    for (const image of parts.images) codes = [...codes, ...(await imageCodes(image))];
  }
  const seen = new Set<string>();
  return [...new Set(codes)]
    .flatMap((code) => {
      const pass = parseBcbp(code);
      return pass ? fromBoardingPass(pass, parts.sentOn) : [];
    })
    .filter((r) => {
      // The same leg printed on two passes (or twice on one) is one reservation.
      const key = `${r.title}|${r.date}`;
      return !seen.has(key) && Boolean(seen.add(key));
    });
}
