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

  await writeAGuide(page);

  // Every check and export above is in the audit log.
  await page.goto('/dashboard/admin?tab=audit');
  await expect(page.getByText('system.export').first()).toBeVisible();
});

/** The guide editor: a new guide refused until its page is complete, created, published, read, then edited. */
async function writeAGuide(page: Page) {
  await page.getByRole('button', { name: 'New Guide' }).click();
  const editor = page.getByRole('dialog', { name: 'New Guide' });
  await editor.getByLabel('Title', { exact: true }).fill('Porto Travel Guide');
  await editor.getByLabel('City', { exact: true }).fill('Porto');
  await editor.getByLabel('Country', { exact: true }).fill('Portugal');
  await expect(editor.getByLabel('Address (slug)')).toHaveValue('porto');
  await editor.getByLabel('Summary', { exact: true }).fill('Port wine cellars, blue tiles and the Douro at sunset.');
  await editor.getByRole('button', { name: 'Add tag' }).click();
  await editor.getByLabel('Tag 1').fill('Wine Country');

  // The server names what is missing, and the editor opens the section that holds it.
  await editor.getByRole('button', { name: 'Create Guide' }).click();
  await expect(page.getByText('Failed to create guide: Best time is required.')).toBeVisible();
  await expect(editor.getByLabel('Best time')).toHaveAttribute('aria-invalid', 'true');
  await editor.getByLabel('Best time').fill('May, June and September');
  await editor.getByLabel('Daily budget').fill('€70–€130 per person');
  await editor.getByLabel('Must-try').fill('A francesinha and a glass of tawny');
  await editor.getByLabel('Hidden gem').fill('The Virtudes gardens at dusk');

  await editor.getByRole('button', { name: 'When to go' }).click();
  await editor.getByLabel('Peak season').fill('July and August: warm, busy riverside.');
  await editor.getByLabel('Sweet spot').fill('May, June and September: mild and bright.');
  await editor.getByLabel('Winter', { exact: true }).fill('Rainy but quiet, with the lowest prices.');
  await editor.getByLabel('Flights to').fill('Porto (OPO)');

  await editor.getByRole('button', { name: 'Sample itineraries' }).click();
  await editor.getByRole('button', { name: 'Add itinerary' }).click();
  await editor.getByLabel('Plan title').fill('2-Day Porto');
  await editor.getByLabel('Plan key').fill('2-day');
  await editor.getByLabel('From', { exact: true }).fill('250');
  await editor.getByLabel('Day 1').fill('Ribeira, the Dom Luís I bridge and a cellar in Gaia.');
  await editor.getByRole('button', { name: 'Add day' }).click();
  await editor.getByLabel('Day 2').fill('Livraria Lello, Bolhão market and the beach at Foz.');

  await editor.getByRole('button', { name: 'Map & local tips' }).click();
  await editor.getByLabel('Latitude').fill('41.1579');
  await editor.getByLabel('Longitude').fill('-8.6291');
  await editor.getByRole('button', { name: 'Add tip' }).click();
  await editor.getByLabel('Tip 1').fill('Buy an Andante card for the metro and trams.');
  await editor.getByRole('button', { name: 'Add tip' }).click();
  await editor.getByLabel('Tip 2').fill('A tip to remove.');
  await editor.getByRole('button', { name: 'Remove tip 2' }).click();
  await expect(editor.getByLabel('Tip 2')).toHaveCount(0);
  await bothWidths(page, 'guide-editor');

  await editor.getByRole('button', { name: 'Create Guide' }).click();
  await expect(page.getByText('Guide created successfully!')).toBeVisible();
  await expect(editor).toBeHidden();
  const row = page.getByRole('row', { name: /Porto Travel Guide/ });
  await expect(row).toContainText('draft');
  await row.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Guide published successfully!')).toBeVisible();
  await expect(row).toContainText('published');

  // Published, the guide is a page of its own, section by section.
  await page.goto('/guides/porto');
  await expect(page.getByRole('heading', { name: 'Porto Travel Guide', level: 1 })).toBeVisible();
  await expect(page.getByText('The Virtudes gardens at dusk')).toBeVisible();
  await expect(page.getByText('Buy an Andante card for the metro and trams.')).toBeVisible();
  await expect(page.getByText('A tip to remove.')).toHaveCount(0);

  // Edited: the stored page is loaded into the editor, and the change is what readers see.
  await page.goto('/dashboard/admin-guides');
  await page.getByRole('button', { name: 'Edit Porto Travel Guide' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Guide' });
  await expect(edit.getByLabel('Title', { exact: true })).toHaveValue('Porto Travel Guide');
  await edit.getByLabel('Title', { exact: true }).fill('Porto in Two Days');
  await edit.getByRole('button', { name: 'Quick facts' }).click();
  await expect(edit.getByLabel('Hidden gem')).toHaveValue('The Virtudes gardens at dusk');
  await edit.getByLabel('Hidden gem').fill('Sunset from the Jardim do Morro');
  await edit.getByLabel('Title', { exact: true }).fill('');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Failed to update guide: Title is required.')).toBeVisible();
  await edit.getByLabel('Title', { exact: true }).fill('Porto in Two Days');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Guide updated successfully!')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row', { name: /Porto in Two Days/ })).toBeVisible();

  await page.goto('/guides/porto');
  await expect(page.getByRole('heading', { name: 'Porto in Two Days', level: 1 })).toBeVisible();
  await expect(page.getByText('Sunset from the Jardim do Morro')).toBeVisible();
}
