import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Environment } from 'relay-runtime';
import { queuedChangeRequestInit, type QueuedChange } from '../../web/src/platform/offline/request';
import { replayWaitingChanges, type ReplayDevice } from '../../web/src/platform/offline/workerReplay';
import { enqueue, replayQueue, startQueue, stopQueue } from '../../web/src/platform/offline/queue';
import type { AnsweredChange } from '../../web/src/platform/offline/storage';

const change = (key: string, documentId: string | null = 'doc-1'): QueuedChange => ({
  key,
  operationName: 'useToggleChecklistItemMutation',
  documentId,
  text: documentId ? null : 'mutation useToggleChecklistItemMutation { x }',
  variables: { id: `item-${key}`, done: true },
  label: `Tick ${key}`,
  targetId: `item-${key}`,
  scope: null,
  createdAt: new Date(0).toISOString(),
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A device for the worker's replay: a queue in memory, a fetch that records what it was asked. */
function device(queue: QueuedChange[], answers: ((init: RequestInit) => Response | Promise<Response>)[], expiresInS = 600) {
  const sent: { url: string; init: RequestInit }[] = [];
  const answered: AnsweredChange[] = [];
  const d: ReplayDevice = {
    credential: async () => ({ userId: 'u1', accessToken: 'tok-1', expiresAt: Math.floor(Date.now() / 1000) + expiresInS }),
    queue: async () => queue.filter((c) => !answered.some((a) => a.change.key === c.key)),
    answer: async (_userId, a) => void answered.push(a),
    fetch: (async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      const next = answers.shift();
      if (!next) throw new Error('unexpected request');
      return next(init);
    }) as typeof fetch,
    timeZone: 'Atlantic/Madeira',
    now: () => Date.now(),
  };
  return { d, sent, answered };
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopQueue();
});

describe('the request of a waiting change (web/src/platform/offline/request.ts)', () => {
  it('carries its persisted id, its variables, its own Idempotency-Key, the token and the time zone', () => {
    const init = queuedChangeRequestInit(change('k1'), 'tok-1', 'Europe/Lisbon');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(JSON.parse(init.body as string)).toEqual({
      documentId: 'doc-1',
      operationName: 'useToggleChecklistItemMutation',
      variables: { id: 'item-k1', done: true },
    });
    expect(init.headers).toEqual({
      'Content-Type': 'application/json',
      'Idempotency-Key': 'k1',
      Accept: 'application/graphql-response+json, application/json',
      'X-Time-Zone': 'Europe/Lisbon',
      Authorization: 'Bearer tok-1',
    });
  });

  it("sends a document's text when it has no persisted id, and no Authorization without a token", () => {
    const init = queuedChangeRequestInit(change('k2', null), null, 'UTC');
    expect(JSON.parse(init.body as string)).toEqual({
      query: 'mutation useToggleChecklistItemMutation { x }',
      operationName: 'useToggleChecklistItemMutation',
      variables: { id: 'item-k2', done: true },
    });
    expect(init.headers).not.toHaveProperty('Authorization');
    expect(init.headers).toHaveProperty('Idempotency-Key', 'k2');
  });
});

describe("the service worker's replay (web/src/platform/offline/workerReplay.ts)", () => {
  it('sends the waiting changes in order, each exactly as a page would, and moves each answer out of the queue', async () => {
    const { d, sent, answered } = device([change('a'), change('b')], [() => json({ data: { ok: 1 } }), () => json({ data: { ok: 2 } })]);
    expect(await replayWaitingChanges(d)).toEqual({ status: 'sent', userId: 'u1', answered: 2 });
    expect(sent.map((s) => s.url)).toEqual(['/graphql', '/graphql']);
    expect(sent.map((s) => s.init)).toEqual([
      queuedChangeRequestInit(change('a'), 'tok-1', 'Atlantic/Madeira'),
      queuedChangeRequestInit(change('b'), 'tok-1', 'Atlantic/Madeira'),
    ]);
    expect(answered).toEqual([
      { change: change('a'), response: { data: { ok: 1 } } },
      { change: change('b'), response: { data: { ok: 2 } } },
    ]);
  });

  it('leaves everything for the next open when the token has expired or is refused (it cannot refresh)', async () => {
    const expired = device([change('a')], [], 5);
    expect(await replayWaitingChanges(expired.d)).toMatchObject({ status: 'left', reason: 'token expired', answered: 0 });
    expect(expired.sent).toEqual([]);

    const refused = device([change('a'), change('b')], [() => json({ errors: [{ message: 'no', extensions: { code: 'UNAUTHENTICATED' } }] }, 401)]);
    expect(await replayWaitingChanges(refused.d)).toMatchObject({ status: 'left', reason: 'token refused', answered: 0 });
    expect(refused.sent).toHaveLength(1);
    expect(refused.answered).toEqual([]);
  });

  it('fails the sync when the network drops midway (the browser retries), keeping what was answered', async () => {
    const { d, answered } = device(
      [change('a'), change('b')],
      [
        () => json({ data: { ok: 1 } }),
        () => {
          throw new TypeError('Failed to fetch');
        },
      ],
    );
    await expect(replayWaitingChanges(d)).rejects.toThrow(TypeError);
    expect(answered.map((a) => a.change.key)).toEqual(['a']);
  });

  it('does nothing without a credential (signed out, or nothing waited when the page left)', async () => {
    const { d, sent } = device([change('a')], []);
    d.credential = async () => undefined;
    expect(await replayWaitingChanges(d)).toMatchObject({ status: 'left', reason: 'no credential' });
    expect(sent).toEqual([]);
  });
});

describe('page and worker never send at once (the Web Lock of offline/coordination.ts)', () => {
  it("a page's replay waits while the worker holds the queue's lock", async () => {
    // A lock manager as the browser's: one holder per name, the others wait in turn.
    const held = new Map<string, Promise<unknown>>();
    const requested: string[] = [];
    const locks = {
      request: (name: string, run: () => Promise<unknown>) => {
        requested.push(name);
        const turn = (held.get(name) ?? Promise.resolve()).then(run, run);
        held.set(
          name,
          turn.catch(() => undefined),
        );
        return turn;
      },
    };
    vi.stubGlobal('navigator', { onLine: false, locks });

    let release!: () => void;
    const workerFetching = new Promise<void>((resolve) => (release = resolve));
    const { d, sent } = device([change('w')], [async () => (await workerFetching, json({ data: { ok: 1 } }))]);
    const worker = replayWaitingChanges(d);

    const pageSend = vi.fn(async () => ({ data: { ok: 2 } }));
    startQueue({ userId: 'u1', environment: {} as Environment, send: pageSend, publish: async () => undefined, report: () => undefined });
    await enqueue(change('p'));
    vi.stubGlobal('navigator', { onLine: true, locks });
    const page = replayQueue();
    // Both have asked for the lock and the worker is sending: the page has not sent anything.
    await vi.waitFor(() => expect(requested).toHaveLength(2));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(pageSend).not.toHaveBeenCalled();
    release();
    await worker;
    await page;
    expect(pageSend).toHaveBeenCalledTimes(1);
    expect(requested).toEqual(['tripcrew-queue', 'tripcrew-queue']);
  });
});
