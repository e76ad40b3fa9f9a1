// Relay compiler configuration (relay-compiler 21 finds relay.config.js at the repo root).
// This package is ESM and the compiler require()s this file, so the settings are named
// exports (a default export would arrive wrapped with `__esModule`, which it rejects).
// The key is `excludes` (plural): `exclude` crashes this compiler version.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';

// The artifact folder is gitignored, and the compiler refuses a missing one: make sure it exists.
mkdirSync(new URL('./web/src/__generated__/', import.meta.url), { recursive: true });
// So does the persisted-documents file (persistConfig below): start it empty.
const persisted = new URL('./web/src/__generated__/persisted-documents.json', import.meta.url);
if (!existsSync(persisted)) writeFileSync(persisted, '{}\n');

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
// Persisted documents: every operation's text goes into this map under its MD5 id, and the
// artifacts carry only the id. The web client sends `documentId`; the server looks the text up
// (api/src/server/persistedDocuments.ts). Generated with the artifacts, so gitignored.
export const persistConfig = { file: './web/src/__generated__/persisted-documents.json', algorithm: 'MD5' };
// A typed error's fields are one fragment (platform/relay/ErrorFields.ts) spread unmasked inside
// `... on Error { ...ErrorFields_error @relay(mask: false) }`. The compiler cannot see that this
// refinement already matches and would ask an @alias, which would move the fields the outcome
// helpers read off the result; with the check off it inlines them as written.
export const featureFlags = { enforce_fragment_alias_where_ambiguous: { kind: 'disabled' } };
