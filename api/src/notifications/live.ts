import type { AppDeps } from '../platform/context.js';
import type { ViewerEvent } from '../platform/pubsub.js';

/**
 * Tells users' open sessions (on every API instance) that something of theirs changed, so the
 * client refetches that part: friends, invitations or trips. Notifications publish themselves.
 */
export function publishViewerEvent(deps: AppDeps, userIds: Iterable<string>, event: Exclude<ViewerEvent, { kind: 'notifications' }>) {
  for (const id of new Set(userIds)) deps.pubsub.publish('viewer', id, event);
}
