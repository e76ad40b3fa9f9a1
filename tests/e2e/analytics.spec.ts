import { expect, test, type Request } from '@playwright/test';

/** page views and time on page, sent by the web app and stored by the API. */
test('reports page views and time on page, paths only, and the API accepts them', async ({ page }) => {
  const events: { event_type: string; page: string; metadata?: { duration_ms?: number }; status: number }[] = [];
  page.on('requestfinished', async (request: Request) => {
    if (!request.url().endsWith('/api/backend/analytics/event')) return;
    const response = await request.response();
    events.push({ ...request.postDataJSON(), status: response?.status() ?? 0 });
  });

  await page.goto('/reset-password?token=do-not-leak-me');
  await expect.poll(() => events.map((e) => `${e.event_type} ${e.page}`)).toContain('page_view /reset-password');
  await page
    .getByRole('link', { name: /sign in/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/signin/);
  await expect.poll(() => events.map((e) => `${e.event_type} ${e.page}`)).toContain('page_view /signin');

  // The time on the page left goes out beside the next page's view: either may finish first.
  const timeOnReset = () => events.find((e) => e.event_type === 'time_on_page' && e.page === '/reset-password')?.metadata?.duration_ms ?? 0;
  await expect.poll(timeOnReset).toBeGreaterThan(0);
  expect(JSON.stringify(events)).not.toContain('do-not-leak-me');
  expect(events.every((e) => e.status >= 200 && e.status < 300)).toBe(true);
});
