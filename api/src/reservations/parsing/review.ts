import { REVIEW_FIELDS, type ExtractedReservation, type ExtractionLayer, type ReviewField } from './types.js';

/** Kinds whose departure time matters: a missing one is worth asking about. */
const TIMED = new Set(['FLIGHT', 'TRAIN', 'BUS', 'FERRY']);
const ROUTED = new Set(['FLIGHT', 'TRAIN', 'BUS', 'FERRY']);

/**
 * Which fields of a reading the user should confirm. Structured readings (markup, calendars, a
 * known sender's labels) are trusted for what they hold and asked only about what they lack;
 * the generic readers (the leg reader, the keyword guess) are asked about what they guessed too,
 * and a language model's reading about everything.
 */
export function reviewFieldsOf(r: ExtractedReservation, layer: ExtractionLayer, generic: boolean): ReviewField[] {
  // A language model's reading is confirmed field by field, whatever it holds.
  if (layer === 'model') return [...REVIEW_FIELDS];
  const unsure = new Set<ReviewField>();
  if (!r.date) unsure.add('date');
  if (!r.time && TIMED.has(r.type)) unsure.add('time');
  if (ROUTED.has(r.type) && !(r.fromLocation && r.toLocation)) unsure.add('route');
  if (r.type === 'HOTEL' && !r.endDate) unsure.add('endDate');
  if (layer === 'fallback' || (layer === 'text' && generic)) {
    // The type came from words in the text, or from the shape of a line: either may be wrong.
    unsure.add('type');
    if (r.date) unsure.add('date');
    if (ROUTED.has(r.type)) unsure.add('route');
    else if (!r.location) unsure.add('location');
  }
  return [...unsure];
}

/** Marks every reading of a message with what to confirm (in place). */
export function markForReview(found: { layer: ExtractionLayer; reservations: ExtractedReservation[] }, generic: boolean) {
  for (const r of found.reservations) r.reviewFields = reviewFieldsOf(r, found.layer, generic);
  return found;
}
