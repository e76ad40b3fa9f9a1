import { expect, test } from '@playwright/test';
import { signIn } from './trips-helpers.js';

/** At 375 px Wrapped and Mapped fit the screen (no sideways scrolling); screenshots for review. */
test.use({ viewport: { width: 375, height: 740 } });

const year = new Date().getFullYear();

test('Wrapped and Mapped at 375 px', async ({ page }) => {
  await signIn(page, 'alex@demo.tripcrew.local', 'tripcrew-demo');
  await page.goto(`/dashboard/wrapped/${year}`);
  await expect(page.getByTestId('wrapped-card-places')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: '.tmp/wrapped-shots/wrapped-375.png', fullPage: true });

  await page.goto('/dashboard/mapped');
  await expect(page.getByTestId('world-map')).toBeVisible();
  await expect(page.getByTestId('mapped-headline')).toHaveText(/% of the world$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: '.tmp/wrapped-shots/mapped-375.png', fullPage: true });
});
