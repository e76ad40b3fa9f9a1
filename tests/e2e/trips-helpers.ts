import { expect, type Page } from '@playwright/test';
import { waitForLink } from './mail.js';

/** YYYY-MM-DD, `days` from today (UTC, the server's calendar). */
export function isoDaysFromToday(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * An account made through the API (the sign-up wizard has its own spec) and verified from the
 * e-mailed link, so the trips journey starts signed out with a clean, unshared account.
 */
export async function createVerifiedAccount(page: Page, person: Person) {
  const asked = Date.now() - 1000;
  const res = await page.request.post('/api/auth/signup', {
    data: {
      email: person.email,
      password: person.password,
      first_name: person.firstName,
      last_name: person.lastName,
      city: 'Porto',
      state: 'Porto',
      country: 'OTHER',
      country_other: 'Portugal',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto(await waitForLink(person.email, 'verify-email', asked));
  await expect(page).toHaveURL(/\/signin/);
}

/** Signs in through the form; the app lands on /dashboard/trips. */
export async function signIn(page: Page, email: string, password: string) {
  if (!/\/signin/.test(page.url())) await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/trips/);
  await expect(page.getByRole('heading', { name: 'Your Trips', level: 1 })).toBeVisible();
}

/** Signs out from the dashboard's header (a button at 1280 px, a link in the phone menu) and waits for home. */
export async function signOut(page: Page) {
  await page
    .getByRole('button', { name: 'Sign Out' })
    .or(page.getByRole('link', { name: 'Sign Out' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
}

/** The sign-up wizard from an invitation: step 1 filled (e-mail prefilled), preferences skipped; lands on `lands`. */
export async function completeSignupWizard(page: Page, person: Person, lands: RegExp = /\/verify-email/) {
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(person.email);
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('City').fill('Lisbon');
  await page.getByLabel('State').fill('Lisboa');
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await page.getByText("Skip for now - I'll add preferences later").click();
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await page.getByRole('button', { name: /create account|sign up|finish/i }).click();
  await expect(page).toHaveURL(lands);
}
