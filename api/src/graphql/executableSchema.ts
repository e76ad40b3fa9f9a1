import type { GraphQLSchema } from 'graphql';

/**
 * The built schema, for the few domain modules that run an operation themselves (the admin
 * health check). The schema is assembled at the composition root (server/schema.ts) from every
 * domain's types, so a domain cannot import it without importing upward: the root hands it over
 * here once built.
 */
let built: GraphQLSchema | null = null;

export function provideSchema(schema: GraphQLSchema): void {
  built = schema;
}

export function executableSchema(): GraphQLSchema {
  if (!built) throw new Error('The GraphQL schema has not been built yet (server/schema.ts builds it).');
  return built;
}
