import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The signing key for access tokens: AUTH_SECRET when set, else one generated on first start and
 * kept in $DATA_DIR/secrets/auth-secret (mode 0600) so tokens survive restarts. Several instances
 * must share AUTH_SECRET (or the data directory).
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', 'auth-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(48).toString('base64url');
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return fs.readFileSync(file, 'utf8').trim();
  }
}
