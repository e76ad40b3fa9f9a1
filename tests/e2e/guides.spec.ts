import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount, signIn } from './trips-helpers.js';

const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
};

test('route table: the dashboard needs a session, unknown paths go home, public pages need none', async ({ page }) => {
  await page.goto('/dashboard/explore');
  await expect(page).toHaveURL(/\/signin\?next=%2Fdashboard%2Fexplore/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/contact');
  // The contact address comes from the server's configuration; with none a person reads (here
  // MAIL_FROM is the default no-reply one) the page points to Feedback instead.
  await expect(page.getByRole('link', { name: 'Feedback page' })).toBeVisible();
  await expect(page.getByText('no-reply@localhost')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/disclosure');
  await expect(page.getByRole('heading', { name: 'Affiliate Disclosure', level: 1 })).toBeVisible();
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'About Us', level: 1 })).toBeVisible();
});

test('a shared guide link previews as that guide: title, description and Open Graph tags in the HTML', async ({ request }) => {
  const html = await (await request.get('/guides/london')).text();
  expect(html).toContain('<title>London Travel Guide · Tripcrew</title>');
  expect(html).toContain('<meta property="og:title" content="London Travel Guide" />');
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/guide-images\/london\.jpg" \/>/);
  expect(html).toMatch(/<meta name="description" content="Museums, markets and pubs/);
  const image = await request.get('/guide-images/london.jpg');
  expect(image.headers()['content-type']).toBe('image/jpeg');
});

test('a guide page read signed out: its section navigation follows the reader, plans and details expand', async ({ page }) => {
  await page.goto('/guides/barcelona');
  await expect(page.getByRole('heading', { name: 'Barcelona Travel Guide', level: 1 })).toBeVisible();
  await expect(page.getByText('Last updated March 2026')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Guide sections' });
  const current = nav.locator('[aria-current="true"]');
  await expect(current).toHaveText('Quick Facts');

  await nav.getByRole('button', { name: 'Budget Guide' }).click();
  await expect(current).toHaveText('Budget Guide');
  await expect(page.getByRole('heading', { name: 'Budget Guide', level: 2 })).toBeInViewport();

  // Scrolling by hand (not through the navigation) moves the highlight too.
  await page.locator('#when-to-go').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await expect(current).toHaveText('When to Go');
  await page.locator('#where-to-stay').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await expect(current).toHaveText('Where to Stay');

  await expect(page.getByText('Walk to Casa Batlló')).toBeHidden();
  await page.getByRole('button', { name: 'Show more details' }).click();
  await expect(page.getByText('Walk to Casa Batlló, La Pedrera and the Sagrada Família.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show less details' })).toBeVisible();

  await page.getByRole('button', { name: 'View plan' }).first().click();
  await expect(page.getByText('Gothic Quarter and El Born, tapas at night')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book now: Hotel Neri' })).toHaveAttribute('href', /booking\.com/);
  await expect(page.getByText(/commission, at no extra cost to you/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/guides/atlantis');
  await expect(page.getByRole('heading', { name: 'City Guide', level: 1 })).toBeVisible();
});

test('from a guide to explore to a prefilled trip form; the wishlist survives a reload; feedback and the waitlist are stored', async ({ page }) => {
  const person = { firstName: 'Gia', lastName: 'Guides', email: `gia.${Date.now()}@example.com`, password: 'correct horse battery' };
  await createVerifiedAccount(page, person);
  await signIn(page, person.email, person.password);

  await page.goto('/guides/barcelona');
  await page.getByRole('link', { name: 'Plan Barcelona Trip' }).click();
  await expect(page).toHaveURL(/\/dashboard\/explore\?city=Barcelona/);
  await expect(page.getByRole('heading', { name: 'Barcelona', level: 2 })).toBeVisible();

  await page.getByRole('button', { name: 'Save to Wishlist' }).click();
  await expect(page.getByRole('button', { name: 'Saved to Wishlist' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Saved to Wishlist' })).toBeVisible();

  await page.getByRole('button', { name: 'Plan Trip to Barcelona' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Trip' });
  await expect(form.getByLabel('Destination')).toHaveValue('Barcelona, Spain');
  await form.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Back to destinations' }).click();
  await page.locator('label', { hasText: /^Mountain$/ }).click();
  await expect(page.getByRole('radio', { name: 'Mountain' })).toBeChecked();
  await expect(page.getByRole('button', { name: /^Swiss Alps/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Bali/ })).toBeHidden();
  await page.getByRole('textbox', { name: 'Search destinations' }).fill('zzz');
  await expect(page.getByText('No destinations found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByRole('button', { name: /^Kyoto/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A city without a destination card (a guide's 'Plan {city} Trip' sends its coordinates too):
  // the trip form opens with that city placed.
  await page.goto('/guides/london');
  await page.getByRole('link', { name: 'Plan London Trip' }).click();
  await expect(page).toHaveURL(/\/dashboard\/explore\?city=London&lat=-?[\d.]+&lon=-?[\d.]+$/);
  await page.getByRole('button', { name: 'Plan Trip to London' }).click();
  const londonForm = page.getByRole('dialog', { name: 'Create New Trip' });
  await expect(londonForm.getByLabel('Destination')).toHaveValue('London');
  await londonForm.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/dashboard/feedback?city=Porto');
  await expect(page.getByRole('heading', { name: 'Share your feedback' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // The four ratings start at 3, and untouched they are sent as 3.
  const sliders = page.getByRole('slider');
  await expect(sliders).toHaveCount(4);
  for (const slider of await sliders.all()) await expect(slider).toHaveAttribute('aria-valuenow', '3');
  await page.getByLabel('Name').fill('Gia');
  await page.getByRole('radio', { name: 'Modern' }).check();
  await page.getByLabel('What did you enjoy most?').fill('Planning together');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/backend/feedback') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    signup_ease: 3,
    explore_usefulness: 3,
    itinerary_ease: 3,
    recommend_likelihood: 3,
    name: 'Gia',
    design_impression: 'modern',
    context: { city: 'Porto' },
  });
  await expect(page.getByText('Thanks for your feedback!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Mapped is the world map now; its waitlist (for what comes next) still answers.
  await page.goto('/dashboard/mapped');
  await expect(page.getByRole('heading', { name: 'Mapped', level: 1 })).toBeVisible();
  await expect(page.getByText(/Coming next/)).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(person.email);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Notify Me' }).click();
  await expect(page.getByRole('status').filter({ hasText: "You're on the list!" })).toBeVisible();
});
