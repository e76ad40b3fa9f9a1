import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { nodeId, ownId } from '../../web/src/platform/globalId';
import { tripIdOf, tripNodeId } from '../../web/src/pages/trips/ids';

const uuid = '0b9d7c1e-4a5f-4c3e-9d2a-7f1e2b3c4d5e';

describe("the web's global ids agree with the API's (Pothos' relay plugin)", () => {
  it('writes the id the API writes, and reads back the one it reads', () => {
    for (const type of ['Trip', 'Story', 'User', 'AdminGuide']) {
      expect(nodeId(type, uuid)).toBe(encodeGlobalID(type, uuid));
      expect(ownId(encodeGlobalID(type, uuid))).toBe(decodeGlobalID(nodeId(type, uuid)).id);
    }
  });

  it('keeps what is not a global id of the type asked for', () => {
    expect(ownId(encodeGlobalID('Story', uuid), 'Trip')).toBe(encodeGlobalID('Story', uuid));
    expect(ownId(uuid)).toBe(uuid);
    expect(ownId('not base64!')).toBe('not base64!');
    expect(ownId(btoa('no colon here'))).toBe(btoa('no colon here'));
  });

  it('addresses a trip by its own id and hands Relay the global one', () => {
    expect(tripNodeId(uuid)).toBe(encodeGlobalID('Trip', uuid));
    expect(tripNodeId(encodeGlobalID('Trip', uuid))).toBe(encodeGlobalID('Trip', uuid));
    expect(tripIdOf(encodeGlobalID('Trip', uuid))).toBe(uuid);
    expect(tripIdOf(uuid)).toBe(uuid);
  });
});
