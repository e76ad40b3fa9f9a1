import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

/** No serious or critical accessibility violations on the public pages (axe-core). */
for (const path of ['/', '/signup', '/signin', '/forgot-password', '/how-it-works']) {
  test(`accessible: ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // The landing page fades sections in as they scroll into view; axe measures colours as they are
    // painted, so a half-faded button reads as low contrast. Reveal every section, then wait until no
    // transition is running, so the check sees the final colours.
    for (let step = 0; step < 40; step++) {
      const atBottom = await page.evaluate(() => scrollY + innerHeight >= document.scrollingElement!.scrollHeight - 2);
      if (atBottom) break;
      await page.mouse.wheel(0, 500);
      await page.waitForTimeout(100);
    }
    await expect.poll(() => page.locator('.tc-reveal[data-reveal="hidden"]').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  });
}

/** The signed-in screens, as the demo account with trips, friends and notifications. */
test('accessible: signed-in screens', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Email').fill('maria@demo.tripcrew.local');
  await page.getByLabel('Password').fill('tripcrew-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/trips/);
  for (const path of ['/dashboard', '/dashboard/trips', '/dashboard/friends', '/dashboard/settings']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path} ${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  }
});
