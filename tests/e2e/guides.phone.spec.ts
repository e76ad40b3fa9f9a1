import { expect, test } from '@playwright/test';

test('a guide page on a phone: nothing wider than the screen, the section bar follows the reader', async ({ page }) => {
  await page.goto('/guides/paris');
  await expect(page.getByRole('heading', { name: 'Paris Travel Guide', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
  const nav = page.getByRole('navigation', { name: 'Guide sections' });
  await page.locator('#budget').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const budget = nav.getByRole('button', { name: 'Budget Guide' });
  await expect(budget).toHaveAttribute('aria-current', 'true');
  await expect(budget).toBeInViewport({ ratio: 0.9 });
});
