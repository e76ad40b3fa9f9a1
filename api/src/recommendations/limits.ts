/** The numbers the specification gives for recommendations (section 9), and our own guards. */
export const RECOMMENDATIONS = {
  restaurants: { radiusMeters: 4000, fetched: 50, shown: 5 },
  attractions: { radiusMeters: 6000, fetched: 50, shown: 5 },
  articles: { radiusMeters: 10_000, fetched: 10, shown: 5 },
  /** A provider that has not answered (body included) by then is given up: the list stays empty. */
  timeoutMs: 4000,
  /** Answers larger than this are not read to the end (50 places with their tags are ~100 KB). */
  maxResponseBytes: 1024 * 1024,
  /** Answers per centre are kept this long, so a busy trip page asks the providers once. */
  cacheTtlMs: 30 * 60_000,
  /** After a failure, the empty answer is kept only this long before the providers are asked again. */
  failureTtlMs: 60_000,
  /** Centres remembered at once (least recently used forgotten first). */
  cacheSize: 500,
  /** Text from providers is cut to these lengths before it reaches clients. */
  maxNameLength: 200,
  maxExtractLength: 400,
  maxUrlLength: 2000,
} as const;
