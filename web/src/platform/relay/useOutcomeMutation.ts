/**
 * The one way a screen runs a mutation: a hook per mutation (`useCreateTrip`, ...) builds on
 * `useOutcomeMutation`, whose `run` commits and settles on an `Outcome` (platform/outcome). The
 * promise never rejects: a failed request is a `networkFailure` with the hook's fallback message,
 * and so is a `settle` that throws.
 *
 *   const [run, inFlight] = useOutcomeMutation<useDeletePhotoMutation>(Mutation);
 *   const remove = (id: string) =>
 *     run({ variables: { input: { id } } }, PhotoMessages.deleteFailed, ({ deletePhoto: r }) =>
 *       payloadOutcome(r, 'DeletePhotoPayload', PhotoMessages.deleteFailed));
 */
import { useCallback } from 'react';
import { useMutation, type UseMutationConfig } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters, PayloadError } from 'relay-runtime';
import { networkFailure, payloadOutcome, type Outcome, type ResultLike } from '../outcome';

/** What a hook passes to `commit`: everything but the callbacks, which `run` owns. */
export type OutcomeMutationConfig<M extends MutationParameters> = Omit<UseMutationConfig<M>, 'onCompleted' | 'onError'>;

/** Turns the server's answer into the hook's outcome (usually through `payloadOutcome`). */
export type Settle<M extends MutationParameters, T> = (response: M['response'], errors: readonly PayloadError[] | null) => Outcome<T>;

export type RunMutation<M extends MutationParameters> = <T>(config: OutcomeMutationConfig<M>, fallback: string, settle: Settle<M, T>) => Promise<Outcome<T>>;

export function useOutcomeMutation<M extends MutationParameters>(node: GraphQLTaggedNode): [RunMutation<M>, boolean] {
  const [commit, inFlight] = useMutation<M>(node);
  const run = useCallback(
    <T>(config: OutcomeMutationConfig<M>, fallback: string, settle: Settle<M, T>) =>
      new Promise<Outcome<T>>((resolve) => {
        commit({
          ...config,
          onCompleted: (response, errors) => {
            try {
              resolve(settle(response, errors ?? null));
            } catch {
              resolve(networkFailure(fallback));
            }
          },
          onError: () => resolve(networkFailure(fallback)),
        });
      }),
    [commit],
  ) as RunMutation<M>;
  return [run, inFlight];
}

/**
 * The common shape: the mutation's root `field` answers `payloadType` or a typed error; the
 * outcome is ok (true) or the server's message. A field left null by a GraphQL error (access
 * refused, say) reads as that error's message. The admin console's hooks are all of this shape.
 */
export function usePayloadMutation<M extends MutationParameters>(
  node: GraphQLTaggedNode,
  field: string,
  payloadType: string,
  fallback: string,
): [(variables: M['variables']) => Promise<Outcome<true>>, boolean] {
  const [run, inFlight] = useOutcomeMutation<M>(node);
  const send = useCallback(
    (variables: M['variables']) =>
      run({ variables }, fallback, (response, errors) => {
        const result = (response as Record<string, ResultLike | null>)[field];
        if (!result) return { ok: false, message: errors?.[0]?.message ?? fallback, field: null, refused: Boolean(errors?.length) };
        return payloadOutcome(result, payloadType, fallback);
      }),
    [run, field, payloadType, fallback],
  );
  return [send, inFlight];
}
