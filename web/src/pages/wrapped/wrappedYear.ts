// Straight from its module: the route table (on every page) reads it, and ../../platform/domain is not needed there.
import { WRAPPED_YEARS } from '../../../../api/src/memories/messages';

/** The year an address names (/dashboard/wrapped/2026), or this year when it names none. */
export function wrappedYear(param: string | undefined): number {
  const n = param && /^\d{4}$/.test(param) ? Number(param) : NaN;
  return n >= WRAPPED_YEARS.min && n <= WRAPPED_YEARS.max ? n : new Date().getFullYear();
}
