/** Place search: the numbers the product promises. */
export const PLACE_SEARCH = {
  /** Queries shorter than this (after trimming) answer nothing. */
  minChars: 2,
  /** Suggestions per query, whichever source answers. */
  maxResults: 5,
  /** Secondary text keeps at most this many comma-separated parts. */
  secondaryParts: 3,
  /** Longest accepted query (GraphQL refuses longer input, REST answers INVALID_REQUEST). */
  maxQueryLength: 200,
  /** The client waits this long after the last keystroke before asking (web side). */
  debounceMs: 300,
  /** An online provider that has not answered by then is abandoned for the gazetteer. */
  providerTimeoutMs: 3000,
  /** A larger answer is cut off and the gazetteer answers (five results weigh a few KiB). */
  providerMaxBytes: 256 * 1024,
} as const;

/** One suggestion of the place search. */
export interface Place {
  /** Stable id: `city:<geonameid>` (a town) or `place:<slug>` (notable-places.ts) from the gazetteer, `osm:<N|W|R><id>` from an online provider. */
  placeId: string;
  /** The place itself, e.g. "Paris". */
  mainText: string;
  /** Region and country, e.g. "Île-de-France, France"; at most 3 comma parts; may be empty. */
  secondaryText: string;
  /** The full text, "main, secondary". */
  description: string;
  lat: number;
  lng: number;
}

/** Where a search leans: a trip's destination, whose nearby places come first (gazetteer.ts). */
export interface SearchBias {
  lat: number;
  lng: number;
}

/** Where a suggestion came from (for logs and tests). */
export type PlaceSource = 'gazetteer' | 'photon' | 'nominatim';

/** `a, b, c, d` -> `a, b, c`: trims the parts, drops empty and repeated ones, keeps the first `max`. */
export function trimParts(parts: (string | null | undefined)[], max: number = PLACE_SEARCH.secondaryParts): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of parts) {
    const part = (raw ?? '').trim();
    if (!part || seen.has(part.toLowerCase())) continue;
    seen.add(part.toLowerCase());
    kept.push(part);
    if (kept.length === max) break;
  }
  return kept.join(', ');
}

export function describe(mainText: string, secondaryText: string): string {
  return secondaryText ? `${mainText}, ${secondaryText}` : mainText;
}
