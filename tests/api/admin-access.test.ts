// Every door of the administrators' console, walked as nobody, a traveller and an administrator:
// the REST rows declared `access: 'admin'`, every field of `Admin`, and every `admin*` mutation.
// New rows and fields are covered as soon as they are registered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from 'graphql';
import fs from 'node:fs';
import { backendRoutes } from '../../api/src/server/routes.js';
import { schema as codeSchema } from '../../api/src/server/schema.js';
import { createTestApp, signedInUser, uniqueEmail, type TestApp } from '../support/testApp.js';

const ADMIN_EMAIL = uniqueEmail('admin');
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let traveller: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signedInUser(t, { email: ADMIN_EMAIL });
  traveller = await signedInUser(t);
});
afterAll(() => t.close());

const ANY_ID = '00000000-0000-4000-8000-000000000000';
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, ANY_ID);
const adminRows = backendRoutes.filter((r) => r.access === 'admin');

describe('admin REST rows', () => {
  it('has rows to walk', () => expect(adminRows.length).toBeGreaterThan(0));

  it.each(adminRows.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 401 signed out, 403 for a traveller, answered for an administrator',
    async (_n, row) => {
      const path = `/api/backend${concrete(row.path)}`;
      const body = row.method === 'GET' || row.method === 'DELETE' ? undefined : {};
      const nobody = await t.request(row.method, path, { body });
      expect(nobody.status).toBe(401);
      const refused = await t.request(row.method, path, { body, token: traveller.token });
      expect(refused.status).toBe(403);
      const allowed = await t.request(row.method, path, { body, token: admin.token });
      // The administrator passes the door: whatever the row then says (a list, 400 for the empty
      // body, 404 for the made-up id), it is neither a refusal nor a fault.
      expect([401, 403]).not.toContain(allowed.status);
      expect(allowed.status).toBeLessThan(500);
    },
  );

  it('answers the audit log in pages, and refuses a malformed cursor with 400', async () => {
    const page = await t.request('GET', '/api/backend/admin/audit-log?limit=5', { token: admin.token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ entries: expect.any(Array) });
    const bad = await t.request('GET', '/api/backend/admin/audit-log?cursor=nope&limit=9999', { token: admin.token });
    expect(bad.status).toBe(400);
  });
});

// The schema as clients see it (printed from the code by `npm run schema:print`).
const schema = buildSchema(fs.readFileSync('schema.graphql', 'utf8'));
const adminType = schema.getType('Admin') as GraphQLObjectType;
const adminMutations = Object.values(schema.getMutationType()!.getFields()).filter((f) => f.name.startsWith('admin'));

/** The smallest selection that reads a field: its scalar leaves, or the `__typename` of what it returns. */
function selection(field: GraphQLField<unknown, unknown>): string {
  const named = getNamedType(field.type);
  return isObjectType(named) || 'getTypes' in named ? `{ __typename }` : '';
}

/** A value of an input type that passes GraphQL's own checks (every required field filled). */
function sample(type: GraphQLInputType, idType = 'User'): unknown {
  if (isNonNullType(type)) return sample(type.ofType, idType);
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0]!.value;
  if (isInputObjectType(type))
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((f) => isNonNullType(f.type))
        .map((f) => [f.name, sample(f.type, idType)]),
    );
  const scalar = getNamedType(type).name;
  return scalar === 'ID'
    ? Buffer.from(`${idType}:${ANY_ID}`).toString('base64')
    : scalar === 'Int' || scalar === 'Float'
      ? 1
      : scalar === 'Boolean'
        ? false
        : scalar.startsWith('Date')
          ? '2030-01-01'
          : 'x';
}

/** Arguments that pass GraphQL's own checks, so that what answers is the field's scope. */
function argsFor(field: GraphQLField<unknown, unknown>, idType?: string): { decl: string; use: string; vars: Record<string, unknown> } {
  const required = field.args.filter((a) => isNonNullType(a.type));
  if (!required.length) return { decl: '', use: '', vars: {} };
  const decl = `(${required.map((a) => `$${a.name}: ${String(a.type)}`).join(', ')})`;
  const use = `(${required.map((a) => `${a.name}: $${a.name}`).join(', ')})`;
  const vars = Object.fromEntries(required.map((a) => [a.name, sample(a.type, idType)]));
  return { decl, use, vars };
}

describe('admin GraphQL fields', () => {
  it('refuses `admin` itself to nobody and to a traveller', async () => {
    for (const token of [undefined, traveller.token]) {
      const res = await t.graphql('{ admin { __typename } }', {}, token);
      expect(res.body.data?.admin ?? null).toBeNull();
      expect(res.body.errors?.[0]?.extensions?.code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
    }
    const ok = await t.graphql('{ admin { __typename } }', {}, admin.token);
    expect(ok.body.data.admin).toEqual({ __typename: 'Admin' });
  });

  it.each(Object.values(adminType.getFields()).map((f) => [f.name, f] as const))(
    'Admin.%s: refused to a traveller, answered to an administrator',
    async (_n, field) => {
      const { decl, use, vars } = argsFor(field);
      const query = `query${decl} { admin { ${field.name}${use} ${selection(field)} } }`;
      const refused = await t.graphql(query, vars, traveller.token);
      expect(refused.body.data?.admin ?? null).toBeNull();
      expect(refused.body.errors?.length).toBeGreaterThan(0);
      const allowed = await t.graphql(query, vars, admin.token);
      expect(allowed.body.errors ?? []).toEqual([]);
    },
  );

  it.each(Object.values(adminType.getFields()).map((f) => [f.name, f] as const))('Admin.%s: refused to nobody', async (_n, field) => {
    const { decl, use, vars } = argsFor(field);
    const res = await t.graphql(`query${decl} { admin { ${field.name}${use} ${selection(field)} } }`, vars);
    expect(res.body.data?.admin ?? null).toBeNull();
    expect(res.body.errors?.[0]?.extensions?.code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
  });

  it('declares the administrator scope on every admin mutation, and refuses each to nobody and to a traveller', async () => {
    for (const field of adminMutations) {
      // The scope as the code declares it: a mutation whose input a test cannot guess is still checked.
      const declared = (codeSchema.getMutationType()!.getFields()[field.name]!.extensions as { pothosOptions?: { authScopes?: unknown } }).pothosOptions
        ?.authScopes;
      expect(declared, field.name).toEqual({ admin: true });
      // Ids are well-formed global ids of the type the mutation names when it refuses another.
      let res = {
        body: {} as { errors?: { message: string; extensions?: { code?: string } }[]; data?: Record<string, { __typename?: string } | null> | null },
      };
      let idTypeUsed = 'User';
      for (let idType: string | undefined = 'User', tries = 0; idType && tries < 3; tries++) {
        idTypeUsed = idType;
        const { decl, use, vars } = argsFor(field, idType);
        res = await t.graphql(`mutation${decl} { ${field.name}${use} ${selection(field)} }`, vars, traveller.token);
        idType = res.body.errors?.[0]?.message.match(/is not of type: (\w+)/)?.[1];
      }
      const codes = (res.body.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code);
      // Refused by the scope: an error, or a mutation's typed ForbiddenError; never answered.
      const typed = res.body.data?.[field.name]?.__typename;
      expect(codes.includes('FORBIDDEN') || typed === 'ForbiddenError', `${field.name}: ${JSON.stringify(res.body)}`).toBe(true);
      // The same call signed out.
      const { decl, use, vars } = argsFor(field, idTypeUsed);
      const nobody = await t.graphql(`mutation${decl} { ${field.name}${use} ${selection(field)} }`, vars);
      const nobodyCodes = (nobody.body.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code);
      const nobodyTyped = nobody.body.data?.[field.name]?.__typename;
      expect(
        nobodyCodes.some((c: string | undefined) => c === 'UNAUTHENTICATED' || c === 'FORBIDDEN') ||
          /^(Forbidden|Unauthenticated)Error$/.test(nobodyTyped ?? ''),
        `${field.name} signed out: ${JSON.stringify(nobody.body)}`,
      ).toBe(true);
    }
  });
});
