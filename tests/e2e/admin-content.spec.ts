import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, ADMINS, signInAdmin } from './admin-helpers.js';

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
  await moderate(page);

  // Every check and export above is in the audit log.
  await page.goto('/dashboard/admin?tab=audit');
  await expect(page.getByText('system.export').first()).toBeVisible();
});

/** Opens a section of the editor (one the server found a fault in is already open). */
async function openSection(editor: Locator, name: string) {
  const control = editor.getByRole('button', { name, exact: true });
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  await expect(control).toHaveAttribute('aria-expanded', 'true');
}

/** The guide editor: a new guide refused until its page is complete, created, published, read, then edited. */
async function writeAGuide(page: Page) {
  await page.getByRole('button', { name: 'New Guide' }).click();
  const editor = page.getByRole('dialog', { name: 'New Guide' });
  await editor.getByRole('textbox', { name: 'Title', exact: true }).fill('Porto Travel Guide');
  await editor.getByRole('textbox', { name: 'City', exact: true }).fill('Porto');
  await editor.getByRole('textbox', { name: 'Country', exact: true }).fill('Portugal');
  await expect(editor.getByRole('textbox', { name: 'Address (slug)', exact: true })).toHaveValue('porto');
  await editor.getByRole('textbox', { name: 'Summary', exact: true }).fill('Port wine cellars, blue tiles and the Douro at sunset.');
  await editor.getByRole('button', { name: 'Add tag' }).click();
  await editor.getByRole('textbox', { name: 'Tag 1', exact: true }).fill('Wine Country');

  // The server names what is missing, and the editor opens the section that holds it.
  await editor.getByRole('button', { name: 'Create Guide' }).click();
  await expect(page.getByText('Failed to create guide: Best time is required.')).toBeVisible();
  await expect(editor.getByRole('textbox', { name: 'Best time', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await editor.getByRole('textbox', { name: 'Best time', exact: true }).fill('May, June and September');
  await editor.getByRole('textbox', { name: 'Daily budget', exact: true }).fill('€70–€130 per person');
  await editor.getByRole('textbox', { name: 'Must-try', exact: true }).fill('A francesinha and a glass of tawny');
  await editor.getByRole('textbox', { name: 'Hidden gem', exact: true }).fill('The Virtudes gardens at dusk');

  await openSection(editor, 'When to go');
  await editor.getByRole('textbox', { name: 'Peak season', exact: true }).fill('July and August: warm, busy riverside.');
  await editor.getByRole('textbox', { name: 'Sweet spot', exact: true }).fill('May, June and September: mild and bright.');
  await editor.getByRole('textbox', { name: 'Winter', exact: true }).fill('Rainy but quiet, with the lowest prices.');
  await editor.getByRole('textbox', { name: 'Flights to', exact: true }).fill('Porto (OPO)');

  await openSection(editor, 'Sample itineraries');
  await editor.getByRole('button', { name: 'Add itinerary' }).click();
  await editor.getByRole('textbox', { name: 'Plan title', exact: true }).fill('2-Day Porto');
  await editor.getByRole('textbox', { name: 'Plan key', exact: true }).fill('2-day');
  await editor.getByRole('textbox', { name: 'From', exact: true }).fill('250');
  await editor.getByRole('textbox', { name: 'Day 1', exact: true }).fill('Ribeira, the Dom Luís I bridge and a cellar in Gaia.');
  await editor.getByRole('button', { name: 'Add day' }).click();
  await editor.getByRole('textbox', { name: 'Day 2', exact: true }).fill('Livraria Lello, Bolhão market and the beach at Foz.');

  await openSection(editor, 'Map & local tips');
  await editor.getByRole('textbox', { name: 'Latitude', exact: true }).fill('41.1579');
  await editor.getByRole('textbox', { name: 'Longitude', exact: true }).fill('-8.6291');
  await editor.getByRole('button', { name: 'Add tip' }).click();
  await editor.getByRole('textbox', { name: 'Tip 1', exact: true }).fill('Buy an Andante card for the metro and trams.');
  await editor.getByRole('button', { name: 'Add tip' }).click();
  await editor.getByRole('textbox', { name: 'Tip 2', exact: true }).fill('A tip to remove.');
  await editor.getByRole('button', { name: 'Remove tip 2' }).click();
  await expect(editor.getByRole('textbox', { name: 'Tip 2', exact: true })).toHaveCount(0);
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
  await expect(edit.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Porto Travel Guide');
  await edit.getByRole('textbox', { name: 'Title', exact: true }).fill('Porto in Two Days');
  await openSection(edit, 'Quick facts');
  await expect(edit.getByRole('textbox', { name: 'Hidden gem', exact: true })).toHaveValue('The Virtudes gardens at dusk');
  await edit.getByRole('textbox', { name: 'Hidden gem', exact: true }).fill('Sunset from the Jardim do Morro');
  await edit.getByRole('textbox', { name: 'Title', exact: true }).fill('');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Failed to update guide: Title is required.')).toBeVisible();
  await edit.getByRole('textbox', { name: 'Title', exact: true }).fill('Porto in Two Days');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Guide updated successfully!')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row', { name: /Porto in Two Days/ })).toBeVisible();

  await page.goto('/guides/porto');
  await expect(page.getByRole('heading', { name: 'Porto in Two Days', level: 1 })).toBeVisible();
  await expect(page.getByText('Sunset from the Jardim do Morro')).toBeVisible();
}

/**
 * The new guide featured, hidden and deleted, and a story hidden, published again and deleted,
 * from the console: each change is announced, and each deletion asks first in the seed's words.
 */
async function moderate(page: Page) {
  await page.goto('/dashboard/admin-guides');
  const porto = page.getByRole('row', { name: /Porto in Two Days/ });
  await porto.getByRole('button', { name: 'Feature', exact: true }).click();
  await expect(page.getByText('Guide featured successfully!')).toBeVisible();
  await expect(porto.getByRole('button', { name: 'Unfeature', exact: true })).toBeVisible();
  await porto.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(page.getByText('Guide hidden successfully!')).toBeVisible();
  await expect(porto.getByRole('button', { name: 'Hide', exact: true })).toHaveCount(0);
  await porto.getByRole('button', { name: 'Delete', exact: true }).click();
  const askGuide = page.getByRole('dialog', { name: 'Delete guide' });
  await expect(askGuide).toContainText('Are you sure you want to delete this guide? This action cannot be undone.');
  await askGuide.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Guide deleted successfully!')).toBeVisible();
  await expect(porto).toHaveCount(0);

  const signin = await page.request.post('/api/auth/signin', { data: { email: ADMINS.content, password: ADMIN_PASSWORD } });
  const token = ((await signin.json()) as { access_token: string }).access_token;
  const title = `Tram 28 notes ${Date.now().toString(36)}`;
  const saved = await page.request.post('/api/backend/save-story', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, city: 'Lisbon', intro: 'Up the hill to the castle.', tags: 'trams', status: 'published' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const { slug } = ((await saved.json()) as { story: { slug: string } }).story;
  expect((await page.request.get(`/api/backend/story/${slug}`)).status()).toBe(200);
  await page.goto('/dashboard/admin?tab=stories');
  await page.getByLabel('Search stories').fill(title);
  const story = page.getByRole('row', { name: new RegExp(title) });
  await story.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(page.getByText('Story hidden successfully!')).toBeVisible();
  await story.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Story published successfully!')).toBeVisible();
  await story.getByRole('button', { name: 'Delete', exact: true }).click();
  const askStory = page.getByRole('dialog', { name: 'Delete story' });
  await expect(askStory).toContainText('Are you sure you want to delete this story? This action cannot be undone.');
  await askStory.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Story deleted successfully!')).toBeVisible();
  await expect(story).toHaveCount(0);
  expect((await page.request.get(`/api/backend/story/${slug}`)).status()).toBe(404);
}
