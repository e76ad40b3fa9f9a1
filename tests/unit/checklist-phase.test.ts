import { describe, expect, it } from 'vitest';
import { isOverdue, tripPhase } from '../../web/src/pages/checklist/phase.js';

describe('trip phase on the checklist screen', () => {
  const today = '2030-05-10';
  it('says upcoming, soon with days or Tomorrow!, in progress, completed', () => {
    const label = (start: string | null, end: string | null) => tripPhase(start, end, today);
    expect(label('2030-05-25', '2030-05-30')).toMatchObject({ phase: 'UPCOMING', label: 'Upcoming' });
    expect(label('2030-05-18', '2030-05-30')).toMatchObject({ phase: 'UPCOMING' });
    expect(label('2030-05-17', '2030-05-30')).toMatchObject({ phase: 'SOON', label: '7 days away' });
    expect(label('2030-05-12', null)).toMatchObject({ phase: 'SOON', label: '2 days away' });
    expect(label('2030-05-11', '2030-05-12')).toMatchObject({ phase: 'SOON', label: 'Tomorrow!' });
    expect(label('2030-05-10', '2030-05-10')).toMatchObject({ phase: 'ONGOING', label: 'Trip in progress!' });
    expect(label('2030-05-01', null)).toMatchObject({ phase: 'ONGOING' });
    expect(label('2030-05-01', '2030-05-09')).toMatchObject({ phase: 'COMPLETED', label: 'Trip completed' });
    expect(label(null, null)).toMatchObject({ phase: 'UPCOMING', label: 'Upcoming' });
  });

  it('calls an open item overdue once its day has passed, never a ticked one', () => {
    expect(isOverdue('2030-05-09', false, today)).toBe(true);
    expect(isOverdue('2030-05-10', false, today)).toBe(false);
    expect(isOverdue('2030-05-09', true, today)).toBe(false);
    expect(isOverdue(null, false, today)).toBe(false);
  });
});
