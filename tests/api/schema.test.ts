import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSchema } from '../../api/scripts/print-schema.js';

describe('schema.graphql', () => {
  it('is the printed schema (run `npm run schema:print` after changing types)', () => {
    expect(fs.readFileSync('schema.graphql', 'utf8')).toBe(renderSchema());
  });

  it('follows Relay conventions', () => {
    const sdl = renderSchema();
    expect(sdl).toContain('interface Node');
    expect(sdl).toMatch(/node\(id: ID!\): Node/);
    expect(sdl).toMatch(/type User implements Node/);
    expect(sdl).toMatch(/type PageInfo/);
  });
});

import { afterAll, beforeAll } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';

describe('query limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a query that fans out far beyond any screen, with a clear error', async () => {
    const u = await signedInUser(t);
    const deep = `{ viewer { trips(first: 100) { edges { node { members { user { friends(first: 100) { edges { node { friend { trips(first: 100) { edges { node { name } } } } } } } } } } } } } }`;
    const res = await t.graphql(deep, {}, u.token);
    expect(res.body.data?.viewer ?? null).toBeNull();
    expect(res.body.errors[0].message).toMatch(/limit of \d+ exceeded/i);
  });
});
