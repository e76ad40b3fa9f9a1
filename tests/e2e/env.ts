import path from 'node:path';

/** Where the end-to-end server listens and keeps its data (one folder per port, so runs can overlap). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4123);
export const E2E_DATA_DIR = path.resolve(`.tmp/e2e-data-${E2E_PORT}`);
/** The e2e server's offline DNS answers and the key the journeys sign their mail with (kept across runs). */
export const E2E_MAIL_AUTH_DIR = path.resolve(`.tmp/e2e-mailauth-${E2E_PORT}`);
