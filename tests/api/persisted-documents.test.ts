import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { PERSISTED_DOCUMENTS_FILE, UNKNOWN_DOCUMENT_MESSAGE } from '../../api/src/server/persistedDocuments.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip, INVITE } from '../support/trips.js';

/**
 * The web app's documents travel as relay-compiler's persisted ids (relay.config.js): over HTTP as
 * `documentId`, over graphql-ws beside an empty query. Documents sent as text (GraphiQL, other
 * clients) are served as before.
 */
const persisted = JSON.parse(fs.readFileSync(PERSISTED_DOCUMENTS_FILE, 'utf8')) as Record<string, string>;
const idOf = (operation: string) => {
  const id = Object.keys(persisted).find((k) => persisted[k]!.startsWith(`${operation} `));
  if (!id) throw new Error(`${operation} is not in ${PERSISTED_DOCUMENTS_FILE}`);
  return id;
};

let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  wsUrl = (await t.app.listen(0, '127.0.0.1')).url.replace('http', 'ws') + '/graphql';
});
afterAll(() => t.close());

describe('persisted documents over HTTP', () => {
  it('runs a web document by its id alone', async () => {
    const user = await signedInUser(t);
    const res = await t.request('POST', '/graphql', { token: user.token, body: { documentId: idOf('query DashboardLayoutQuery'), variables: {} } });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.viewer.email).toBe(user.email);
  });

  it('refuses an unknown id with a 400 and says why', async () => {
    const res = await t.request('POST', '/graphql', { body: { documentId: '0'.repeat(32), variables: {} } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(UNKNOWN_DOCUMENT_MESSAGE);
  });

  it('still serves a document sent as text, and refuses a request with neither', async () => {
    const text = await t.request('POST', '/graphql', { body: { query: '{ __typename }' } });
    expect(text.status).toBe(200);
    expect(text.body.data).toEqual({ __typename: 'Query' });
    const neither = await t.request('POST', '/graphql', { body: { variables: {} } });
    expect(neither.status).toBe(400);
    expect(neither.body.errors[0].message).toBe('Must provide query string.');
  });

  it('still serves GraphiQL', async () => {
    const res = await t.app.fetch(new Request('http://localhost/graphql', { headers: { accept: 'text/html' } }));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Tripcrew API');
  });
});

describe('persisted documents over graphql-ws', () => {
  it("starts the web app's subscription by id and delivers its events", async () => {
    const [owner, guest] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${guest.token}` } });
    const heard: unknown[] = [];
    const failures: unknown[] = [];
    const payload = { query: '', variables: {}, documentId: idOf('subscription NotificationBellSubscription') };
    const stop = client.subscribe(payload, { next: (v) => heard.push(v), error: (e) => failures.push(e), complete: () => {} });
    try {
      // The subscription has no acknowledgement: invite the guest until one notice arrives.
      await expect
        .poll(
          async () => {
            if (heard.length === 0 && failures.length === 0) {
              const trip = await createTrip(t, owner.token);
              await t.graphql(INVITE, { input: { tripId: trip.id, email: guest.email } }, owner.token);
            }
            return heard.length + failures.length;
          },
          { timeout: 30_000, interval: 300 },
        )
        .toBeGreaterThan(0);
      expect(failures).toEqual([]);
      expect((heard[0] as { data: { notificationsChanged: { unreadCount: number } } }).data.notificationsChanged.unreadCount).toBeGreaterThan(0);
    } finally {
      stop();
      await client.dispose();
    }
  });

  it('answers an unknown id with an error for that operation', async () => {
    const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0 });
    try {
      const error = await new Promise<unknown>((resolve) => {
        client.subscribe({ query: '', documentId: 'f'.repeat(32) } as never, { next: () => {}, error: resolve, complete: () => resolve(null) });
      });
      expect(JSON.stringify(error)).toContain(UNKNOWN_DOCUMENT_MESSAGE);
    } finally {
      await client.dispose();
    }
  });
});
