import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from './env.js';

/** Waits for a mail to `to` in the server's outbox and returns the first link containing `fragment`. */
export async function waitForLink(to: string, fragment: string, after = 0): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  let link = '';
  await expect
    .poll(
      async () => {
        if (!fs.existsSync(dir)) return '';
        for (const f of fs.readdirSync(dir).sort().reverse()) {
          const file = path.join(dir, f);
          if (fs.statSync(file).mtimeMs < after) continue;
          const m = await simpleParser(fs.readFileSync(file));
          const rcpt = Array.isArray(m.to) ? m.to[0]?.text : m.to?.text;
          if (!rcpt?.includes(to)) continue;
          const found = m.text?.match(new RegExp(`https?://\\S*${fragment}\\S*`))?.[0];
          if (found) return (link = found);
        }
        return '';
      },
      { timeout: 30_000, message: `mail to ${to} with ${fragment}` },
    )
    .not.toBe('');
  return link;
}

export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
