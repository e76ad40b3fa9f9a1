import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_AUTH_SECRET_LENGTH, resolveAuthSecret } from '../../api/src/platform/secrets.js';

describe('AUTH_SECRET', () => {
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-secret-'));

  it('refuses a configured key too short to resist guessing', () => {
    expect(() => resolveAuthSecret('change-me', dir())).toThrow(/at least 32 characters/);
    const ok = 'x'.repeat(MIN_AUTH_SECRET_LENGTH);
    expect(resolveAuthSecret(ok, dir())).toBe(ok);
  });

  it('generates one key per data directory and keeps it', () => {
    const d = dir();
    const first = resolveAuthSecret(undefined, d);
    expect(first.length).toBeGreaterThanOrEqual(MIN_AUTH_SECRET_LENGTH);
    expect(resolveAuthSecret('', d)).toBe(first);
    expect((fs.statSync(path.join(d, 'secrets', 'auth-secret')).mode & 0o777).toString(8)).toBe('600');
  });
});
