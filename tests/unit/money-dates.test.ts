import { describe, expect, it } from 'vitest';
import { csvHeader, CSV_HEADER } from '../../api/src/expenses/csv.js';
import { dayIn } from '../../web/src/platform/timeZone.js';

describe('money dates in the trip’s zone', () => {
  it('dates an instant by the calendar of the trip’s place', () => {
    // 23:30 UTC on 31 December is already New Year's Day in Tokyo, still New Year's Eve in Honolulu.
    const at = Date.UTC(2029, 11, 31, 23, 30);
    expect(dayIn('Asia/Tokyo', at)).toBe('2030-01-01');
    expect(dayIn('Pacific/Honolulu', at)).toBe('2029-12-31');
    expect(dayIn('UTC', at)).toBe('2029-12-31');
  });

  it('names the zone in the export’s date column when the trip has one', () => {
    expect(csvHeader('Europe/Lisbon')[0]).toBe('Date (Europe/Lisbon)');
    expect(csvHeader(null)).toEqual(CSV_HEADER);
  });
});
