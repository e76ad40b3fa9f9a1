import { describe, expect, it } from 'vitest';
import { ON_TRIP_STATUSES, TripMemberStatus } from '../../api/src/trips/memberStatus';
import { hasStatus, onTripStatus } from '../../api/src/trips/memberStatusSql';

describe('member statuses in raw SQL', () => {
  it('binds the on-trip list from memberStatus.ts, spelling no status in the statement', () => {
    const fragment = onTripStatus('m.status');
    expect(fragment.text).toBe('m.status IN ($1::text::trip_member_status,$2::text::trip_member_status)');
    expect(fragment.values).toEqual(ON_TRIP_STATUSES.map((s) => s.toLowerCase()));
  });

  it('binds one status as the column stores it', () => {
    const fragment = hasStatus('status', TripMemberStatus.INVITED);
    expect(fragment.text).toBe('status = $1::text::trip_member_status');
    expect(fragment.values).toEqual(['invited']);
  });
});
