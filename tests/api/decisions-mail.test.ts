/**
 * "E-mail me about polls": a new poll, a reminder before it closes (to who has not answered) and
 * its result also come by e-mail to the members who turned it on, once each, though two instances
 * (sharing one database, each with its own outbox) sweep at the same moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepPolls } from '../../api/src/decisions/service.js';
import { sendPollMails } from '../../api/src/decisions/pollMail.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { db: a.db });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const HOUR = 60 * 60 * 1000;
const SET = `mutation($on: Boolean!) { setPollEmails(on: $on) { __typename ... on SetPollEmailsPayload { user { id emailPolls } } ... on Error { message } } }`;
const api = (method: string, path: string, token?: string, body?: unknown) => a.request(method, `/api/backend${path}`, { token, body });
/** Every mail either instance wrote whose subject names `about`. */
const mailsAbout = async (about: string) => [...(await a.mails()), ...(await b.mails())].filter((m) => m.subject.includes(about));

describe('poll e-mails by preference', () => {
  it('is off by default, only the viewer sets or reads it, and nobody signed out may', async () => {
    const [me, other] = await Promise.all([signedInUser(a), signedInUser(a)]);
    const VIEWER = `{ viewer { emailPolls } }`;
    expect((await a.graphql(VIEWER, {}, me.token)).body.data.viewer.emailPolls).toBe(false);
    const on = await a.graphql(SET, { on: true }, me.token);
    expect(on.body.data.setPollEmails.user.emailPolls).toBe(true);
    expect((await a.graphql(VIEWER, {}, me.token)).body.data.viewer.emailPolls).toBe(true);
    // Someone else reading my user gets null, not my setting.
    const myId = on.body.data.setPollEmails.user.id;
    const seen = await a.graphql(`query($id: ID!) { node(id: $id) { ... on User { emailPolls } } }`, { id: myId }, other.token);
    expect(seen.body.data.node?.emailPolls ?? null).toBeNull();
    const anonymous = await a.graphql(SET, { on: false }, undefined);
    expect(JSON.stringify(anonymous.body)).toMatch(/UNAUTHENTICATED|sign/i);
    expect((await a.db.prisma.user.findUniqueOrThrow({ where: { id: me.userId } })).emailPolls).toBe(true);
  });

  it('mails a new poll, one reminder and one result to the members who want them, escaped, linking to the Decide tab', async () => {
    const [owner, keen, quiet, outsider] = await Promise.all([
      signedInUser(a, { first_name: 'Olive' }),
      signedInUser(a, { first_name: 'Kim' }),
      signedInUser(a, { first_name: 'Quinn' }),
      signedInUser(a),
    ]);
    const trip = await createTrip(a, owner.token, { name: 'Porto <crew>', startDate: '2030-05-01', endDate: '2030-05-10' });
    await a.db.prisma.tripMember.createMany({
      data: [keen, quiet].map((u) => ({ tripId: trip.uuid, userId: u.userId, status: 'ACCEPTED' as const, role: 'MEMBER' as const, joinedAt: new Date() })),
    });
    for (const u of [owner, keen, outsider]) expect((await a.graphql(SET, { on: true }, u.token)).body.data.setPollEmails.user.emailPolls).toBe(true);

    const question = 'Wine <b>tour</b> & dinner?';
    const closesAt = new Date(Date.now() + 2 * HOUR);
    const created = await api('POST', '/save-poll', owner.token, {
      trip_id: trip.uuid,
      question,
      kind: 'choice',
      closes_at: closesAt.toISOString(),
      options: [{ label: 'Yes' }, { label: 'No' }],
    });
    expect(created.status).toBe(201);
    const pollId = created.body.poll.id as string;

    // The new poll: Kim (on) hears it; Quinn (off), the asker and the outsider do not.
    const news = await mailsAbout('New poll');
    expect(news.map((m) => m.to)).toEqual([keen.email]);
    expect(news[0]!.subject).toBe('New poll · Porto <crew>');
    expect(news[0]!.text).toContain(`Olive Lovelace asks: ${question}`);
    expect(news[0]!.text).toContain(`http://app.test/dashboard/trips/${trip.uuid}?tab=decide`);
    expect(news[0]!.html).toContain('Wine &#60;b&#62;tour&#60;/b&#62; &#38; dinner?');
    expect(news[0]!.html).not.toContain('<b>tour</b>');

    // Twenty minutes before closing, both instances sweep at once, then again: one reminder mail
    // to Kim, who has not answered; the owner answered, so none to the owner.
    await api('POST', `/vote-poll/${pollId}`, owner.token, { answers: [{ option_id: created.body.poll.options[0].id, answer: 'yes' }] });
    const soon = new Date(closesAt.getTime() - 20 * 60 * 1000);
    await Promise.all([sweepPolls(a.app.deps, soon), sweepPolls(b.app.deps, soon)]);
    await sweepPolls(b.app.deps, new Date(soon.getTime() + 60_000));
    const reminders = await mailsAbout('Poll closing soon');
    expect(reminders.map((m) => m.to)).toEqual([keen.email]);
    expect(reminders[0]!.text).toContain('closes soon and you have not answered yet');

    // It closes: the result goes once to each member who wants it (the owner and Kim), not to Quinn.
    const after = new Date(closesAt.getTime() + 1000);
    await Promise.all([sweepPolls(a.app.deps, after), sweepPolls(b.app.deps, after)]);
    await Promise.all([sendPollMails(a.app.deps), sendPollMails(b.app.deps)]);
    const results = await mailsAbout('Poll result');
    expect(results.map((m) => m.to).sort()).toEqual([owner.email, keen.email].sort());
    expect(results[0]!.text).toContain('Yes (1 yes)');
    expect([...(await a.mails()), ...(await b.mails())].filter((m) => m.to === quiet.email || m.to === outsider.email).map((m) => m.subject)).not.toContain(
      'New poll · Porto <crew>',
    );
    const rows = await a.db.prisma.pollMail.findMany({ where: { pollId } });
    expect(rows.every((r) => r.sentAt && r.attempts === 1)).toBe(true);
    expect(rows).toHaveLength(4);
  });

  it('keeps a mail that failed and sends it on a later sweep', async () => {
    const [owner, keen] = await Promise.all([signedInUser(a), signedInUser(a)]);
    const trip = await createTrip(a, owner.token, { name: 'Retry' });
    await a.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: keen.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date() } });
    await a.graphql(SET, { on: true }, keen.token);
    const send = a.app.deps.mailer.send;
    a.app.deps.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const created = await api('POST', '/save-poll', owner.token, {
        trip_id: trip.uuid,
        question: 'Retry me?',
        kind: 'choice',
        options: [{ label: 'A' }, { label: 'B' }],
      });
      expect(created.status).toBe(201);
    } finally {
      a.app.deps.mailer.send = send;
    }
    expect((await mailsAbout('New poll')).filter((m) => m.to === keen.email)).toHaveLength(0);
    await sweepPolls(b.app.deps);
    expect((await mailsAbout('New poll')).filter((m) => m.to === keen.email)).toHaveLength(1);
  });
});
