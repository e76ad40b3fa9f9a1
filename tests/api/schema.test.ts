import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isEnumType, isInputObjectType, isInterfaceType, isIntrospectionType, isObjectType, isSpecifiedScalarType, type GraphQLSchema } from 'graphql';
import { renderSchema } from '../../api/scripts/print-schema.js';
import { schema } from '../../api/src/server/schema.js';

/** Every named part of the schema a client sees that has no description (GraphQL's own types and scalars excepted). */
function undescribed(s: GraphQLSchema): string[] {
  const missing: string[] = [];
  const check = (what: string, description: string | null | undefined) => {
    if (!description?.trim()) missing.push(what);
  };
  for (const type of Object.values(s.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    check(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        check(`${type.name}.${field.name}`, field.description);
        for (const arg of field.args) check(`${type.name}.${field.name}(${arg.name})`, arg.description);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) check(`${type.name}.${field.name}`, field.description);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) check(`${type.name}.${value.name}`, value.description);
    }
  }
  return missing;
}

describe('schema.graphql', () => {
  it('is the printed schema (run `npm run schema:print` after changing types)', () => {
    expect(fs.readFileSync('schema.graphql', 'utf8')).toBe(renderSchema());
  });

  it('describes every type, field, argument, input field and enum value for client developers', () => {
    expect(undescribed(schema)).toEqual([]);
  });

  it('follows Relay conventions', () => {
    const sdl = renderSchema();
    expect(sdl).toContain('interface Node');
    // node(id: ID!): Node, whatever its descriptions.
    const node = schema.getQueryType()!.getFields().node!;
    expect([String(node.type), node.args.map((a) => `${a.name}: ${String(a.type)}`)]).toEqual(['Node', ['id: ID!']]);
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
