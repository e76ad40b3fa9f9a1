import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, signIn, type Person } from './trips-helpers.js';

/**
 * A traveller writes a story with sections (a place with its picture, a favourites list, a text
 * section in the rich-text editor), the editor autosaves it after 30 s of quiet (the page's clock
 * is moved on, not waited for), it is published and read signed out, where the view is counted
 * once however often the reader reloads. The shared link's HTML carries the story's own tags.
 */

test.setTimeout(180_000);

/** A 1×1 PNG, made by sharp: the server decodes every upload, so it must be a real image. */
let PNG: Buffer;
test.beforeAll(async () => {
  PNG = await sharp({ create: { width: 1, height: 1, channels: 4, background: '#ffffff00' } })
    .png()
    .toBuffer();
});

test('write with sections, autosave, publish, read signed out, view counted once', async ({ browser, page }) => {
  const author: Person = { firstName: 'Rita', lastName: 'Santos', email: uniqueEmail('rita.story'), password: 'tell-the-crew-42' };
  const title = `Lisbon in Spring ${Date.now() % 100000}`;
  await createVerifiedAccount(page, author);
  await signIn(page, author.email, author.password);

  // The page's timers run on a clock the test can move on: autosave's 30 s without waiting.
  await page.clock.install();
  await page.goto('/blog/write');
  await expect(page.getByRole('heading', { name: 'Write Your Story', level: 1 })).toBeVisible();
  // The editor's defaults.
  await expect(page.getByLabel('City')).toHaveValue('Toronto');
  await expect(page.getByLabel('Tags')).toHaveValue('newcomer, coffee');
  await expect(page.getByTestId('story-status')).toHaveText('Draft');

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('City').fill('Lisbon');
  await page.getByLabel('Intro').fill('Two weeks of trams, tiles and pastries.');
  await page.getByLabel('Tags').fill(' trams, , tiles ,pastries');

  await page.getByRole('button', { name: 'Where I Stayed' }).click();
  await page.getByRole('textbox', { name: 'Where I Stayed item 1 name' }).fill('Casa do Largo');
  await page.getByRole('textbox', { name: 'Where I Stayed item 1 note' }).fill('A quiet square in Alfama.');
  await page
    .getByRole('group', { name: /Section 1: Where I Stayed/ })
    .locator('input[type=file]')
    .setInputFiles({ name: 'casa.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('button', { name: 'Change add image' })).toBeVisible();

  await page.getByRole('button', { name: 'Favorite Cafes' }).click();
  await page.getByRole('textbox', { name: 'Favorite Cafes item 1 name' }).fill('Manteigaria');
  await page.getByRole('textbox', { name: 'Favorite Cafes item 1 note' }).fill('The best pastéis de nata.');

  await page.getByRole('button', { name: 'Best Time to Visit' }).click();
  const months = page.getByRole('group', { name: 'Best Time to Visit months' });
  for (const m of ['October', 'April', 'May']) await months.getByText(m, { exact: true }).click();
  await page.getByRole('textbox', { name: 'Best Time to Visit note' }).fill('Mild days and open terraces.');

  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await page.getByRole('textbox', { name: 'Heading', exact: true }).fill('Getting around');
  const body = page.getByRole('textbox', { name: 'Getting around text' });
  await body.click();
  await page.keyboard.type('Take ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('tram 28');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' early.');

  // Nothing saved yet; 30 s of quiet later the story is saved silently as a draft.
  await expect(page.getByText(/^Saved /)).toHaveCount(0);
  await page.clock.fastForward(30_000);
  await expect(page.getByText(/^Saved \d/)).toBeVisible();
  await expect(page.getByTestId('story-status')).toHaveText('Draft');
  const editorScan = await new AxeBuilder({ page }).analyze();
  expect(editorScan.violations.map((v) => v.id)).toEqual([]);

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/blog\/stories\/lisbon-in-spring-\d+$/);
  const storyUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Story' })).toBeVisible();
  // The author reading is not a reader.
  await expect(page.getByTestId('story-views')).toHaveText('0 views');
  for (const tag of ['trams', 'tiles', 'pastries']) await expect(page.getByText(tag, { exact: true })).toBeVisible();
  // A place of the story saved to the wishlist, once.
  await page.getByRole('button', { name: 'Save Casa do Largo to your wishlist' }).click();
  await expect(page.getByRole('button', { name: 'Casa do Largo is saved to your wishlist' })).toBeDisabled();

  // Signed out: the story, its sections in order, no 'Edit Story', one view however often reloaded.
  const reader = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  await reader.goto(storyUrl);
  await expect(reader.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(reader.getByText('Casa do Largo')).toBeVisible();
  await expect(reader.getByRole('img', { name: 'Casa do Largo' })).toBeVisible();
  await expect(reader.getByRole('heading', { name: 'Favorite Cafes' })).toBeVisible();
  await expect(reader.getByText('Manteigaria')).toBeVisible();
  await expect(reader.getByRole('heading', { name: 'Getting around' })).toBeVisible();
  await expect(reader.locator('strong', { hasText: 'tram 28' })).toBeVisible();
  const headings = await reader.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings).toEqual(['Where I Stayed', 'Favorite Cafes', 'Best Time to Visit', 'Getting around']);
  // The months in calendar order, however they were picked.
  await expect(reader.getByRole('list', { name: 'Best months' }).getByRole('listitem')).toHaveText(['April', 'May', 'October']);
  await expect(reader.getByText('Mild days and open terraces.')).toBeVisible();
  await expect(reader.getByRole('link', { name: 'Edit Story' })).toHaveCount(0);
  await expect(reader.getByTestId('story-views')).toHaveText('1 view');
  await reader.reload();
  await expect(reader.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(reader.getByTestId('story-views')).toHaveText('1 view');
  const scan = await new AxeBuilder({ page: reader }).analyze();
  expect(scan.violations.map((v) => v.id)).toEqual([]);

  // The link as a preview service fetches it: the story's own title and description.
  const html = await (await reader.request.get(storyUrl)).text();
  expect(html).toContain(`<meta property="og:title" content="${title}" />`);
  expect(html).toContain('<meta name="description" content="Two weeks of trams, tiles and pastries." />');
  // Without a cover the preview picture is the product's own, as a raster preview cards can draw.
  const preview = /<meta property="og:image" content="([^"]+)" \/>/.exec(html)![1]!;
  expect(new URL(preview).pathname).toBe('/story-cover.jpg');
  expect((await reader.request.get(new URL(preview).pathname)).headers()['content-type']).toBe('image/jpeg');

  // On the blog, signed out.
  await reader.goto('/blog');
  await expect(reader.getByRole('link', { name: new RegExp(title) })).toBeVisible();

  // The author's list: published, and the Draft filter's own empty state.
  await page.goto('/dashboard/my-stories');
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByText('published')).toBeVisible();
  await page.getByText('Draft', { exact: true }).click();
  await expect(page.getByText('No draft stories')).toBeVisible();
  const listScan = await new AxeBuilder({ page }).analyze();
  expect(listScan.violations.map((v) => v.id)).toEqual([]);

  // Hide it: signed out it is gone; Unhide brings it back.
  await page.getByText('All', { exact: true }).click();
  await row.getByRole('button', { name: `Hide ${title}` }).click();
  await expect(row.getByText('hidden')).toBeVisible();
  await reader.goto(storyUrl);
  await expect(reader.getByRole('heading', { name: 'Story not found', level: 1 })).toBeVisible();
  await row.getByRole('button', { name: `Unhide ${title}` }).click();
  await expect(row.getByText('published')).toBeVisible();

  // Edit: the story comes back with its sections; Cancel returns to the list.
  await row.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Story', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveValue(title);
  await expect(page.getByRole('textbox', { name: 'Where I Stayed item 1 name' })).toHaveValue('Casa do Largo');
  await expect(page.getByRole('textbox', { name: 'Getting around text' })).toContainText('tram 28');
  await expect(page.getByRole('textbox', { name: 'Best Time to Visit note' })).toHaveValue('Mild days and open terraces.');
  await expect(page.getByRole('group', { name: 'Best Time to Visit months' }).getByRole('checkbox', { name: 'May' })).toBeChecked();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-stories$/);

  // Delete asks first, then the story is gone.
  await page
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('button', { name: `Delete ${title}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete story' });
  await expect(confirm.getByText('Are you sure you want to delete this story? This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
});

test('signed out, the editor asks to sign in', async ({ page }) => {
  await page.goto('/blog/write');
  await expect(page.getByText('Please sign in to create a story.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/signin?next=%2Fblog%2Fwrite');
});

/** Fails (aborts) the GraphQL operation named `operation`; every other request goes through. */
async function failOperation(page: import('@playwright/test').Page, operation: string) {
  await page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes(operation)) await route.abort();
    else await route.fallback();
  });
}

test('the autosave rules, and every story message of the catalogue as an in-app notice', async ({ page }) => {
  const author: Person = { firstName: 'Tiago', lastName: 'Lopes', email: uniqueEmail('tiago.notices'), password: 'notices-for-all-42' };
  await createVerifiedAccount(page, author);
  await signIn(page, author.email, author.password);
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/graphql') && r.postData()?.includes('useSaveStoryMutation')) saves.push(r.postData()!);
  });

  await page.clock.install();
  await page.goto('/blog/write');
  await expect(page.getByRole('heading', { name: 'Write Your Story', level: 1 })).toBeVisible();
  // Without a title nothing is autosaved, however long the quiet.
  await page.getByLabel('Intro').fill('A week of lessons learned.');
  await page.clock.fastForward(31_000);
  await expect(page.getByText(/^Saved /)).toHaveCount(0);
  expect(saves).toHaveLength(0);

  // A banned word: Save Draft says so; autosave is silent about it.
  await page.getByLabel('Title').fill('I hate queues');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Please remove inappropriate language before saving.')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss notice' }).click();
  await expect(page.getByText('Please remove inappropriate language before saving.')).toHaveCount(0);
  await page.getByLabel('Intro').fill('A week of lessons learned, again.');
  await page.clock.fastForward(31_000);
  await expect.poll(() => saves.length).toBe(2);
  await expect(page.getByText('Please remove inappropriate language before saving.')).toHaveCount(0);
  await expect(page.getByText(/^Saved /)).toHaveCount(0);

  // A failed save: 'Save failed'.
  await page.getByLabel('Title').fill('Queues of Porto');
  await failOperation(page, 'useSaveStoryMutation');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Save failed', { exact: true })).toBeVisible();
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Dismiss notice' }).click();

  // Autosave is silent when it works, and never starts while a save is in progress.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes('useSaveStoryMutation')) await released;
    await route.fallback();
  });
  const before = saves.length;
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByRole('button', { name: 'Saving…' })).toBeVisible();
  await page.getByLabel('Intro').fill('Changed while the save was on its way.');
  await page.clock.fastForward(31_000);
  expect(saves.length).toBe(before + 1);
  release();
  await expect(page.getByText(/^Saved \d/)).toBeVisible();
  await page.unrouteAll();
  // The change made during that save is saved 30 s later, silently (no 'Draft saved.' notice).
  await page.getByRole('button', { name: 'Dismiss notice' }).click();
  await page.clock.fastForward(31_000);
  await expect.poll(() => saves.length).toBe(before + 2);
  expect(saves.at(-1)).toContain('Changed while the save was on its way.');
  await expect(page.getByText('Draft saved.')).toHaveCount(0);

  // Preview opens the saved story in a new tab (its author may read a draft).
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Preview' }).click()]);
  await expect(tab).toHaveURL(/\/blog\/stories\/queues-of-porto$/);
  await expect(tab.getByRole('heading', { name: 'Queues of Porto', level: 1 })).toBeVisible();
  await tab.close();

  // Someone else's story, or none: not found or not yours, and back to My Stories.
  const nobodys = Buffer.from(`Story:${crypto.randomUUID()}`).toString('base64');
  await page.goto(`/blog/edit/${nobodys}`);
  await expect(page.getByText('Story not found or you do not have permission to edit it.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-stories$/);

  // The story cannot be loaded: 'Failed to load story. Please try again.', and back to My Stories.
  const row = page.getByRole('row', { name: /Queues of Porto/ });
  await expect(row).toBeVisible();
  const editHref = (await row.getByRole('link', { name: 'Edit Queues of Porto' }).getAttribute('href'))!;
  await failOperation(page, 'StoryEditorPageQuery');
  await page.goto(editHref);
  await expect(page.getByText('Failed to load story. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-stories$/);
  await page.unrouteAll();

  // A status move or a deletion that fails says so.
  await failOperation(page, 'useSetStoryStatusMutation');
  await row.getByRole('button', { name: 'Publish Queues of Porto' }).click();
  await expect(page.getByText('Failed to update story status. Please try again.')).toBeVisible();
  await page.unrouteAll();
  await failOperation(page, 'useDeleteStoryMutation');
  await row.getByRole('button', { name: 'Delete Queues of Porto' }).click();
  await page.getByRole('dialog', { name: 'Delete story' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Failed to delete story. Please try again.')).toBeVisible();
  await expect(row).toBeVisible();
  await page.unrouteAll();
});

test('signed out, My Stories and the edit screen send the visitor to sign in', async ({ page }) => {
  await page.goto('/dashboard/my-stories');
  await expect(page).toHaveURL(/\/signin\?next=%2Fdashboard%2Fmy-stories/);
  await page.goto('/blog/edit/some-story');
  await expect(page).toHaveURL(/\/signin/);
});
