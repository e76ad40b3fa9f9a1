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
import { useMutation, useRelayEnvironment, type UseMutationConfig } from 'react-relay';
import {
  createOperationDescriptor,
  getRequest,
  type GraphQLTaggedNode,
  type MutationParameters,
  type PayloadData,
  type PayloadError,
  type StoreUpdater,
} from 'relay-runtime';
import { isNetworkFailure, isOnline, NEEDS_NETWORK } from '../offline/network';
import { enqueue, queueSnapshot } from '../offline/queue';
import { networkFailure, payloadOutcome, type Outcome, type ResultLike } from '../outcome';
import { newRequestKey } from './environment';

/** What a hook passes to `commit`: everything but the callbacks, which `run` owns. */
export type OutcomeMutationConfig<M extends MutationParameters> = Omit<UseMutationConfig<M>, 'onCompleted' | 'onError'>;

/** Turns the server's answer into the hook's outcome (usually through `payloadOutcome`). */
export type Settle<M extends MutationParameters, T> = (response: M['response'], errors: readonly PayloadError[] | null) => Outcome<T>;

/**
 * A change that may be made offline (platform/offline/queue.ts): without a network it is kept
 * and sent later, its optimistic update stays on screen meanwhile, and `run` settles at once
 * with `value` (`wasQueued` tells the screen it waits).
 */
export interface OfflineChange<T> {
  /** What waits, as the reader would say it ("Add expense “Taxi”"). */
  label: string;
  /** The thing it changes (marked "Waiting" on screen). */
  targetId?: string | null;
  /** Where it is listed among waiting changes (a checklist's or trip's id). */
  scope?: string | null;
  /** A later change of the same `targetId` replaces this one while both wait (drafts). */
  replaces?: boolean;
  /** Called with the server's answer when the change is sent from this page. */
  onSent?: (data: PayloadData) => void;
  value: T;
}

export type RunMutation<M extends MutationParameters> = <T>(
  config: OutcomeMutationConfig<M>,
  fallback: string,
  settle: Settle<M, T>,
  offline?: OfflineChange<T>,
) => Promise<Outcome<T>>;

const queuedOutcomes = new WeakSet<object>();
/** Whether an outcome is of a change kept offline, waiting for the network. */
export const wasQueued = (outcome: Outcome<unknown>) => queuedOutcomes.has(outcome);

export function useOutcomeMutation<M extends MutationParameters>(node: GraphQLTaggedNode): [RunMutation<M>, boolean] {
  const [commit, inFlight] = useMutation<M>(node);
  const environment = useRelayEnvironment();
  const run = useCallback(
    <T>(config: OutcomeMutationConfig<M>, fallback: string, settle: Settle<M, T>, offline?: OfflineChange<T>) =>
      new Promise<Outcome<T>>((resolve) => {
        // One key per change, the same for its every retry and its replay from the queue.
        const key = newRequestKey();
        const queue = (change: OfflineChange<T>) => {
          const request = getRequest(node);
          const optimistic = config.optimisticUpdater ? environment.applyUpdate({ storeUpdater: config.optimisticUpdater as unknown as StoreUpdater }) : null;
          enqueue(
            {
              key,
              operationName: request.params.name,
              documentId: request.params.id ?? null,
              text: request.params.text ?? null,
              variables: config.variables,
              label: change.label,
              targetId: change.targetId ?? null,
              scope: change.scope ?? null,
              replaces: change.replaces ?? false,
              createdAt: new Date().toISOString(),
            },
            (response) => {
              optimistic?.dispose();
              const data = (response as { data?: PayloadData | null } | null)?.data;
              if (!data) return;
              environment.commitPayload(createOperationDescriptor(request, config.variables), data);
              change.onSent?.(data);
            },
          ).then(
            () => {
              const outcome: Outcome<T> = { ok: true, value: change.value };
              queuedOutcomes.add(outcome);
              resolve(outcome);
            },
            () => {
              optimistic?.dispose();
              resolve(networkFailure(fallback));
            },
          );
        };
        const canQueue = offline && queueSnapshot().userId;
        if (canQueue && !isOnline()) return queue(offline);
        // A change that cannot wait (an invitation, say) says so at once rather than fail slowly.
        if (!isOnline()) return resolve(networkFailure(NEEDS_NETWORK));
        // commitMutation takes a cacheConfig (useMutation passes it on; its type leaves it out):
        // the network layer sends the key from its metadata.
        const withKey = { ...config, cacheConfig: { metadata: { idempotencyKey: key } } } as OutcomeMutationConfig<M>;
        commit({
          ...withKey,
          onCompleted: (response, errors) => {
            try {
              resolve(settle(response, errors ?? null));
            } catch {
              resolve(networkFailure(fallback));
            }
          },
          // A request that never reached the server because the device went offline meanwhile is
          // kept for later too (with the browser still online, the failure is reported as ever).
          onError: (error) =>
            canQueue && isNetworkFailure(error) && !isOnline() ? queue(offline) : resolve(networkFailure(isOnline() ? fallback : NEEDS_NETWORK)),
        });
      }),
    [commit, environment, node],
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
