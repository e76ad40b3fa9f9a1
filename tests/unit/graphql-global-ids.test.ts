import { describe, expect, it } from 'vitest';
import type { GraphQLObjectType, GraphQLResolveInfo } from 'graphql';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { schema } from '../../api/src/server/schema.js';

// graphql/globalIds.ts: the relay plugin's global id fields answer with a promise each; ours
// answer at once, encoded the same way.
describe('global id fields', () => {
  const resolver = (type: string, field: string) => (schema.getType(type) as GraphQLObjectType).getFields()[field].resolve!;

  it('answer synchronously with the relay encoding', () => {
    const value = resolver('RemoveFriendPayload', 'removedFriendshipId')({ removedFriendshipId: 'f-1' }, {}, {}, {} as GraphQLResolveInfo);
    expect(value).not.toBeInstanceOf(Promise);
    expect(value).toBe(encodeGlobalID('Friendship', 'f-1'));
  });
});
