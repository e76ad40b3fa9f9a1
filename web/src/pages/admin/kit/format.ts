import { readerDate } from '../../../components/dateFormat';
/** A Relay global id's database id (the console shows its first 8 characters). */
export const recordId = (globalId: string) => {
  try {
    const decoded = atob(globalId);
    return decoded.slice(decoded.indexOf(':') + 1);
  } catch {
    return globalId;
  }
};

export const dateOnly = (iso: unknown) => (iso ? readerDate(iso) : '—');

/** A date as 'Mar 4, 2026' (in the reader's locale). */
export const mediumDate = (iso: string) => readerDate(iso, { year: 'numeric', month: 'short', day: 'numeric' });
