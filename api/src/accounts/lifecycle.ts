import type { AppDeps } from '../platform/context.js';
import type { LiveEvents, Tx } from '../platform/outbox.js';

/**
 * What the domains built on accounts do when an account's life changes. Accounts sit below
 * invitations, friends and trips, so they do not import them: the composition root hands these
 * steps over at start-up (server/accountLifecycle.ts), before any request runs.
 */
export interface AccountLifecycle {
  /** The open trip invitation `token` names, when it was sent to `email` (so the address is proven). */
  invitationProvingAddress(deps: AppDeps, token: string, email: string): Promise<{ id: string; tripId: string } | null>;
  /** A new account: the invitations sent to its address become its own (`chosen` accepted). */
  signedUp(deps: AppDeps, user: { id: string; email: string }, chosen: string | null): Promise<void>;
  /** The account's address is proven: it joins the trips it accepted and befriends who invited it. */
  verified(deps: AppDeps, user: { id: string; email: string }): Promise<void>;
  /** Deleting an account: its trips' calendar feeds stop, and each trip it touched is announced. */
  retireCalendarFeeds(tx: Tx, tripIds: string[]): Promise<void>;
  tripChanged(tx: Tx, events: LiveEvents, tripId: string, kind: 'MEMBERS_CHANGED' | 'DELETED', members?: string[]): Promise<void>;
}

let steps: AccountLifecycle | null = null;

export function provideAccountLifecycle(given: AccountLifecycle): void {
  steps = given;
}

export function accountLifecycle(): AccountLifecycle {
  if (!steps) throw new Error('The account lifecycle was used before server/accountLifecycle.ts provided it.');
  return steps;
}
