import { expect, type Page } from '@playwright/test';
import { createVerifiedAccount, signIn } from './trips-helpers.js';

/** The e2e server's administrators (ADMIN_EMAILS in playwright.config.ts): one per admin journey. */
export const ADMINS = {
  console: 'admin.e2e@example.com',
  people: 'admin.people@example.com',
  trips: 'admin.trips@example.com',
  content: 'admin.content@example.com',
  a11y: 'admin.a11y@example.com',
} as const;

export const ADMIN_PASSWORD = 'admin-journey-1';
const PASSWORD = ADMIN_PASSWORD;

/**
 * Signs in as one of the e2e administrators, creating the account on first use (a retried
 * journey finds it already there), and opens the console.
 */
export async function signInAdmin(page: Page, who: keyof typeof ADMINS, tab?: string) {
  const email = ADMINS[who];
  const exists = await page.request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  if (!exists.ok()) await createVerifiedAccount(page, { firstName: 'Avery', lastName: 'Admin', email, password: PASSWORD });
  await signIn(page, email, PASSWORD);
  await page.goto(`/dashboard/admin${tab ? `?tab=${tab}` : ''}`);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
}
