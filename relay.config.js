// Relay compiler configuration (relay-compiler 21 finds relay.config.js at the repo root).
// This package is ESM and the compiler require()s this file, so the settings are named
// exports (a default export would arrive wrapped with `__esModule`, which it rejects).
// The key is `excludes` (plural): `exclude` crashes this compiler version.
import { mkdirSync } from 'node:fs';

// The artifact folder is gitignored, and the compiler refuses a missing one: make sure it exists.
mkdirSync(new URL('./web/src/__generated__/', import.meta.url), { recursive: true });

export const src = './web/src';
export const schema = './schema.graphql';
export const language = 'typescript';
export const artifactDirectory = './web/src/__generated__';
export const eagerEsModules = true;
export const excludes = ['**/node_modules/**', '**/__mocks__/**', '**/__generated__/**'];
export const noFutureProofEnums = true;
export const customScalarTypes = {
  Date: 'string',
  DateTime: 'string',
  // A guide's page: the editor converts it to its form's values and back.
  GuideContent: 'unknown',
};
