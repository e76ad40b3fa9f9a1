import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractReservations, readMessage } from '../../api/src/reservations/parsing/index.js';
import { addMessage, emptyTally, FIELDS, loadCorpus, matchLegs, ratio, table, type ExpectedLeg, type Field, type Got } from '../support/realMail.js';

/**
 * Real confirmations nobody here wrote (../shared/corpus/real-mail, outside the project): read
 * through the pipeline's own entry and scored field by field over every expected leg. Skipped
 * when the corpus is not beside the repository.
 */
const corpus = loadCorpus(path.resolve(import.meta.dirname, '../../../shared/corpus/real-mail'));

/**
 * Just under what the parser reaches (first measured: found 35.8%, type 28.4%, title 26.3%,
 * date 34.7%, time 24.7%, end 0%, location 21.3%, code 28.4%; last: found 98.9%, type 97.9%,
 * title 92.6%, date 97.9%, time 94.6%, end 90.0%, location 94.7%, code 95.5%): a regression
 * fails, an improvement raises them.
 */
const BOUNDS: Record<Field, number> = {
  found: 0.98,
  type: 0.97,
  title: 0.92,
  date: 0.97,
  time: 0.94,
  end: 0.9,
  location: 0.94,
  confirmation: 0.95,
};

describe.skipIf(!corpus)('real confirmation mail', () => {
  it('reads every leg of the real messages, field by field, above its bounds', async () => {
    const tally = emptyTally();
    for (const message of corpus!) {
      const { reservations } = await extractReservations(await readMessage(message.raw));
      addMessage(tally, message.id, message.expected, reservations);
    }
    console.log(
      [
        `Real mail: ${corpus!.length} messages, ${tally.scored.found} expected reservations`,
        table(tally),
        ...(process.env.REAL_MAIL_VERBOSE ? ['Misses:', ...tally.misses.map((m) => `  ${m}`)] : []),
      ].join('\n'),
    );
    for (const f of FIELDS) expect(ratio(tally, f), f).toBeGreaterThanOrEqual(BOUNDS[f]);
  });
});

describe('real-mail scoring', () => {
  const leg = (flight: string, time: string): ExpectedLeg => ({
    schemaType: 'FlightReservation',
    types: ['FLIGHT'],
    titleKeys: [flight],
    titleMode: 'code',
    date: '2031-05-02',
    time,
    endDate: null,
    endTime: null,
    from: ['TXL'],
    to: ['DUS'],
    loc: null,
    confirmation: null,
  });
  const read = (time: string, passengers: string[]): Got => ({
    ...{ type: 'FLIGHT', title: 'AB1', date: '2031-05-02', time, location: null, fromLocation: 'TXL', toLocation: 'DUS', confirmationNumber: null },
    passengers,
  });

  it("lets one reservation answer a source's per-traveller copies of its leg only when it names as many travellers", () => {
    const copies = [leg('AB1', '10:50'), leg('AB1', '10:50'), leg('AB2', '13:20')];
    const both = read('10:50', ['John Doe', 'Jane Doe']);
    expect(matchLegs(copies, [both])).toEqual([both, both, undefined]);
    const one = read('10:50', ['John Doe']);
    expect(matchLegs(copies, [one])).toEqual([one, undefined, undefined]);
  });
});
