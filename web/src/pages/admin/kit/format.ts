import { readerDate } from '../../../components/dateFormat';
import { ownId } from '../../../platform/globalId';
/** A Relay global id's database id (the console shows its first 8 characters). */
export const recordId = (globalId: string) => ownId(globalId);

export const dateOnly = (iso: unknown) => (iso ? readerDate(iso) : '—');

/** A date as 'Mar 4, 2026' (in the reader's locale). */
export const mediumDate = (iso: string) => readerDate(iso, { year: 'numeric', month: 'short', day: 'numeric' });
