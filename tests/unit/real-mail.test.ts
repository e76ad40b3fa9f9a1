import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractReservations, readMessage } from '../../api/src/reservations/parsing/index.js';
import { addMessage, emptyTally, FIELDS, loadCorpus, ratio, table, type Field } from '../support/realMail.js';

/**
 * Real confirmations nobody here wrote (../shared/corpus/real-mail, outside the project): read
 * through the pipeline's own entry and scored field by field over every expected leg. Skipped
 * when the corpus is not beside the repository.
 */
const corpus = loadCorpus(path.resolve(import.meta.dirname, '../../../shared/corpus/real-mail'));

/**
 * Just under what the parser reaches (first measured: found 35.8%, type 28.4%, title 26.3%,
 * date 34.7%, time 24.7%, end 0%, location 21.3%, code 28.4%): a regression fails, an
 * improvement raises them.
 */
const BOUNDS: Record<Field, number> = {
  found: 0.85,
  type: 0.83,
  title: 0.74,
  date: 0.82,
  time: 0.77,
  end: 0.69,
  location: 0.74,
  confirmation: 0.75,
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
