import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAdmin } from './admin-helpers.js';

test.setTimeout(120_000);

test('an administrator changes a rewards programme’s point value, sees it audited, and resets it to the shipped entry', async ({ page }) => {
  await signInAdmin(page, 'content', 'rewards');
  // The side menu leads to the traveller's wallet.
  await expect(page.getByRole('link', { name: 'Rewards' })).toHaveAttribute('href', '/dashboard/rewards');
  await expect(page.getByRole('tab', { name: 'Rewards' })).toHaveAttribute('aria-selected', 'true');

  const table = page.getByRole('table', { name: 'Rewards programmes' });
  await expect(table).toBeVisible();
  await page.getByRole('textbox', { name: 'Search programmes' }).fill('accor');
  const row = table.getByRole('row').filter({ hasText: 'Accor ALL' });
  await expect(row).toHaveCount(1);
  // A run retried after a failure may find the entry still changed: start from the shipped one.
  if (await row.getByRole('button', { name: 'Reset Accor ALL to shipped' }).isVisible()) {
    await row.getByRole('button', { name: 'Reset Accor ALL to shipped' }).click();
    await page.getByRole('dialog', { name: 'Reset to shipped' }).getByRole('button', { name: 'Reset' }).click();
    await expect(row.getByRole('button', { name: 'Reset Accor ALL to shipped' })).toHaveCount(0);
  }
  await expect(row).toContainText('2¢');
  await expect(row).toContainText('Shipped');

  await row.getByRole('button', { name: 'Edit Accor ALL' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Accor ALL' });
  const value = dialog.getByRole('textbox', { name: /Point value \(cents\)/ });
  await value.fill('2.4');
  await dialog.getByRole('textbox', { name: 'Hotels' }).fill('3');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Programme updated successfully!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('2.4¢');
  await expect(row.getByText('Overridden')).toBeVisible();

  // Reset to shipped asks first.
  await row.getByRole('button', { name: 'Reset Accor ALL to shipped' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset to shipped' });
  await expect(confirm).toContainText('Every administrator change to it is dropped.');
  await confirm.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Programme reset to the shipped entry.')).toBeVisible();
  await expect(row).toContainText('2¢');
  await expect(row).toContainText('Shipped');

  // Both changes are in the audit log.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.getByText('reward_program.update', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('reward_program.reset', { exact: true }).first()).toBeVisible();
});

test('the rewards tab and its edit form pass axe at 1280 and 375 px', async ({ page }) => {
  await signInAdmin(page, 'content', 'rewards');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
    const edit = page.getByRole('button', { name: 'Edit Accor ALL' });
    await page.getByRole('textbox', { name: 'Search programmes' }).fill('accor');
    await expect(edit).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/rewards-tab-${width}.png`, fullPage: true });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit Accor ALL' });
    await expect(dialog.getByRole('button', { name: 'Save changes' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/rewards-edit-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
});

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}
