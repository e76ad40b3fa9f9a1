import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, signIn, type Person } from './trips-helpers.js';

/**
 * Book smart, one traveller: the rewards wallet (names and status only, saved), "Who should book
 * what" on the trip's expenses with its reasoning, the expense form pre-selecting the suggested
 * payer, and "Suggest items" on the trip's checklists (a winter trip to Reykjavik) adding the
 * chosen items. Screens at 1280 and 375 px.
 */

test.setTimeout(240_000);

async function shot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('wallet, who should book what, the suggested payer and smart checklist suggestions', async ({ browser }) => {
  const ana: Person = { firstName: 'Ana', lastName: 'Reis', email: uniqueEmail('ana.rewards'), password: 'book-smart-42' };
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await createVerifiedAccount(page, ana);
  await signIn(page, ana.email, ana.password);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('tripcrew.session') ?? 'null') as { access_token: string }).access_token);
  const headers = { authorization: `Bearer ${token}` };
  const tripName = `Reykjavik ${Date.now() % 100000}`;
  const made = await page.request.post('/api/backend/create-trip', {
    headers,
    data: { name: tripName, destination: 'Reykjavik, Iceland', start_date: '2027-01-10', end_date: '2027-01-17', total_budget: 4000, currency: 'USD' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const tripId = ((await made.json()) as { trip: { id: string } }).trip.id;
  const flight = await page.request.post('/api/backend/save-itinerary-item', {
    headers,
    data: {
      trip_id: tripId,
      type: 'flight',
      title: 'Boston to Reykjavik',
      flight_number: 'FI 630',
      activity_date: '2027-01-10',
      from_location: 'Boston',
      to_location: 'Reykjavik',
    },
  });
  expect(flight.status(), await flight.text()).toBe(200);
  const hotel = await page.request.post('/api/backend/save-itinerary-item', {
    headers,
    data: {
      trip_id: tripId,
      type: 'accommodation',
      title: 'Reykjavik EDITION',
      hotel_name: 'The Reykjavik EDITION',
      check_in_date: '2027-01-10',
      check_out_date: '2027-01-17',
    },
  });
  expect(hotel.status(), await hotel.text()).toBe(200);

  // The wallet: empty, then a card and a hotel programme with its status.
  await page.goto('/dashboard/rewards');
  await expect(page.getByRole('heading', { name: 'Rewards wallet', level: 1 })).toBeVisible();
  await expect(page.getByTestId('wallet-empty')).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Add a card or programme' });
  await picker.fill('Sapphire Reserve');
  await page.getByRole('option', { name: /Chase Sapphire Reserve/ }).click();
  await picker.fill('Bonvoy');
  await page.getByRole('option', { name: /^Marriott Bonvoy \(INTL\)/ }).click();
  await page.getByRole('combobox', { name: 'Status in Marriott Bonvoy' }).selectOption('Platinum Elite');
  await page.getByRole('button', { name: 'Save wallet' }).click();
  await expect(page.getByText('Your rewards wallet is saved.')).toBeVisible();
  await shot(page, 'rewards-wallet');

  // Who should book what, on the trip's expenses.
  await page.goto(`/dashboard/expenses?trip=${tripId}`);
  const card = page.getByTestId('trip-rewards');
  await expect(card.getByRole('heading', { name: 'Who should book what' })).toBeVisible();
  await expect(card.getByText('Boston to Reykjavik')).toBeVisible();
  await expect(card.getByText(/Ana earns 8× on flights with Chase Sapphire Reserve/).first()).toBeVisible();
  await expect(card.getByText(/as Marriott Bonvoy Platinum Elite Ana also gets late check-out until 4 pm/)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'rewards-trip');

  // The add form pre-selects the suggested payer for the category.
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Category').selectOption('FOOD');
  await expect(form.getByText('Suggested: Ana Reis with Chase Sapphire Reserve')).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Smart checklist: a winter trip suggests warm clothes, with reasons; the chosen ones are added.
  await page.goto(`/dashboard/checklist/${tripId}`);
  await page.getByRole('button', { name: 'Suggest items' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggested items' });
  await expect(dialog.getByText('Warm winter coat')).toBeVisible();
  await expect(dialog.getByText(/Cold: Reykjavik in January/).first()).toBeVisible();
  await expect(dialog.getByText('Swimwear')).toHaveCount(0);
  await shot(page, 'rewards-suggest');
  await dialog.getByRole('button', { name: 'Select none' }).click();
  await dialog.getByRole('checkbox', { name: /Warm winter coat/ }).check();
  await dialog.getByRole('checkbox', { name: /First-aid kit/ }).check();
  await dialog.getByRole('button', { name: 'Add 2 items' }).click();
  await expect(page.getByText('2 items added.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Warm winter coat').first()).toBeVisible();
  await expect(page.getByText('First-aid kit').first()).toBeVisible();
  // Asked again, what the checklists now hold is no longer suggested.
  await page.getByRole('button', { name: 'Suggest items' }).click();
  await expect(dialog.getByText('Hat, gloves and scarf')).toBeVisible();
  await expect(dialog.getByText('Warm winter coat')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
