import { prepareInChild } from './dbTemplates.js';

/** Before the API suite on PGlite: the migrated database each file's database is loaded from. */
export default async function setup() {
  await prepareInChild('pglite');
}
