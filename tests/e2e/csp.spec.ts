import { expect, test, type Page } from '@playwright/test';

/**
 * The pages run within their Content-Security-Policy: the browser reports no violation, in the
 * console or as a securitypolicyviolation event, while the app starts, signs in, opens its live
 * socket, and while GraphiQL starts its editor and runs a query.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content[- ]Security[- ]Policy/i.test(msg.text())) violations.push(`console: ${msg.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation(t: string): void }).reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return violations;
}

test('the web app runs within its CSP, signed out and signed in', async ({ page }) => {
  const violations = await watchViolations(page);
  const main = await page.goto('/');
  expect(main?.headers()['content-security-policy']).toContain("default-src 'self'");
  await page.waitForLoadState('networkidle');
  await page.goto('/signin');
  await page.getByLabel('Email').fill('maria@demo.tripcrew.local');
  await page.getByLabel('Password').fill('tripcrew-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/trips/);
  for (const path of ['/dashboard', '/dashboard/friends']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});

test('GraphiQL runs from this origin within its CSP', async ({ page, baseURL }) => {
  const violations = await watchViolations(page);
  const offOrigin: string[] = [];
  page.on('request', (r) => {
    if (!/^(data|blob):/.test(r.url()) && new URL(r.url()).host !== new URL(baseURL!).host) offOrigin.push(r.url());
  });
  await page.goto('/graphql');
  const editor = page.locator('.graphiql-query-editor .monaco-editor').first();
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText('{ __typename }');
  // The editor closes the brace itself: drop whatever it added after ours.
  await page.keyboard.press('Shift+End');
  await page.keyboard.press('Delete');
  await page.getByRole('button', { name: /execute query/i }).click();
  await expect(page.locator('.graphiql-response')).toContainText('"Query"');
  expect(offOrigin).toEqual([]);
  expect(violations).toEqual([]);
});
