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
