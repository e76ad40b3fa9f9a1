/** The trip's days (YYYY-MM-DD) from its first to its last, for "Add to plan"; none when it has no dates. */
export function tripDays(start: string | null | undefined, end: string | null | undefined, max = 60): string[] {
  if (!start || !end) return [];
  const out: string[] = [];
  for (let d = new Date(`${start}T00:00:00Z`); d <= new Date(`${end}T00:00:00Z`) && out.length < max; d = new Date(d.getTime() + 86_400_000)) {
    out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

export { dayLabel } from '../../components/dateFormat';
