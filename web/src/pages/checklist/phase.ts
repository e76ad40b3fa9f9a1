/**
 * A trip's phase on the checklist screen, by the traveller's calendar day: upcoming; soon (starts
 * within 7 days: '{n} days away', 'Tomorrow!'); ongoing ('Trip in progress!'); completed.
 */
import { daysBetween } from '../../platform/domain';

export type TripPhase = 'UPCOMING' | 'SOON' | 'ONGOING' | 'COMPLETED';

export const SOON_WITHIN_DAYS = 7;

export interface PhaseBadge {
  phase: TripPhase;
  label: string;
  color: string;
}

export function tripPhase(start: string | null | undefined, end: string | null | undefined, today: string): PhaseBadge {
  if (end && end < today) return { phase: 'COMPLETED', label: 'Trip completed', color: 'gray' };
  if (start && start <= today) return { phase: 'ONGOING', label: 'Trip in progress!', color: 'teal' };
  if (start) {
    const n = daysBetween(today, start);
    if (n <= SOON_WITHIN_DAYS) return { phase: 'SOON', label: n === 1 ? 'Tomorrow!' : `${n} days away`, color: 'yellow' };
  }
  return { phase: 'UPCOMING', label: 'Upcoming', color: 'lagoon' };
}

/** Overdue is the server's rule (api/src/checklists/rules.ts). */
export { isOverdue } from '../../platform/domain';
