import { expect, test, type Page } from '@playwright/test';
import { signInAdmin } from './admin-helpers.js';

test.setTimeout(240_000);

/** Screenshots at desktop and phone width; at 375 px nothing may push the page sideways. */
async function bothWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `.tmp/admin-content-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await page.screenshot({ path: `.tmp/admin-content-${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an administrator checks the system, exports users, and reads stories, analytics and guides', async ({ page }) => {
  await signInAdmin(page, 'content', 'system');

  // Health: the status panel shows what the checks found, not fixed text.
  await expect(page.getByText("No checks run yet. Run a health check to see each part's status.")).toBeVisible();
  await page.getByRole('button', { name: 'Check All' }).click();
  const status = page.getByRole('table', { name: 'System status' });
  await expect(status.getByRole('row', { name: /Database/ })).toContainText('Operational');
  await expect(status.getByRole('row', { name: /Storage/ })).toContainText('Operational');

  // Export: a dated JSON download, streamed by the server.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Users' }).click();
  expect((await download).suggestedFilename()).toMatch(/^tripcrew-users-\d{4}-\d{2}-\d{2}\.json$/);
  await bothWidths(page, 'system');

  await page.getByRole('tab', { name: 'Stories' }).click();
  await expect(page.getByText('Total Stories')).toBeVisible();
  await expect(page.getByLabel('Search stories')).toBeVisible();
  await bothWidths(page, 'stories');

  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('button', { name: 'Refresh Data' })).toBeVisible();
  await bothWidths(page, 'analytics');

  await page.goto('/dashboard/admin-guides');
  await expect(page.getByText('Barcelona').first()).toBeVisible();
  await bothWidths(page, 'guides');

  // Every check and export above is in the audit log.
  await page.goto('/dashboard/admin?tab=audit');
  await expect(page.getByText('system.export').first()).toBeVisible();
});
