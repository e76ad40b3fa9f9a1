import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The e2e journeys' DKIM key (tests/support/mailAuth.ts) is made by whichever of the processes
 * starting at once comes first, and every one of them signs with that key: the DNS answers the
 * server reads are the same key's. Eight processes race for an empty folder here.
 */
describe('the journeys’ mail key, made by processes starting at once', () => {
  it('is one key for every process, the one the DNS answers hold', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-keyrace-')), 'auth');
    const script = `import { mailAuth } from ${JSON.stringify(path.resolve('tests/support/mailAuth.ts'))};
      const m = mailAuth(${JSON.stringify(dir)});
      process.stdout.write(m.privateKey);`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), '--eval', script], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
      });
    const keys = await Promise.all(Array.from({ length: 8 }, run));
    const onDisk = fs.readFileSync(path.join(dir, 'dkim-private.pem'), 'utf8');
    expect(new Set(keys)).toEqual(new Set([onDisk]));
    const { mailAuth, domainRecords } = await import('../support/mailAuth.js');
    const records = JSON.parse(fs.readFileSync(mailAuth(dir).env.INBOUND_DNS_RECORDS, 'utf8')) as unknown;
    expect(records).toEqual(domainRecords('example.com', onDisk));
    expect(fs.readdirSync(dir).sort()).toEqual(['dkim-private.pem', 'dns-records.json']);
  }, 60_000);
});
