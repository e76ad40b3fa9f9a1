import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ChecklistMessages as M } from '../../api/src/checklists/messages.js';
import { CHECKLIST_TEMPLATES } from '../../api/src/checklists/templates.js';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, isoDaysFromToday, signIn, type Person } from './trips-helpers.js';

/**
 * Two members pack from one shared checklist, live: A starts one from the beach template, adds an
 * item assigned to B with a due date already past (shown overdue), B ticks it and A sees the tick,
 * A ticks another and B sees it, a tick that cannot reach the server rolls back with its notice,
 * and deleting the checklist asks first and empties both pages. No page is reloaded.
 */

test.setTimeout(240_000);

const password = 'pack-together-42';

/** Runs `steps` while the named GraphQL operation fails as a dropped connection would. */
async function failOperation(page: Page, operationName: string, steps: () => Promise<void>) {
  const handler = (route: import('@playwright/test').Route) =>
    (route.request().postDataJSON() as { operationName?: string } | null)?.operationName === operationName ? route.abort('failed') : route.fallback();
  await page.route('**/graphql', handler);
  try {
    await steps();
  } finally {
    await page.unroute('**/graphql', handler);
  }
}

test('two members share a checklist: template, assignment, overdue, live ticks both ways, rollback, delete after asking', async ({ browser }, testInfo) => {
  const a: Person = { firstName: 'Marta', lastName: 'Sousa', email: uniqueEmail('marta.pack'), password };
  const b: Person = { firstName: 'Rui', lastName: 'Costa', email: uniqueEmail('rui.pack'), password };
  const tripName = `Algarve ${Date.now() % 100000}`;
  const beach = CHECKLIST_TEMPLATES.BEACH;

  const pageA = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const pageB = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await createVerifiedAccount(pageA, a);
  await createVerifiedAccount(pageB, b);
  await signIn(pageA, a.email, a.password);
  await signIn(pageB, b.email, b.password);

  // A creates a trip starting in 3 days and invites B, who accepts.
  await pageA.getByRole('button', { name: 'Create New Trip' }).click();
  const create = pageA.getByRole('dialog', { name: 'Create New Trip' });
  await create.getByLabel('Trip name').fill(tripName);
  await create.getByLabel('Destination').fill('Faro');
  await pageA.getByRole('listbox', { name: 'Suggested places' }).getByRole('option').filter({ hasText: 'Portugal' }).first().click();
  await create.getByLabel('Start date').fill(isoDaysFromToday(3));
  await create.getByLabel('End date').fill(isoDaysFromToday(9));
  await create.getByRole('button', { name: 'Create Trip' }).click();
  await expect(create).toBeHidden();
  await pageA
    .getByRole('article', { name: tripName })
    .getByRole('button', { name: `Invite friends to ${tripName}` })
    .click();
  const invite = pageA.getByRole('dialog', { name: 'Invite Friends' });
  await invite.getByRole('tab', { name: 'Send Email Invite' }).click();
  await invite.getByLabel('Email address').fill(b.email);
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite).toBeHidden();
  await pageB
    .getByRole('article', { name: `Invitation to ${tripName}` })
    .getByRole('button', { name: 'Accept Invitation' })
    .click();
  await expect(pageB.getByRole('article', { name: tripName })).toBeVisible();

  // The checklist screen: counters and the trip's card with its phase ('3 days away').
  await pageA.goto('/dashboard/checklist');
  await expect(pageA.getByRole('heading', { name: 'Checklists', level: 1 })).toBeVisible();
  await expect(pageA.getByTestId('counter-Active Trips')).toHaveText('1');
  await expect(pageA.getByTestId('counter-Upcoming')).toHaveText('1');
  await expect(pageA.getByTestId('counter-In Progress')).toHaveText('0');
  const indexAxe = await new AxeBuilder({ page: pageA }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(indexAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.html} ${n.failureSummary}`).join(' ')}`)).toEqual([]);
  const card = pageA.getByRole('article', { name: tripName });
  await expect(card.getByText('3 days away')).toBeVisible();
  await expect(card.getByRole('group', { name: /Members: Marta Sousa, Rui Costa/ })).toBeVisible();
  // A trip made elsewhere (here through the REST door) joins the cards and counters live.
  const token = await pageA.evaluate(() => (JSON.parse(localStorage.getItem('tripcrew.session') ?? 'null') as { access_token: string }).access_token);
  const made = await pageA.request.post('/api/backend/create-trip', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Sagres ${tripName.slice(8)}`, start_date: isoDaysFromToday(40), end_date: isoDaysFromToday(45) },
  });
  expect(made.status()).toBe(201);
  await expect(pageA.getByRole('article', { name: `Sagres ${tripName.slice(8)}` }).getByText('Upcoming')).toBeVisible();
  await expect(pageA.getByTestId('counter-Active Trips')).toHaveText('2');
  await expect(pageA.getByTestId('counter-Upcoming')).toHaveText('2');
  await card.getByRole('link', { name: tripName }).click();
  await expect(pageA.getByRole('heading', { name: tripName, level: 1 })).toBeVisible();
  await expect(pageA.getByText('2 members')).toBeVisible();
  await expect(pageA.getByText(M.noChecklists)).toBeVisible();

  await pageB.goto('/dashboard/checklist');
  await pageB.getByRole('article', { name: tripName }).getByRole('link', { name: tripName }).click();
  await expect(pageB.getByText(M.noChecklists)).toBeVisible();

  // A starts from the beach template; B sees it arrive.
  await pageA.getByRole('button', { name: 'Add Checklist' }).click();
  const form = pageA.getByRole('dialog', { name: 'Add Checklist' });
  await form.getByLabel('Start from a template').selectOption('BEACH');
  await expect(form.getByTestId('template-preview')).toContainText(`${beach.items.length} items`);
  await form.getByRole('button', { name: 'Add Checklist' }).click();
  await expect(form).toBeHidden();
  const listA = pageA.getByRole('region', { name: beach.title });
  const listB = pageB.getByRole('region', { name: beach.title });
  await expect(listA.getByText(`${beach.items.length} items · 0 completed · ${beach.items.length} pending`)).toBeVisible();
  await expect(listB.getByText(`${beach.items.length} items · 0 completed · ${beach.items.length} pending`)).toBeVisible();

  // An item: the description is required; then assigned to B, due yesterday (overdue).
  await listA.getByRole('button', { name: 'Add Item' }).click();
  const itemForm = pageA.getByRole('dialog', { name: 'Add Item' });
  await itemForm.getByLabel('Description').fill('   ');
  await itemForm.getByRole('button', { name: 'Add Item' }).click();
  await expect(itemForm.getByText(M.descriptionRequired)).toBeVisible();
  await itemForm.getByLabel('Description').fill('Snorkel set');
  await itemForm.getByLabel('Assigned to').selectOption({ label: 'Rui Costa' });
  await itemForm.getByLabel('Due date').fill(isoDaysFromToday(-1));
  await itemForm.getByRole('button', { name: 'Add Item' }).click();
  await expect(itemForm).toBeHidden();
  const total = beach.items.length + 1;
  for (const list of [listA, listB]) {
    const row = list.getByTestId('checklist-item').filter({ hasText: 'Snorkel set' });
    await expect(row.getByText('(Assigned to Rui Costa)')).toBeVisible();
    await expect(row.getByText(/Overdue/)).toBeVisible();
  }

  // B ticks the assigned item from the keyboard: A sees it ticked and the counts move.
  await listB.getByRole('checkbox', { name: 'Snorkel set' }).focus();
  await pageB.keyboard.press('Space');
  await expect(listA.getByRole('checkbox', { name: 'Snorkel set' })).toBeChecked();
  await expect(listA.getByText(`${total} items · 1 completed · ${total - 1} pending`)).toBeVisible();
  await expect(
    listA
      .getByTestId('checklist-item')
      .filter({ hasText: 'Snorkel set' })
      .getByText(/Overdue/),
  ).toHaveCount(0);
  // A ticks another: B sees it.
  await listA.getByRole('checkbox', { name: 'Sunscreen (SPF 30+)' }).check();
  await expect(listB.getByRole('checkbox', { name: 'Sunscreen (SPF 30+)' })).toBeChecked();
  await expect(listB.getByText(`${total} items · 2 completed · ${total - 2} pending`)).toBeVisible();

  // A tick that cannot reach the server rolls back, with the catalogue's notice.
  await failOperation(pageA, 'useToggleChecklistItemMutation', async () => {
    await listA.getByRole('checkbox', { name: 'Swimsuits' }).click();
    await expect(pageA.getByText(M.updateItemFailed)).toBeVisible();
    await expect(listA.getByRole('checkbox', { name: 'Swimsuits' })).not.toBeChecked();
  });
  await expect(listB.getByRole('checkbox', { name: 'Swimsuits' })).not.toBeChecked();

  const axe = await new AxeBuilder({ page: pageA }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  await pageA.screenshot({ path: testInfo.outputPath('checklists-1280.png'), fullPage: true });
  await pageB.setViewportSize({ width: 375, height: 800 });
  await expect(listB.getByRole('button', { name: 'Add Item' })).toBeVisible();
  // The layout settles after a resize (the menu leaves the screen): wait for the page to fit.
  await expect.poll(() => pageB.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await pageB.screenshot({ path: testInfo.outputPath('checklists-375.png'), fullPage: true });

  // Deleting asks first, then the checklist leaves both pages.
  await listA.getByRole('button', { name: `Delete ${beach.title}` }).click();
  const confirm = pageA.getByRole('dialog', { name: `Delete "${beach.title}"?` });
  await expect(confirm.getByText(M.confirmDeleteChecklist)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete checklist' }).click();
  await expect(pageA.getByText(M.noChecklists)).toBeVisible();
  await expect(pageB.getByText(M.noChecklists)).toBeVisible();

  // The owner deletes the trip: B, on its checklists, is told and taken back to the trips.
  const tripUuid = new URL(pageA.url()).pathname.split('/').pop()!;
  const deleted = await pageA.request.delete(`/api/backend/delete-trip/${tripUuid}`, { headers: { authorization: `Bearer ${token}` } });
  expect(deleted.ok()).toBe(true);
  await expect(pageB.getByText('This trip was deleted.')).toBeVisible();
  await expect(pageB).toHaveURL(/\/dashboard\/checklist$/);
  await expect(pageB.getByRole('heading', { name: 'Checklists', level: 1 })).toBeVisible();
});
