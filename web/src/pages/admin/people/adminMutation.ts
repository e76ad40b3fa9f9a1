import { useCallback } from 'react';
import { useMutation } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { failed, networkFailure, type Outcome } from '../../../platform/outcome';

/**
 * The console's mutations all answer a payload or a typed error; this turns one into an
 * `Outcome` for `useAdminAction` (the server's own words when it refused). Each tab's hooks
 * (useAdminUpdateUser, ...) are built on it.
 */
export function useAdminMutation<M extends MutationParameters>(
  node: GraphQLTaggedNode,
  field: string,
  payloadType: string,
  fallback: string,
): [(variables: M['variables']) => Promise<Outcome<true>>, boolean] {
  const [commit, inFlight] = useMutation<M>(node);
  const run = useCallback(
    (variables: M['variables']) =>
      new Promise<Outcome<true>>((resolve) => {
        commit({
          variables,
          onCompleted: (response, errors) => {
            const r = (response as Record<string, { __typename: string; message?: string; field?: string | null } | null>)[field];
            if (!r) return resolve({ ok: false, message: errors?.[0]?.message ?? fallback, field: null, refused: Boolean(errors?.length) });
            resolve(r.__typename === payloadType ? { ok: true, value: true } : failed(r, fallback));
          },
          onError: () => resolve(networkFailure(fallback)),
        });
      }),
    [commit, field, payloadType, fallback],
  );
  return [run, inFlight];
}

/** A Relay global id's database id (the console shows its first 8 characters). */
export const recordId = (globalId: string) => {
  try {
    const decoded = atob(globalId);
    return decoded.slice(decoded.indexOf(':') + 1);
  } catch {
    return globalId;
  }
};

export const dateOnly = (iso: unknown) => (iso ? new Date(String(iso)).toLocaleDateString() : '—');
