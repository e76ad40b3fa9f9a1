import { completeValue, RootFieldBuilder } from '@pothos/core';
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { GraphQLResolveInfo } from 'graphql';

type Resolver = (parent: unknown, args: unknown, context: unknown, info: GraphQLResolveInfo) => unknown;
type GlobalIdValue = { type: unknown; id: unknown } | string | null | undefined;
interface FieldBuilderInternals {
  builder: {
    configStore: { getTypeConfig(ref: unknown): { name: string } };
    options: { relay?: { encodeGlobalID?: (typename: string, id: string, context: unknown) => string } };
  };
  field(options: Record<string, unknown>): unknown;
}

/**
 * Global ids answered synchronously. The relay plugin writes every global id field (the `id` of
 * each node, `t.globalID` fields) as an `async` resolver, so every User and Trip of a list held a
 * promise: the executor then tracks each such object through promises (an allocation per field
 * of it, and a turn of the microtask queue): on the trips list (16 trips × 8 people) that was a
 * fifth of the CPU time and a third of the memory allocated per request. This is the same field, encoded the same way (the builder's own
 * `relay.encodeGlobalID` when it has one), and a promise only when the id itself is one.
 *
 * Installed on the field builders' prototype, as the relay plugin installs its own, before the
 * schema is built (graphql/builder.ts imports this module).
 */
(RootFieldBuilder.prototype as unknown as { globalID: (this: FieldBuilderInternals, options: { resolve: Resolver }) => unknown }).globalID = function globalID(
  this: FieldBuilderInternals,
  { resolve, ...options },
) {
  const { builder } = this;
  return this.field({
    ...options,
    type: 'ID',
    resolve: (parent: unknown, args: unknown, context: unknown, info: GraphQLResolveInfo) =>
      completeValue(resolve(parent, args, context, info) as GlobalIdValue | PromiseLike<GlobalIdValue>, (result) => {
        if (!result || typeof result !== 'object') return result;
        const typename = builder.configStore.getTypeConfig(result.type).name;
        const encode = builder.options.relay?.encodeGlobalID;
        return encode ? encode(typename, String(result.id), context) : encodeGlobalID(typename, String(result.id));
      }),
  });
};
