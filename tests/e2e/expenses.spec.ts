import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, isoDaysFromToday, signIn, type Person } from './trips-helpers.js';

/**
 * Three members share a trip's costs: an equal dinner, a 60/40 taxi (the preset) and a custom
 * museum visit in euros at a typed rate. Each sees the others' expenses and the balances move
 * live, follows the suggested payments with 'Record payment', and all end settled up to the cent.
 * Then a bottle paid by two, an itemised lunch (each line to its own people, tax in proportion),
 * the spending chart, and the CSV export. No page is reloaded.
 */

test.setTimeout(300_000);
const password = 'split-fairly-42';

/** A GraphQL call as the page's signed-in user (setting up the trip, which other journeys cover). */
async function gql(page: Page, query: string, variables: Record<string, unknown>) {
  return page.evaluate(
    async ([q, v]) => {
      const token = (JSON.parse(localStorage.getItem('tripcrew.session') ?? 'null') as { access_token: string }).access_token;
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: q, variables: v }),
      });
      return (await res.json()) as { data: any };
    },
    [query, variables] as const,
  );
}

const card = (page: Page, name: string) => page.getByRole('region', { name }).or(page.locator('section', { has: page.getByRole('heading', { name }) }));

test('three members share costs in two currencies, see balances live, and settle up to zero', async ({ browser }) => {
  const people: Person[] = ['Ana', 'Bruno', 'Clara'].map((firstName) => ({
    firstName,
    lastName: 'Sousa',
    email: uniqueEmail(`${firstName.toLowerCase()}.exp`),
    password,
  }));
  const pages: Page[] = [];
  for (const [i, p] of people.entries()) {
    const context = await browser.newContext({ viewport: i === 2 ? { width: 375, height: 800 } : { width: 1280, height: 900 } });
    const page = await context.newPage();
    await createVerifiedAccount(page, p);
    await signIn(page, p.email, p.password);
    pages.push(page);
  }
  const [a, b, c] = pages as [Page, Page, Page];

  // Ana's trip (USD), with Bruno and Clara on it.
  const tripName = `Porto Costs ${Date.now() % 100000}`;
  const created = await gql(a, 'mutation($i: TripInput!) { createTrip(input: $i) { ... on TripPayload { trip { id } } } }', {
    i: { name: tripName, startDate: isoDaysFromToday(10), endDate: isoDaysFromToday(15) },
  });
  const tripId: string = created.data.createTrip.trip.id;
  for (const [i, page] of [b, c].entries()) {
    const inv = await gql(a, 'mutation($i: InviteToTripInput!) { inviteToTrip(input: $i) { ... on InviteToTripPayload { invitation { id } } } }', {
      i: { tripId, email: people[i + 1]!.email },
    });
    const accepted = await gql(page, 'mutation($id: ID!) { acceptTripInvitation(invitationId: $id) { __typename } }', {
      id: inv.data.inviteToTrip.invitation.id,
    });
    expect(accepted.data.acceptTripInvitation.__typename).not.toMatch(/Error/);
  }
  for (const page of pages) {
    await page.goto('/dashboard/expenses');
    await page.getByLabel('Trip', { exact: true }).selectOption({ label: tripName });
    await expect(page.getByRole('heading', { name: tripName, level: 2 })).toBeVisible();
    await expect(page.getByText('No expenses yet.')).toBeVisible();
  }
  const youOwe = (page: Page) => page.getByLabel('Summary').getByText('You Owe').locator('..');

  // Ana: an equal dinner of 90.00, paid by her.
  await a.getByRole('button', { name: 'Add Expense' }).click();
  let form = a.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel('Title').fill('Dinner');
  await form.getByLabel('Amount').fill('90');
  await form.getByLabel('Category').selectOption('FOOD');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form).toBeHidden();
  // Bruno and Clara see it at once: each owes 30.00.
  for (const page of [b, c]) {
    await expect(page.getByRole('article', { name: 'Dinner' })).toBeVisible();
    await expect(youOwe(page)).toContainText('$30.00');
  }

  // Bruno: a 50.00 taxi between Bruno and Clara with the 60/40 preset.
  await b.getByRole('button', { name: 'Add Expense' }).click();
  form = b.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel('Title').fill('Taxi');
  await form.getByLabel('Amount').fill('50');
  await form.getByRole('checkbox', { name: 'Ana Sousa' }).uncheck();
  await form.getByRole('button', { name: '60/40' }).click();
  await expect(form.getByLabel("Bruno Sousa's share (%)")).toHaveValue('60');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form).toBeHidden();

  // Clara (on a phone): a museum visit of 30.00 EUR at 1.1, custom shares; a wrong total is refused first.
  await c.getByRole('button', { name: 'Add Expense' }).click();
  form = c.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel('Title').fill('Museum');
  await form.getByLabel('Amount').fill('30');
  await form.getByLabel('Currency').selectOption('EUR');
  await form.getByLabel('Exchange rate (USD per 1 EUR)').fill('1.1');
  await form.getByText('Custom', { exact: true }).click();
  for (const [name, share] of [
    ['Ana Sousa', '10'],
    ['Bruno Sousa', '10'],
    ['Clara Sousa', '5'],
  ] as const)
    await form.getByLabel(`${name}'s share (EUR)`).fill(share);
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form.getByRole('alert')).toHaveText('The splits add up to less than the amount: 5.00 EUR more is needed.');
  await form.getByLabel("Clara Sousa's share (EUR)").fill('10');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form).toBeHidden();

  // Everyone sees the same balances: Ana is owed 49.00, Bruno owes 21.00, Clara owes 28.00.
  for (const page of pages) {
    const balances = card(page, 'Balances');
    await expect(balances.getByTestId('balance').filter({ hasText: 'Ana Sousa' })).toContainText('is owed $49.00');
    await expect(balances.getByTestId('balance').filter({ hasText: 'Bruno Sousa' })).toContainText('owes $21.00');
    await expect(balances.getByTestId('balance').filter({ hasText: 'Clara Sousa' })).toContainText('owes $28.00');
    await expect(card(page, 'Settle up').getByTestId('transfer')).toHaveCount(2);
  }
  await expect(a.getByRole('article', { name: 'Museum' })).toContainText('≈ $33.00 at 1.1');
  // The screen itself is checked: the notices of earlier steps are dismissed first.
  for (const dismiss of await a.getByRole('button', { name: 'Dismiss notice' }).all()) await dismiss.click();
  await expect(a.getByRole('button', { name: 'Dismiss notice' })).toHaveCount(0);
  const axe = await new AxeBuilder({ page: a }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${String(n.target)} ${n.failureSummary}`).join(' ')}`)).toEqual([]);

  // Bruno records both suggested payments; everyone ends settled up, every expense paid. More
  // than the payer owes is asked first, stating the debt and the amount.
  for (let i = 0; i < 2; i++) {
    await card(b, 'Settle up').getByRole('button', { name: 'Record payment' }).first().click();
    const pay = b.getByRole('dialog', { name: 'Record payment' });
    if (i === 0) {
      const amount = pay.getByLabel('Amount (USD)');
      const owed = await amount.inputValue();
      await amount.fill(String(Number(owed) + 4));
      await pay.getByRole('button', { name: 'Record payment' }).click();
      await expect(pay.getByRole('alertdialog')).toContainText(
        `owes $${Number(owed).toFixed(2)}. Record a payment of $${(Number(owed) + 4).toFixed(2)} anyway?`,
      );
      await pay.getByRole('button', { name: 'Change it' }).click();
      await amount.fill(owed);
    }
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expect(pay).toBeHidden();
  }
  for (const page of pages) await expect(card(page, 'Settle up')).toContainText('Everyone is settled up.');
  // Bruno undoes the newest payment (he recorded it): asked first, it stays listed as undone, and
  // every member's balances go back live; then he records it again.
  await card(b, 'Payments')
    .getByRole('button', { name: /^Undo the payment/ })
    .first()
    .click();
  const undo = b.getByRole('dialog', { name: 'Undo payment?' });
  await undo.getByRole('button', { name: 'Undo payment' }).click();
  await expect(undo).toBeHidden();
  for (const page of pages) {
    await expect(card(page, 'Payments').getByText('Undone by Bruno Sousa')).toBeVisible();
    await expect(card(page, 'Settle up').getByTestId('transfer')).toHaveCount(1);
  }
  await card(b, 'Settle up').getByRole('button', { name: 'Record payment' }).first().click();
  await b.getByRole('dialog', { name: 'Record payment' }).getByRole('button', { name: 'Record payment' }).click();
  await expect(b.getByRole('dialog', { name: 'Record payment' })).toBeHidden();
  for (const page of pages) {
    await expect(card(page, 'Settle up')).toContainText('Everyone is settled up.');
    await expect(card(page, 'Balances').getByTestId('balance').filter({ hasText: 'settled up' })).toHaveCount(3);
    await expect(youOwe(page)).toContainText('$0.00');
    await expect(page.getByRole('article').filter({ hasText: 'Pending' })).toHaveCount(0);
  }
  // A bottle of wine paid by two people: each is credited what they paid.
  await a.getByRole('button', { name: 'Add Expense' }).click();
  form = a.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel('Title').fill('Wine');
  await form.getByLabel('Amount').fill('30');
  await form.getByLabel('Paid by several people').check();
  await form.getByLabel('Ana Sousa paid (USD)').fill('20');
  await form.getByLabel('Bruno Sousa paid (USD)').fill('10');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form).toBeHidden();
  await expect(c.getByRole('article', { name: 'Wine' })).toContainText('Ana Sousa ($20.00)');
  await expect(c.getByRole('article', { name: 'Wine' })).toContainText('Bruno Sousa ($10.00)');
  await expect(card(c, 'Balances').getByTestId('balance').filter({ hasText: 'Ana Sousa' })).toContainText('is owed $10.00');
  await expect(card(c, 'Balances').getByTestId('balance').filter({ hasText: 'Clara Sousa' })).toContainText('owes $10.00');

  // Ana itemises a lunch: the bacalhau for all three, the wine for Ana and Bruno, and 3.60 of tax.
  // Subtotals 14.00, 14.00 and 8.00, so the tax goes 1.40, 1.40 and 0.80.
  await a.getByRole('button', { name: 'Add Expense' }).click();
  form = a.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel('Title').fill('Lunch');
  await form.getByLabel('Category').selectOption('FOOD');
  await form.getByText('Itemised', { exact: true }).click();
  await form.getByLabel('Line 1', { exact: true }).fill('Bacalhau');
  await form.getByLabel('Line 1 amount (USD)').fill('24');
  await form.getByRole('button', { name: 'Add line' }).click();
  await form.getByLabel('Line 2', { exact: true }).fill('Vinho verde');
  await form.getByLabel('Line 2 amount (USD)').fill('12');
  // A chip's input is drawn by its label (the input itself has no size): the label is what a person clicks.
  const claraOnLine2 = form.getByRole('group', { name: 'Who shares line 2' }).getByRole('checkbox', { name: 'Clara Sousa' });
  await form.getByRole('group', { name: 'Who shares line 2' }).locator('label', { hasText: 'Clara Sousa' }).click();
  await expect(claraOnLine2).not.toBeChecked();
  await form.getByLabel('Tax (USD)').fill('3.60');
  await expect(form.locator('#expense-amount')).toHaveValue('39.60');
  await expect(form.getByTestId('receipt-preview')).toContainText('$15.40');
  await a.screenshot({ path: test.info().outputPath('expense-modal-itemised-1280.png') });
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form).toBeHidden();
  const lunch = c.getByRole('article', { name: 'Lunch' });
  await expect(lunch).toContainText('itemised split');
  await expect(lunch).toContainText('Clara Sousa $8.80');
  await expect(card(c, 'Balances').getByTestId('balance').filter({ hasText: 'Ana Sousa' })).toContainText('is owed $34.20');
  await expect(card(c, 'Balances').getByTestId('balance').filter({ hasText: 'Clara Sousa' })).toContainText('owes $18.80');

  // Clara (on a phone) opens it: the receipt comes back as entered.
  await lunch.getByRole('button', { name: 'Edit Lunch' }).click();
  form = c.getByRole('dialog', { name: 'Edit Expense' });
  await expect(form.getByLabel('Line 2', { exact: true })).toHaveValue('Vinho verde');
  await expect(form.getByRole('group', { name: 'Who shares line 2' }).getByRole('checkbox', { name: 'Clara Sousa' })).not.toBeChecked();
  await expect(form.getByLabel('Tax (USD)')).toHaveValue('3.60');
  await c.screenshot({ path: test.info().outputPath('expense-modal-itemised-375.png') });
  // Every split type's label fits its segment on the phone (they clipped to 'ual' side by side).
  for (const label of ['Equal', 'Percentage', 'Custom', 'Itemised']) {
    const text = form.locator('.mantine-SegmentedControl-label', { hasText: label });
    expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().left >= 0), label).toBe(true);
  }
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  expect(await c.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Spending by category: the chart and its legend (the chart's code loads as it nears the screen).
  for (const page of [a, c]) {
    await page.getByRole('list', { name: 'Spending by category' }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId('category-chart').locator('svg.recharts-surface').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Spending by category' }).getByRole('listitem').filter({ hasText: 'Food' })).toContainText('$129.60');
  }

  // The CSV export: the server's file, every expense in it.
  const [download] = await Promise.all([a.waitForEvent('download'), a.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Porto-Costs-\d+-expenses-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain('Lunch,food,39.60,USD,,39.60,USD,Ana Sousa,itemised');
  expect(csv).toContain('Museum,other,30.00,EUR,1.1,33.00,USD,Clara Sousa,custom');
  expect(csv.trim().split('\r\n')).toHaveLength(6);

  for (const dismiss of await a.getByRole('button', { name: 'Dismiss notice' }).all()) await dismiss.click();
  await a.screenshot({ path: test.info().outputPath('expenses-1280.png'), fullPage: true });
  await c.screenshot({ path: test.info().outputPath('expenses-375.png'), fullPage: true });
});

test("an itinerary item gets its expense from the timeline, then shows 'Expense Added' with its button disabled", async ({ page }) => {
  const person: Person = { firstName: 'Dora', lastName: 'Lima', email: uniqueEmail('dora.exp'), password };
  await createVerifiedAccount(page, person);
  await signIn(page, person.email, person.password);
  const created = await gql(page, 'mutation($i: TripInput!) { createTrip(input: $i) { ... on TripPayload { trip { id } } } }', {
    i: { name: `Boat Trip ${Date.now() % 100000}`, startDate: isoDaysFromToday(10), endDate: isoDaysFromToday(15) },
  });
  const tripId: string = created.data.createTrip.trip.id;
  const added = await gql(page, 'mutation($i: AddItineraryItemInput!) { addItineraryItem(input: $i) { __typename } }', {
    i: { tripId, item: { title: 'Boat tour', type: 'ACTIVITY', activityDate: isoDaysFromToday(11) } },
  });
  expect(added.data.addItineraryItem.__typename).toBe('ItineraryItemPayload');
  const tripPage = `/dashboard/trips/${Buffer.from(tripId, 'base64')
    .toString()
    .replace(/^Trip:/, '')}`;

  await page.goto(tripPage);
  await page.getByRole('link', { name: 'Add expense for Boat tour' }).click();
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await expect(form.getByLabel('Title')).toHaveValue('Boat tour');
  await expect(form.getByLabel('Date')).toHaveValue(isoDaysFromToday(11));
  await form.getByLabel('Amount').fill('40');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('article', { name: 'Boat tour' })).toBeVisible();

  await page.goto(tripPage);
  await expect(page.getByText('Expense Added', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add expense for Boat tour' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Add expense for Boat tour' })).toHaveCount(0);
});

test('when saving fails, the expenses screen says so and nothing changes: adding, editing, deleting, recording a payment', async ({ page, request }) => {
  const [ana, bruno]: Person[] = ['Ana', 'Bruno'].map((firstName) => ({
    firstName,
    lastName: 'Falha',
    email: uniqueEmail(`${firstName.toLowerCase()}.fail`),
    password,
  }));
  for (const p of [bruno!, ana!]) await createVerifiedAccount(page, p);
  // The trip, Bruno on it and a shared dinner are set up through the API, apart from the page's session.
  const session = async (p: Person) => {
    const res = await request.post('/api/auth/signin', { data: { email: p.email, password: p.password } });
    const body = (await res.json()) as { access_token: string; user: { id: string } };
    return { token: body.access_token, id: Buffer.from(`User:${body.user.id}`).toString('base64') };
  };
  const api = async (as: { token: string }, query: string, variables: Record<string, unknown>) =>
    ((await (await request.post('/graphql', { headers: { authorization: `Bearer ${as.token}` }, data: { query, variables } })).json()) as { data: any }).data;
  const [a, b] = [await session(ana!), await session(bruno!)];
  const tripName = `Braga Costs ${Date.now() % 100000}`;
  const tripId: string = (
    await api(a, 'mutation($i: TripInput!) { createTrip(input: $i) { ... on TripPayload { trip { id } } } }', {
      i: { name: tripName, startDate: isoDaysFromToday(10), endDate: isoDaysFromToday(15) },
    })
  ).createTrip.trip.id;
  const invitation = await api(a, 'mutation($i: InviteToTripInput!) { inviteToTrip(input: $i) { ... on InviteToTripPayload { invitation { id } } } }', {
    i: { tripId, email: bruno!.email },
  });
  await api(b, 'mutation($id: ID!) { acceptTripInvitation(invitationId: $id) { __typename } }', { id: invitation.inviteToTrip.invitation.id });
  const dinner = await api(a, 'mutation($i: AddExpenseInput!) { addExpense(input: $i) { __typename } }', {
    i: { tripId, expense: { title: 'Dinner', amount: '60', paidBy: a.id, expenseDate: isoDaysFromToday(11), participants: [a.id, b.id] } },
  });
  expect(dinner.addExpense.__typename).toBe('ExpensePayload');

  await signIn(page, ana!.email, ana!.password);
  await page.goto(
    `/dashboard/expenses?trip=${Buffer.from(tripId, 'base64')
      .toString()
      .replace(/^Trip:/, '')}`,
  );
  await expect(page.getByRole('heading', { name: tripName, level: 2 })).toBeVisible();
  const expenses = page.getByRole('article');
  const transfer = card(page, 'Settle up').getByTestId('transfer');
  /** What the screen shows of the trip's money; the same after every failure. */
  const expectUnchanged = async () => {
    await expect(expenses).toHaveCount(1);
    await expect(page.getByRole('article', { name: 'Dinner' })).toBeVisible();
    await expect(transfer).toHaveText(/Bruno Falha pays Ana Falha \$30\.00/);
    await expect(page.getByText('No payments recorded yet.')).toBeVisible();
  };
  await expectUnchanged();
  /** The notice `message` is shown (then dismissed, so the next step's notice stands alone). */
  const expectNotice = async (message: string) => {
    const notice = page.locator('.mantine-Notification-root', { hasText: message });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Dismiss notice' }).click();
    await expect(notice).toHaveCount(0);
  };

  // Each request fails as a dropped connection would (the server never sees it).
  const failing = new Set<string>();
  await page.route('**/graphql', (route) =>
    failing.has((route.request().postDataJSON() as { operationName?: string } | null)?.operationName ?? '') ? route.abort('failed') : route.fallback(),
  );

  /**
   * Submits `dialog` while its request fails: the notice shows, the form keeps what was typed
   * (`typed`, its title) to try again, and Cancel leaves the screen as it was.
   */
  const submitFailing = async (dialog: Locator, submit: string, notice: string, typed?: string) => {
    await dialog.getByRole('button', { name: submit }).click();
    await expectNotice(notice);
    if (typed !== undefined) await expect(dialog.getByLabel('Title')).toHaveValue(typed);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expectUnchanged();
  };

  failing.add('useAddExpenseMutation');
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel('Title').fill('Taxi');
  await form.getByLabel('Amount').fill('20');
  await submitFailing(form, 'Add Expense', 'Error creating expense. Please try again.', 'Taxi');

  failing.add('useUpdateExpenseMutation');
  await page.getByRole('button', { name: 'Edit Dinner' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Expense' });
  await edit.getByLabel('Title').fill('Late dinner');
  await submitFailing(edit, 'Save Expense', 'Error updating expense. Please try again.', 'Late dinner');

  failing.add('useDeleteExpenseMutation');
  await page.getByRole('button', { name: 'Delete Dinner' }).click();
  await page.getByRole('dialog', { name: 'Delete expense?' }).getByRole('button', { name: 'Delete' }).click();
  await expectNotice('Error deleting expense. Please try again.');
  // The row, gone at once while the delete was on its way, is back.
  await expectUnchanged();

  failing.add('useRecordSettlementMutation');
  await transfer.getByRole('button', { name: 'Record payment' }).click();
  await submitFailing(page.getByRole('dialog', { name: 'Record payment' }), 'Record payment', 'Error settling expense. Please try again.');

  // And the server has nothing new either: the screen as it loads afresh is the same.
  await page.unrouteAll();
  await page.reload();
  await expectUnchanged();
});
