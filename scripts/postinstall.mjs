// Runs after `npm install`: generates the Prisma client and Pothos types (api/src/generated,
// not committed). Offline by design: nothing here downloads anything.
import { generatePrismaClient } from './prisma-generate.mjs';

try {
  generatePrismaClient({ quiet: true });
  console.log('postinstall: generated the Prisma client and Pothos types in api/src/generated');
} catch (err) {
  console.error(`postinstall: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
