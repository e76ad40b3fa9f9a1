import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../api/src/platform/logger.js';
import { createTestApp, signedInUser, uniqueEmail, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

/**
 * What the logs say about failed requests (api/src/graphql/errorLog.ts): a refusal (not signed
 * in, forbidden, not a member, not found, invalid input) is one info line with its code and
 * message and no stack; a fault of the server is an error with the stack of its cause, logged
 * once. The app's logger writes into `lines` here instead of stdout.
 */
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logger: createLogger('info', { write: (line: string) => void lines.push(line) }) });
});
afterAll(() => t?.close());

type LogRecord = { level: number; msg: string; code?: string; status?: number; path?: string; method?: string; err?: { message: string; stack: string } };

/** The records logged while `run` ran, each checked to be one line of JSON. */
async function logged(run: () => Promise<unknown>): Promise<LogRecord[]> {
  const from = lines.length;
  await run();
  return lines.slice(from).map((line) => {
    expect(line.trimEnd()).not.toContain('\n');
    return JSON.parse(line) as LogRecord;
  });
}

/** A refusal's record: info level, one line, the message the caller got, no error dump. */
function expectRefusal(records: LogRecord[], code: string, message: string | RegExp) {
  const failures = records.filter((r) => r.msg.startsWith('refused') || r.level >= 40);
  expect(failures).toHaveLength(1);
  const [record] = failures;
  expect(record).toMatchObject({ level: 30, code });
  expect(record!.msg).toMatch(typeof message === 'string' ? `refused: ${message}` : message);
  expect(record!.msg).not.toContain('\n');
  expect(record!.err).toBeUndefined();
  expect(JSON.stringify(record)).not.toMatch(/stack|\\n\s+at /);
}

describe('refusals', () => {
  it('over REST are one info line: not signed in, not a member, not found, invalid input', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const trip = await createTrip(t, a.token);
    let res: Awaited<ReturnType<TestApp['request']>> | undefined;

    let records = await logged(async () => (res = await t.request('GET', `/api/backend/trip-members/${trip.uuid}`)));
    expect(res!.status).toBe(401);
    expectRefusal(records, 'UNAUTHENTICATED', /^refused: .+/);
    expect(records.find((r) => r.msg.startsWith('refused'))).toMatchObject({ status: 401, method: 'GET', path: `/api/backend/trip-members/${trip.uuid}` });

    records = await logged(async () => (res = await t.request('GET', `/api/backend/trip-members/${trip.uuid}`, { token: b.token })));
    expect(res!.status).toBe(403);
    expectRefusal(records, 'FORBIDDEN', 'You are not a member of this trip.');

    records = await logged(async () => (res = await t.request('GET', '/api/backend/trip-members/00000000-0000-4000-8000-000000000000', { token: b.token })));
    expect(res!.status).toBe(404);
    expectRefusal(records, 'NOT_FOUND', /^refused: .+/);

    records = await logged(async () => (res = await t.request('POST', '/api/backend/create-trip', { token: a.token, body: { name: '' } })));
    expect(res!.status).toBe(400);
    expectRefusal(records, 'VALIDATION', res!.body.error);
  });

  it('over GraphQL are one info line: forbidden, not signed in, a bad token, a malformed id', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const idOfB = (await t.graphql('{ viewer { id } }', {}, b.token)).body.data.viewer.id;
    const query = 'query($id: ID!) { node(id: $id) { id ... on User { firstName } } }';
    let res: Awaited<ReturnType<TestApp['graphql']>> | undefined;

    let records = await logged(async () => (res = await t.graphql(query, { id: idOfB }, a.token)));
    expect(res!.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expectRefusal(records, 'FORBIDDEN', /^refused: .+/);

    records = await logged(async () => (res = await t.graphql(query, { id: idOfB })));
    expect(res!.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expectRefusal(records, 'UNAUTHENTICATED', 'You must be signed in.');

    records = await logged(async () => (res = await t.graphql('{ viewer { id } }', {}, 'not-a-token')));
    expect(res!.status).toBe(401);
    expectRefusal(records, 'UNAUTHENTICATED', /^refused: .+/);

    records = await logged(async () => (res = await t.graphql(query, { id: 'not a global id' }, a.token)));
    expect(res!.body.errors[0].message).toContain('Invalid global ID');
    expectRefusal(records, 'BAD_USER_INPUT', 'Invalid global ID');
  });
});

describe('faults', () => {
  it('are errors with the stack of their cause, logged once, over REST and GraphQL', async () => {
    const a = await signedInUser(t);
    const limiter = t.app.deps.limiter;
    const consume = limiter.consume.bind(limiter);
    const spy = vi.spyOn(limiter, 'consume').mockImplementation(async (name, key, message) => {
      if (name === 'signupPerIp' || name === 'addressLookupPerUser') throw new Error('the limiter broke');
      return consume(name, key, message);
    });
    try {
      let res: { status: number; body: any } | undefined;
      let records = await logged(async () => (res = await t.request('POST', '/api/auth/signup', { body: { email: uniqueEmail() } })));
      expect(res!.status).toBe(500);
      let errors = records.filter((r) => r.level >= 40);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ level: 50, path: '/api/auth/signup', err: { message: 'the limiter broke' } });
      expect(errors[0]!.err!.stack).toMatch(/the limiter broke\n\s+at /);

      records = await logged(
        async () =>
          (res = await t.graphql(
            'mutation($input: SendFriendRequestInput!) { sendFriendRequest(input: $input) { __typename } }',
            { input: { email: uniqueEmail() } },
            a.token,
          )),
      );
      expect(res!.body.errors[0].message).toBe('Unexpected error.');
      errors = records.filter((r) => r.level >= 40);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ level: 50, path: 'sendFriendRequest', err: { message: 'the limiter broke' } });
      expect(errors[0]!.err!.stack).toMatch(/the limiter broke\n\s+at /);
      expect(records.filter((r) => r.msg.startsWith('refused'))).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });
});
