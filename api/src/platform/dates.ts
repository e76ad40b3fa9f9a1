/** Calendar dates are stored as DATE columns; Prisma hands them over as UTC midnights. */
export function todayUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** YYYY-MM-DD of a UTC-midnight date, as the REST payloads carry it. */
export function isoDate(d: Date | null | undefined): string | null {
  return d ? d.toISOString().slice(0, 10) : null;
}
