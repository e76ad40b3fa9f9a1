import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { simpleParser } from 'mailparser';
import { DomUtils, parseDocument } from 'htmlparser2';
import ICAL from '../support/ics.js';
import { tripCalendar, type FeedItem } from '../../api/src/calendar/feed.js';
import { foldLine } from '../../api/src/platform/formats/ics.js';
import { csvCell, csvLine } from '../../api/src/platform/formats/csv.js';
import { html } from '../../api/src/platform/formats/html.js';
import { createMailer, type Mailer, type OutgoingMail } from '../../api/src/platform/mail.js';
import type { Logger } from '../../api/src/platform/logger.js';
import { htmlWithHead } from '../../api/src/server/pageHead.js';
import * as accountEmails from '../../api/src/accounts/emails.js';
import { joinInvitationEmail } from '../../api/src/friends/emails.js';
import { guideItineraryEmail } from '../../api/src/guides/emails.js';
import { invitationEmail } from '../../api/src/invitations/emails.js';
import { tripCancelledEmail } from '../../api/src/admin/trips/emails.js';

/**
 * Every writer of a generated format, fed random text heavy in the characters that format gives
 * a meaning to, and read back with an independent parser: the structure must be the one written
 * and the text must come back (as the format can hold it).
 */

/** A small seeded generator, so a failure names a case that can be replayed. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  '\r',
  '\n',
  '\r\n',
  '"',
  "'",
  '<',
  '>',
  '&',
  ';',
  ',',
  '\\',
  '\t',
  '=',
  '+',
  '-',
  '@',
  ':',
  ' ',
  '  ',
  'a',
  'Z',
  '0',
  'é',
  '€',
  '日本',
  '😀',
  '\uD800',
  '\uDC00',
  '\u0000',
  '\u0007',
  '\u007F',
  '\u2028',
  '&amp;',
  '</title>',
  '<script>',
  '"><img src=x>',
  'BEGIN:VEVENT',
  'END:VCALENDAR',
  '\r\nBcc: evil@attacker.test',
  '=HYPERLINK("http://evil")',
  '$&',
];

function randomText(rand: () => number, maxPieces = 30): string {
  let s = '';
  const n = 1 + Math.floor(rand() * maxPieces);
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(rand() * PIECES.length)];
  return s;
}

const CASES = 300;
const seeds = Array.from({ length: CASES }, (_, i) => i + 1);

/** What UTF-8 can carry of a JS string: a lone surrogate becomes U+FFFD (as any encoder writes it). */
const utf8 = (s: string) => Buffer.from(s, 'utf8').toString('utf8');
/** Control characters that no text format keeps (tab, CR and LF aside). */
const withoutControls = (s: string) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, '');

describe('ICS writer', () => {
  const item = (over: Partial<FeedItem>): FeedItem => ({
    id: '22222222-2222-4222-8222-222222222222',
    title: 'x',
    type: 'ACTIVITY',
    status: null,
    activityDate: new Date('2030-05-02T00:00:00Z'),
    startTime: '10:00',
    endTime: null,
    location: null,
    latitude: 38.7,
    longitude: -9.1,
    notes: null,
    checkInDate: null,
    checkOutDate: null,
    departureTime: null,
    arrivalTime: null,
    flightNumber: null,
    hotelName: null,
    reservationNumber: null,
    returnDate: null,
    fromLocation: null,
    toLocation: null,
    createdAt: new Date('2030-01-01T00:00:00Z'),
    updatedAt: new Date('2030-01-02T00:00:00Z'),
    ...over,
  });
  /** A TEXT value as a calendar app reads it back: line breaks as LF, controls gone. */
  const asRead = (s: string) => withoutControls(utf8(s).replace(/\r\n?/g, '\n'));

  it.each(seeds)('keeps random names, titles, places and notes inside their properties (seed %i)', (seed) => {
    const rand = mulberry32(seed);
    const name = randomText(rand);
    const title = randomText(rand);
    const location = randomText(rand);
    const notes = randomText(rand, 60);
    const text = tripCalendar(
      { id: '11111111-1111-4111-8111-111111111111', name },
      [item({ title, location, notes }), item({ id: '33333333-3333-4333-8333-333333333333', title: 'second', startTime: null })],
      'https://app.test',
    );
    // Only CRLF ends a line; no line is over 75 octets; no half of a character is left.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(utf8(text)).toBe(text);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent');
    expect(events).toHaveLength(2);
    expect(calendar.getAllProperties().map((p) => p.name)).toEqual([
      'version',
      'prodid',
      'method',
      'name',
      'x-wr-calname',
      'refresh-interval',
      'x-published-ttl',
    ]);
    expect(calendar.getFirstPropertyValue('name')).toBe(asRead(name));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(asRead(name));
    const first = events.find((e) => e.getFirstPropertyValue('uid') === '22222222-2222-4222-8222-222222222222@app.test')!;
    expect(first.getFirstPropertyValue('summary')).toBe(asRead(title));
    expect(first.getFirstPropertyValue('location')).toBe(asRead(location));
    expect(first.getFirstPropertyValue('description')).toBe(asRead(notes));
    expect(first.getFirstPropertyValue('url')).toBe('https://app.test/dashboard/trips/11111111-1111-4111-8111-111111111111');
  });

  it('folds at 75 octets without splitting a character', () => {
    for (const ch of ['é', '€', '😀', 'a']) {
      const line = `DESCRIPTION:${ch.repeat(200)}`;
      const folded = foldLine(line);
      const parts = folded.split('\r\n');
      for (const p of parts) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(75);
      expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
      expect(utf8(folded)).toBe(folded);
      expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
    }
  });
});

describe('CSV writer', () => {
  /** A cell as a spreadsheet reads it back: controls gone, a would-be formula behind an apostrophe. */
  const asRead = (v: string) => {
    const s = withoutControls(utf8(v));
    return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  };

  it.each(seeds)('writes random cells that parse back into the same rows and columns (seed %i)', (seed) => {
    const rand = mulberry32(seed);
    const rows = Array.from({ length: 1 + Math.floor(rand() * 5) }, () => Array.from({ length: 6 }, () => randomText(rand, 12)));
    const file = rows.map((r) => csvLine([...r, -12.5])).join('');
    const parsed: string[][] = parseCsv(file, { relax_quotes: false });
    expect(parsed).toHaveLength(rows.length);
    parsed.forEach((cells, i) => {
      expect(cells).toEqual([...rows[i]!.map(asRead), '-12.5']);
      // No text cell can start a formula.
      for (const c of cells.slice(0, -1)) expect(c).not.toMatch(/^[=+\-@\t\r]/);
    });
  });

  it('leaves numbers and the exporter’s own amounts as data', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('-12.50', { number: true })).toBe('-12.50');
    expect(csvCell('-12.50')).toBe("'-12.50");
    expect(csvCell(null)).toBe('');
  });

  it('is the only CSV writer: every export goes through platform/formats/csv.ts', async () => {
    for (const file of ['api/src/expenses/csv.ts', 'api/src/expenses/rest.ts', 'api/src/admin/system/export.ts']) {
      const source = await fs.readFile(file, 'utf8');
      expect(source, file).toMatch(/from '(\.\.\/)+platform\/formats\/csv\.js'/);
      // No quoting of its own.
      expect(source, file).not.toMatch(/""/);
    }
  });
});

describe('e-mail writer (headers and HTML bodies)', () => {
  let dir: string;
  let mailer: Mailer;
  const quiet = { info() {}, warn() {}, error() {}, debug() {}, child: () => quiet } as unknown as Logger;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'format-writers-'));
    mailer = createMailer({ from: 'Tripcrew <no-reply@app.test>', dataDir: dir, logger: quiet });
  });
  afterAll(async () => {
    mailer.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** A header's text as it must arrive: one line, runs of blanks as one space. */
  const asHeader = (s: string) =>
    utf8(s)
      .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim();

  async function sent(mail: OutgoingMail) {
    await fs.rm(path.join(dir, 'outbox'), { recursive: true, force: true });
    await mailer.send(mail);
    const [file] = await fs.readdir(path.join(dir, 'outbox'));
    return simpleParser(await fs.readFile(path.join(dir, 'outbox', file!)));
  }

  /** The tag names of a document, in order: its structure. */
  const tags = (markup: string) => DomUtils.getElementsByTagName(() => true, parseDocument(markup).children, true).map((e) => e.name);
  const textOf = (markup: string) => DomUtils.textContent(parseDocument(markup));

  const builders: { name: string; build: (s: string, url: string) => OutgoingMail; texts: (s: string) => string[] }[] = [
    { name: 'verification', build: (s, url) => accountEmails.verificationEmail('a@app.test', s, url), texts: (s) => [s] },
    { name: 'password reset', build: (s, url) => accountEmails.passwordResetEmail('a@app.test', s, url), texts: (s) => [s] },
    { name: 'email change', build: (s, url) => accountEmails.emailChangeEmail('a@app.test', s, url), texts: (s) => [s] },
    { name: 'email change notice', build: (s, url) => accountEmails.emailChangeNoticeEmail('a@app.test', s, s, url), texts: (s) => [s] },
    { name: 'password changed', build: (s, url) => accountEmails.passwordChangedNoticeEmail('a@app.test', s, url), texts: (s) => [s] },
    {
      name: 'join invitation',
      build: (s, url) => joinInvitationEmail({ to: 'a@app.test', inviterName: s, message: s, url }),
      texts: (s) => [s],
    },
    {
      name: 'trip invitation',
      build: (s, url) => invitationEmail({ to: 'a@app.test', inviterName: s, tripName: s, message: s, url, existingUser: false }),
      texts: (s) => [s],
    },
    {
      name: 'guide itinerary',
      build: (s, url) =>
        guideItineraryEmail({ to: 'a@app.test', firstName: s, guideTitle: s, plans: [{ key: 'k', title: s, from: 1, days: [s, s] }] as never, url }),
      texts: (s) => [s],
    },
    { name: 'trip cancelled', build: (s, url) => tripCancelledEmail({ to: 'a@app.test', firstName: s, tripName: s, url }), texts: (s) => [s] },
  ];

  it.each(builders.flatMap((b) => seeds.slice(0, 25).map((seed) => [b.name, seed] as const)))(
    '%s: no user text reaches a header of its own or changes the body’s markup (seed %i)',
    async (name, seed) => {
      const b = builders.find((x) => x.name === name)!;
      const rand = mulberry32(seed);
      const s = randomText(rand);
      const url = `https://app.test/link?token=${encodeURIComponent(utf8(randomText(rand, 5)))}&x=1`;
      const mail = b.build(s, url);
      const parsed = await sent(mail);
      expect(parsed.subject).toBe(asHeader(mail.subject));
      expect(parsed.bcc).toBeUndefined();
      expect([...parsed.headers.keys()].sort()).toEqual(['content-type', 'date', 'from', 'message-id', 'mime-version', 'subject', 'to']);
      // The body has the markup of a harmless text, and carries the text itself.
      const plain = b.build('Sam', url).html;
      expect(tags(mail.html)).toEqual(tags(plain));
      for (const t of b.texts(s)) expect(textOf(mail.html)).toContain(utf8(t));
      for (const a of DomUtils.getElementsByTagName('a', parseDocument(mail.html).children, true)) expect(a.attribs.href).toBe(url);
    },
  );
});

describe('HTML writer (page heads)', () => {
  const SHELL = `<!doctype html><html><head><title>Tripcrew</title>
<meta name="description" content="Plan trips together." />
</head><body><div id="root"></div></body></html>`;
  const meta = (doc: ReturnType<typeof parseDocument>, key: string) =>
    DomUtils.findOne((e) => e.name === 'meta' && (e.attribs.property === key || e.attribs.name === key), doc.children, true)?.attribs.content;

  it.each(seeds)('keeps a random title and description inside their elements and attributes (seed %i)', (seed) => {
    const rand = mulberry32(seed);
    const title = randomText(rand);
    const description = randomText(rand, 60);
    const page = htmlWithHead(
      SHELL,
      { title, description, image: '/i.jpg', path: `/blog/stories/${encodeURIComponent(utf8(title))}`, type: 'article' },
      'https://app.test',
    );
    const plain = htmlWithHead(SHELL, { title: 'x', description: 'y', image: '/i.jpg', path: '/blog/stories/x', type: 'article' }, 'https://app.test');
    const doc = parseDocument(page);
    const names = (d: ReturnType<typeof parseDocument>) => DomUtils.getElementsByTagName(() => true, d.children, true).map((e) => e.name);
    expect(names(doc)).toEqual(names(parseDocument(plain)));
    expect(DomUtils.textContent(DomUtils.findOne((e) => e.name === 'title', doc.children, true)!)).toBe(`${utf8(title)} · Tripcrew`);
    expect(meta(doc, 'og:title')).toBe(utf8(title));
    const shown = utf8(description.replace(/\s+/g, ' ').trim().slice(0, 300));
    expect(meta(doc, 'description')).toBe(shown);
    expect(meta(doc, 'og:description')).toBe(shown);
  });

  it('escapes every interpolation of the html tag, and nests what it built', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p title="${`"'`}">${inner}${['&', null, false, html`<br />`]}</p>`.value).toBe('<p title="&#34;&#39;"><b>&#60;i&#62;</b>&#38;<br /></p>');
  });
});
