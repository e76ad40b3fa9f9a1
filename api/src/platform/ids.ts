/**
 * Ids arrive from URLs, bodies and decoded global ids; a malformed one is simply "not found".
 * Checked before any query, since PostgreSQL rejects a non-uuid compared with a uuid column
 * with a server error (PGlite would answer "no row", hiding the bug in tests).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (s: unknown): s is string => typeof s === 'string' && UUID.test(s);
