import { expect, test } from '@playwright/test';

/** Phone width: the landing page reads, and the signed-in shell's menu collapses behind a burger. */
test('landing and the dashboard menu on a phone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Planning Your Trip' }).first()).toBeVisible();
  await page.goto('/signin');
  await page.getByLabel('Email').fill('alex@demo.tripcrew.local');
  await page.getByLabel('Password').fill('tripcrew-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/trips/);
  await page.goto('/dashboard');
  await expect(page.getByText('Hello, Alex')).toBeVisible();
  const friendsLink = page.getByRole('link', { name: 'Friends', exact: true });
  await expect(friendsLink).not.toBeInViewport();
  await page
    .getByRole('button', { name: /menu|navigation/i })
    .first()
    .click();
  await expect(friendsLink).toBeInViewport();
  await friendsLink.click();
  await expect(page).toHaveURL(/\/dashboard\/friends/);
});

/** At 375 px (the narrowest phones in wide use) the signed-in top bar keeps every control on screen. */
test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('the top bar fits: Sign Out and the other controls are whole', async ({ page }) => {
    await page.goto('/signin');
    await page.getByLabel('Email').fill('alex@demo.tripcrew.local');
    await page.getByLabel('Password').fill('tripcrew-demo');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard\/trips/);
    for (const path of ['/dashboard', '/dashboard/trips', '/dashboard/friends', '/dashboard/settings']) {
      await page.goto(path);
      const signOut = page.getByRole('button', { name: 'Sign Out' });
      await expect(signOut).toBeVisible();
      const header = page.locator('header');
      const boxes = await header.locator('a, button').evaluateAll((els) =>
        els
          .filter((el) => (el as HTMLElement).offsetParent !== null)
          .map((el) => {
            const r = el.getBoundingClientRect();
            return { name: el.getAttribute('aria-label') ?? el.textContent, left: r.left, right: r.right };
          }),
      );
      for (const b of boxes) {
        expect(b.left, `${path}: ${b.name}`).toBeGreaterThanOrEqual(0);
        expect(b.right, `${path}: ${b.name}`).toBeLessThanOrEqual(375);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
  });
});
