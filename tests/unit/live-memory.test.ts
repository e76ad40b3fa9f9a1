import { describe, expect, it } from 'vitest';
import { endEvent, once, systemContext, type AppDeps } from '../../api/src/platform/context.js';
import { canViewProfile, noteTripCompanions } from '../../api/src/accounts/visibility.js';

const deps = {} as AppDeps;
const viewer = { id: 'me', isAdmin: false };

describe('what a live subscription keeps', () => {
  it("notes a trip's people by reference: every subscriber of one event shares its one set", async () => {
    const audience = new Set(Array.from({ length: 1000 }, (_, i) => `member-${i}`));
    const contexts = Array.from({ length: 3 }, () => systemContext(deps, viewer));
    for (const ctx of contexts) noteTripCompanions(ctx, audience);
    for (const ctx of contexts) {
      expect(canViewProfile(ctx, 'member-999')).toBe(true);
      // Nothing of the trip's size is copied into the subscriber's memos: one reference to the set.
      const held = [...ctx.cache.values()];
      expect(held).toHaveLength(1);
      const [noted] = (await held[0]) as ReadonlySet<string>[];
      expect(noted).toBe(audience);
    }
  });

  it("lets an event's memos and the event itself go once it has run", async () => {
    const ctx = systemContext(deps, viewer);
    ctx.liveEvent = { kind: 'UPDATED' };
    await once(ctx, 'trip', async () => ({ name: 'A big read' }));
    noteTripCompanions(ctx, new Set(['someone']));
    expect(ctx.cache.size).toBe(2);
    endEvent(ctx);
    expect(ctx.cache.size).toBe(0);
    expect(ctx.liveEvent).toBeUndefined();
  });
});
