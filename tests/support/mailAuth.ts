import fs from 'node:fs';
import path from 'node:path';
import { generateKeyPairSync, createPublicKey } from 'node:crypto';
import { dkimSign } from 'mailauth/lib/dkim/sign.js';

/**
 * Mail authentication for tests, with no network: an RSA key of the tests' own (made once per
 * folder, so a test process and the server it started share it), the DNS answers the server's
 * checks read through INBOUND_DNS_RECORDS (the DKIM key and a DMARC p=reject policy for each
 * sending domain), and messages signed with mailauth's own DKIM signer, as a mail provider would.
 */
export const TEST_SELECTOR = 'tripcrew-test';
/** Domains whose mail the tests sign by default: where test accounts live. */
export const SIGNED_DOMAINS = ['example.com'];

type Records = Record<string, Record<string, string[]>>;

export interface MailAuth {
  /** The environment the server needs: its resolver answers from the records file. */
  env: { INBOUND_DNS_RECORDS: string };
  /** Adds answers (e.g. another domain's key or an SPF policy) to what the server's resolver sees. */
  addRecords(records: Records): void;
  /** The tests' private key (PEM), for an ARC sealer of the tests' own. */
  privateKey: string;
  /** The message with a valid DKIM signature of `domain` (the From's domain unless told). */
  sign(raw: Buffer, domain?: string): Promise<Buffer>;
}

function keyIn(dir: string): string {
  const file = path.join(dir, 'dkim-private.pem');
  if (!fs.existsSync(file)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    fs.mkdirSync(dir, { recursive: true });
    createOnce(file, privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
  }
  return fs.readFileSync(file, 'utf8');
}

/**
 * Writes `file` whole unless it exists, and never replaces it: several processes start at once
 * here (Playwright's runner, its loader, the workers). With a rename, two of them could each make
 * a key and the later rename replace the first, while a process had already read the first: CI
 * once had a journey's mail signed with a key the DNS answers no longer held ("bad signature").
 * A hard link fails when the name exists, so the first writer wins and everyone reads its file.
 */
function createOnce(file: string, content: string) {
  const scratch = `${file}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(scratch, content);
  try {
    fs.linkSync(scratch, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(scratch, { force: true });
  }
}

/** The DKIM key record of `domain` and its DMARC policy (reject what is not aligned). */
export function domainRecords(domain: string, privateKeyPem: string): Records {
  const p = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    [`${TEST_SELECTOR}._domainkey.${domain}`]: { TXT: [`v=DKIM1; k=rsa; p=${p}`] },
    [`_dmarc.${domain}`]: { TXT: ['v=DMARC1; p=reject'] },
  };
}

const fromDomain = (raw: Buffer) => {
  const head = raw.toString('utf8', 0, Math.min(raw.length, 64 * 1024)).split(/\r?\n\r?\n/)[0]!;
  const from = /^from:.*?([^\s<@]+@([^\s>]+))/im.exec(head);
  if (!from) throw new Error('no From in the message to sign');
  return from[2]!.toLowerCase();
};

export function mailAuth(dir: string, domains: string[] = SIGNED_DOMAINS): MailAuth {
  const key = keyIn(dir);
  const file = path.join(dir, 'dns-records.json');
  // Made from the key every process reads (keyIn), by whichever process comes first.
  if (!fs.existsSync(file)) createOnce(file, JSON.stringify(Object.assign({}, ...domains.map((d) => domainRecords(d, key))) as Records, null, 2));
  return {
    env: { INBOUND_DNS_RECORDS: file },
    privateKey: key,
    addRecords(more) {
      const records = JSON.parse(fs.readFileSync(file, 'utf8')) as Records;
      fs.writeFileSync(file, JSON.stringify({ ...records, ...more }, null, 2));
    },
    async sign(raw, domain = fromDomain(raw)) {
      const { signatures, errors } = await dkimSign(raw, { signatureData: [{ signingDomain: domain, selector: TEST_SELECTOR, privateKey: key }] });
      if (errors.length) throw new Error(`signing failed: ${JSON.stringify(errors)}`);
      return Buffer.concat([Buffer.from(signatures), raw]);
    },
  };
}
