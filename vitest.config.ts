import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Three projects: unit tests, and the API suite twice — on the embedded PGlite and on the local
 * PostgreSQL server (each test file gets its own fresh database there, dropped afterwards). Each
 * `extends: true`, so the alias and timeouts below hold in all of them (Vitest 4 does not pass
 * them on otherwise).
 */
export default defineConfig({
  // Dependencies load graphql's CommonJS build through Node; make our own imports use the same
  // file, or graphql refuses to mix two copies of its classes.
  resolve: { alias: [{ find: /^graphql$/, replacement: path.resolve('node_modules/graphql/index.js') }] },
  test: {
    // Bounds for a hang, not for speed (tests wait for what they assert): wide enough that a machine
    // loaded far beyond its two cores (measured: load 25, where a fresh app took over 120 s to
    // build) slows the suite down without failing it.
    testTimeout: 60_000,
    hookTimeout: 240_000,
    reporters: ['default'],
    // PGlite's cold start is seconds and memory-heavy: few files at once on 2 cores. One number
    // for every project: Vitest 4 runs projects of one group in one pool of workers.
    maxWorkers: 2,
    // A worker keeps the modules it imported from one API file to the next instead of importing
    // the whole server again for each (that import was 40% of the suite's time). Each file still
    // opens its own database and app, and the suite passes run in any order on either database.
    isolate: false,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'pglite', NODE_ENV: 'test' },
          globalSetup: ['tests/support/globalSetupPglite.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'postgres', NODE_ENV: 'test' },
          globalSetup: ['tests/support/globalSetup.ts'],
        },
      },
    ],
  },
});
