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

/** Just under what the parser reaches today: a regression fails, an improvement raises them. */
const BOUNDS: Record<Field, number> = {
  found: 0.35,
  type: 0.28,
  title: 0.26,
  date: 0.34,
  time: 0.24,
  end: 0,
  location: 0.21,
  confirmation: 0.28,
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
