import { describe, expect, it } from 'vitest';
import type { RecordMap } from 'relay-runtime/lib/store/RelayStoreTypes';
import { mergeRecords } from '../../web/src/platform/offline/records';

describe('the records kept on the device (web/src/platform/offline/records.ts)', () => {
  it('a page opened after another keeps what the earlier page saved on a shared record (the root), and takes newer values', () => {
    // The checklist page saved the root with its list; a reload on the expenses page holds a root
    // with only its own field, and a newer title for the trip both read.
    const saved = {
      'client:root': { __id: 'client:root', __typename: '__Root', 'checklists(tripId:"t1")': { __ref: 'c1' } },
      t1: { __id: 't1', __typename: 'Trip', name: 'Azores', startDate: '2026-12-01' },
      c1: { __id: 'c1', __typename: 'Checklist', title: 'Ferry bag' },
    } as unknown as RecordMap;
    const current = {
      'client:root': { __id: 'client:root', __typename: '__Root', 'node(id:"t1")': { __ref: 't1' } },
      t1: { __id: 't1', __typename: 'Trip', name: 'Azores and Madeira' },
    } as unknown as RecordMap;
    const merged = mergeRecords(saved, current) as Record<string, Record<string, unknown>>;
    expect(merged['client:root']).toEqual({
      __id: 'client:root',
      __typename: '__Root',
      'checklists(tripId:"t1")': { __ref: 'c1' },
      'node(id:"t1")': { __ref: 't1' },
    });
    expect(merged.t1).toEqual({ __id: 't1', __typename: 'Trip', name: 'Azores and Madeira', startDate: '2026-12-01' });
    expect(merged.c1).toEqual(saved.c1);
  });

  it('a record the store deleted is deleted in what is saved', () => {
    const saved = { x: { __id: 'x', __typename: 'Idea', title: 'Boat' } } as unknown as RecordMap;
    expect(mergeRecords(saved, { x: null } as unknown as RecordMap)).toEqual({ x: null });
  });
});
