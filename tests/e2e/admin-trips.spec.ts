import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAdmin } from './admin-helpers.js';
import { createVerifiedAccount, isoDaysFromToday } from './trips-helpers.js';

// A traveller signed up and verified, then the administrator: generous on a busy machine.
test.setTimeout(240_000);

/** The traveller's trip with an expense and a checklist, made through the REST rows. */
async function travellerData(request: APIRequestContext, email: string, password: string, tag: string) {
  const signin = await request.post('/api/auth/signin', { data: { email, password } });
  const { access_token: token, user } = (await signin.json()) as { access_token: string; user: { id: string } };
  const headers = { authorization: `Bearer ${token}` };
  const trip = await request.post('/api/backend/create-trip', {
    headers,
    data: { name: `Azores ${tag}`, destination: 'Ponta Delgada, Portugal', start_date: isoDaysFromToday(20), end_date: isoDaysFromToday(24) },
  });
  expect(trip.status(), await trip.text()).toBe(201);
  const tripId = ((await trip.json()) as { trip: { id: string } }).trip.id;
  const expense = await request.post('/api/backend/save-expense', {
    headers,
    data: {
      trip_id: tripId,
      title: `Ferry ${tag}`,
      // Four figures and cents: at 375 px the total card is half the screen wide.
      amount: '1026.54',
      paid_by: user.id,
      participants: [user.id],
      expense_date: isoDaysFromToday(21),
      category: 'transport',
    },
  });
  expect(expense.status(), await expense.text()).toBe(200);
  const checklist = await request.post('/api/backend/save-checklist', { headers, data: { trip_id: tripId, title: `Pack ${tag}` } });
  expect(checklist.status(), await checklist.text()).toBe(200);
}

/** The elements reaching past the right edge, for a failure message that says what overflows. */
async function overflowing(page: Page, width: number): Promise<string> {
  const found = await page.evaluate((w) => {
    const out: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.right > w + 1 && r.width > 0) out.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)} right=${Math.round(r.right)}`);
    }
    return out.slice(-5).join('; ');
  }, width);
  return found ? `wider than ${width}px: ${found}` : `page fits ${width}px`;
}

/** A stat card's figure, by its label. */
async function statValue(page: Page, label: string): Promise<number> {
  const card = page.locator('.mantine-Paper-root').filter({ has: page.getByText(label, { exact: true }) });
  return Number(await card.locator('p').nth(1).innerText());
}

/** For each per-currency line of a stat card, how many lines its number (first digit to end) is drawn on. */
async function numberLines(page: Page, label: string): Promise<number[]> {
  const card = page.locator('.mantine-Paper-root').filter({ has: page.getByText(label, { exact: true }) });
  return card.locator('span.mantine-Text-root').evaluateAll((lines) =>
    lines.map((line) => {
      const range = document.createRange();
      range.selectNodeContents(line);
      const first = (line.textContent ?? '').search(/\d/);
      const tops = new Set<number>();
      // One rectangle per character of the number; distinct tops are distinct lines.
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      let seen = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++, seen++) {
          if (seen < first || text[i] === ' ') continue;
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          for (const r of range.getClientRects()) tops.add(Math.round(r.top));
        }
      }
      return tops.size;
    }),
  );
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // The page settles at its new width before it is measured and pictured.
    await expect.poll(() => page.evaluate(() => document.documentElement.clientWidth)).toBe(width);
    // Polled, not read once: a chart or a notice may still be settling; on failure the message names the widest elements.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: await overflowing(page, width) }).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`admin-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an administrator edits, cancels and creates trips, edits and deletes expenses and checklists', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const traveller = { firstName: 'Tomas', lastName: 'Traveller', email: `tomas.${tag}@example.com`, password: 'secret-tomas-1' };
  await createVerifiedAccount(page, traveller);
  await travellerData(request, traveller.email, traveller.password, tag);

  await signInAdmin(page, 'trips', 'trips');
  await expect(page.getByRole('heading', { name: 'Trip Management' })).toBeVisible();
  await expect(page.getByText('Total trips')).toBeVisible();
  await page.getByLabel('Search').fill(tag);
  const row = page.getByRole('row', { name: new RegExp(`Azores ${tag}`) });
  await expect(row).toBeVisible();
  await expect(row.getByText('upcoming')).toBeVisible();
  await expect(row.getByText('5 days')).toBeVisible();
  await shoot(page, 'trips');

  await row.getByRole('button', { name: `View Azores ${tag}` }).click();
  await expect(page.getByRole('dialog')).toContainText(traveller.email);
  await page.keyboard.press('Escape');

  // An edit whose new dates put the trip under way moves it between the stat cards at once.
  const upcoming = await statValue(page, 'Upcoming');
  const ongoing = await statValue(page, 'Ongoing');
  await row.getByRole('button', { name: `Edit Azores ${tag}` }).click();
  const editForm = page.getByRole('dialog');
  await editForm.getByLabel('Name').fill(`Azores ${tag} (edited)`);
  await editForm.getByLabel('Start date').fill(isoDaysFromToday(-1));
  await editForm.getByLabel('End date').fill(isoDaysFromToday(3));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Trip updated successfully!')).toBeVisible();
  const edited = page.getByRole('row', { name: new RegExp(`Azores ${tag} \\(edited\\)`) });
  await expect(edited).toBeVisible();
  await expect(edited.getByText('ongoing')).toBeVisible();
  await expect.poll(() => statValue(page, 'Upcoming')).toBe(upcoming - 1);
  await expect.poll(() => statValue(page, 'Ongoing')).toBe(ongoing + 1);

  // A request that never reaches the server says so in the console's words, and changes nothing.
  await page.route('**/graphql', (route) =>
    route.request().postData()?.includes('useAdminTripActionsCancelMutation') ? route.abort('internetdisconnected') : route.continue(),
  );
  await edited.getByRole('button', { name: new RegExp(`^Cancel Azores ${tag}`) }).click();
  await page.getByRole('button', { name: 'Cancel trip' }).click();
  await expect(page.getByText('Failed to cancel trip. Please try again.')).toBeVisible();
  await expect(edited.getByText('ongoing')).toBeVisible();
  await page.unroute('**/graphql');

  await edited.getByRole('button', { name: new RegExp(`^Cancel Azores ${tag}`) }).click();
  await expect(page.getByRole('dialog')).toContainText('All members will be notified. This action cannot be undone.');
  await page.getByRole('button', { name: 'Cancel trip' }).click();
  await expect(page.getByText('Trip cancelled successfully!')).toBeVisible();
  await expect(edited.getByText('cancelled')).toBeVisible();

  await page.getByRole('button', { name: 'Create Trip' }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel("Owner's e-mail").fill(traveller.email);
  await create.getByLabel('Name').fill(`Madeira ${tag}`);
  await create.getByLabel('Destination').fill('Funchal, Portugal');
  await create.getByRole('button', { name: 'Create Trip' }).click();
  await expect(page.getByText('Trip created successfully!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Madeira ${tag}`) })).toBeVisible();

  // Expenses.
  await page.getByRole('tab', { name: 'Expenses' }).click();
  await expect(page.getByRole('heading', { name: 'Expense Management' })).toBeVisible();
  await expect(page.getByText('Category breakdown')).toBeVisible();
  await page.getByLabel('Search').fill(tag);
  const ferry = page.getByRole('row', { name: new RegExp(`Ferry ${tag}`) });
  await expect(ferry).toBeVisible();
  await shoot(page, 'expenses');
  // At 375 px each per-currency total may put its number under its code, but never breaks the number itself.
  await page.setViewportSize({ width: 375, height: 900 });
  await expect.poll(async () => (await numberLines(page, 'Total amount')).length).toBeGreaterThan(0);
  expect(new Set(await numberLines(page, 'Total amount')), 'a total broken inside its number').toEqual(new Set([1]));
  await page.setViewportSize({ width: 1280, height: 900 });
  await ferry.getByRole('button', { name: `Edit Ferry ${tag}` }).click();
  await page.getByRole('dialog').getByLabel('Amount').fill('50');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Expense updated successfully!')).toBeVisible();
  await expect(ferry).toContainText('50.00');
  await page.getByRole('tab', { name: 'Splits' }).click();
  await expect(page.getByText('Payment rate')).toBeVisible();
  await page.getByRole('tab', { name: 'Settlements' }).click();
  await expect(page.getByText('Completion rate')).toBeVisible();
  await page.getByRole('tab', { name: 'Expenses', exact: true }).last().click();
  await page.getByLabel('Search').fill(tag);
  await page.getByRole('button', { name: `Delete Ferry ${tag}` }).click();
  await expect(page.getByRole('dialog')).toContainText('This action cannot be undone.');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Expense deleted successfully!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Ferry ${tag}`) })).toHaveCount(0);

  // Checklists.
  await page.getByRole('tab', { name: 'Checklists' }).first().click();
  await expect(page.getByRole('heading', { name: 'Checklist Management' })).toBeVisible();
  await page.getByLabel('Search').fill(tag);
  const pack = page.getByRole('row', { name: new RegExp(`Pack ${tag}`) });
  await expect(pack).toBeVisible();
  await shoot(page, 'checklists');
  await pack.getByRole('button', { name: `Edit Pack ${tag}` }).click();
  const save = page.getByRole('button', { name: 'Save changes' });
  // Unchanged or empty titles do not proceed.
  await expect(save).toBeDisabled();
  await page.getByRole('dialog').getByLabel('Title').fill(`Pack ${tag} now`);
  await save.click();
  await expect(page.getByText('Checklist updated successfully!')).toBeVisible();
  await page.getByRole('button', { name: `Delete Pack ${tag} now` }).click();
  await expect(page.getByRole('dialog')).toContainText('also delete all its items');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Checklist deleted successfully!')).toBeVisible();
  await page.getByRole('tab', { name: 'Items' }).click();
  await expect(page.getByText('Completion rate')).toBeVisible();

  // Every action is in the audit log.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  for (const action of ['trip.update', 'trip.cancel', 'trip.create', 'expense.update', 'expense.delete', 'checklist.update', 'checklist.delete'])
    await expect(page.getByText(action).first()).toBeVisible();
});
