import { expect, test } from '@playwright/test';

/** The browser's time zone goes with every API call, so the server's "today" is the traveller's. */
test.use({ timezoneId: 'Pacific/Kiritimati' });

test('every GraphQL call carries the browser time zone', async ({ page }) => {
  const zones: (string | undefined)[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && request.method() === 'POST') zones.push(request.headers()['x-time-zone']);
  });
  await page.goto('/signin?next=%2Fdashboard%2Ftrips');
  await page.getByLabel('Email').fill('priya@demo.tripcrew.local');
  await page.getByLabel('Password').fill('tripcrew-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Your Trips', level: 1 })).toBeVisible();
  expect(zones.length).toBeGreaterThan(0);
  expect(new Set(zones)).toEqual(new Set(['Pacific/Kiritimati']));
});
