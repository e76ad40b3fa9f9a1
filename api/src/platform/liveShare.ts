/**
 * Which subscribers of a live event may share one executed result (server/liveResults.ts).
 *
 * A stream that knows its subscribers see an event alike names their class on the context before
 * delivering it (trips/live.ts: the trip, the member's status and role, their time zone). A result
 * executed for one of the class is then handed to the others, unless executing it asked something
 * only this viewer could answer (`answeredForViewer`, e.g. whether they may see someone who is no
 * longer on the trip): then each of the class executes their own.
 */
const classes = new WeakMap<object, string>();
const personal = new WeakSet<object>();

/** The class this context's subscriber is in for the event being delivered, or null to share nothing. */
export function shareResultsAs(ctx: object, cls: string | null): void {
  if (cls === null) classes.delete(ctx);
  else classes.set(ctx, cls);
}

export function resultClassOf(ctx: unknown): string | null {
  return (typeof ctx === 'object' && ctx !== null && classes.get(ctx)) || null;
}

/** Notes that what this context is resolving now was answered for its viewer alone. */
export function answeredForViewer(ctx: object): void {
  if (classes.has(ctx)) personal.add(ctx);
}

/** Runs `work` for `ctx` and tells whether anything in it was answered for the viewer alone. */
export async function watchPersonal<T>(ctx: object, work: () => Promise<T>): Promise<{ value: T; personal: boolean }> {
  personal.delete(ctx);
  const value = await work();
  const was = personal.has(ctx);
  personal.delete(ctx);
  return { value, personal: was };
}
