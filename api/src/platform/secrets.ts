import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** HS256 keys shorter than this are guessable offline from any token; refuse them. */
export const MIN_AUTH_SECRET_LENGTH = 32;

/**
 * The signing key for access tokens: AUTH_SECRET when set, else one generated on first start and
 * kept in $DATA_DIR/secrets/auth-secret (mode 0600) so tokens survive restarts. Several instances
 * must share AUTH_SECRET (or the data directory). A short configured key stops the start: with
 * it, anyone could forge a token for any account.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) {
    if (configured.length < MIN_AUTH_SECRET_LENGTH) {
      throw new Error(
        `AUTH_SECRET must be at least ${MIN_AUTH_SECRET_LENGTH} characters (try \`openssl rand -base64 48\`), or unset to generate one in DATA_DIR.`,
      );
    }
    return configured;
  }
  const file = path.join(dataDir, 'secrets', 'auth-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(48).toString('base64url');
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another instance sharing the data directory wrote it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    return fs.readFileSync(file, 'utf8').trim();
  }
}
