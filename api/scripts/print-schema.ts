import fs from 'node:fs';
import { printSchema, lexicographicSortSchema } from 'graphql';
import { schema } from '../src/server/schema.js';

/** Writes schema.graphql at the repository root (the Relay compiler and clients read it). */
export function renderSchema(): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync('schema.graphql', renderSchema());
  console.log('schema.graphql written');
}
