import { test, expect } from './support/cusp';

test.describe('404 page', () => {
  test('an unknown path shows the 404 page, logs it and leads home', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const apiCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/')) apiCalls.push(req.url());
    });

    await page.goto('/this/route/does-not-exist');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await expect(page.getByText('/this/route/does-not-exist')).toBeVisible();
    await expect(page.getByTestId('page-badge')).toHaveText('Page');
    await expect.poll(() => warnings.some((w) => w.includes('404'))).toBe(true);
    // Logged locally: no beacon or API call reports it.
    expect(apiCalls).toEqual([]);

    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('page-badge')).toHaveText('Home');
  });

  test('the 404 page keeps the footer and the app header', async ({ page }) => {
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.getByTestId('app-header')).toBeVisible();
    await expect(page.getByTestId('site-footer')).toBeVisible();
  });

  test('paths are case-sensitive: /Viewer/<token> is the 404 page and sends the token nowhere', async ({
    page,
  }) => {
    const token = 'pub_CaseSensitiveCaseSensitiveCaseSensitive123';
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes(token.slice(4))) sent.push(req.url());
    });

    await page.goto(`/Viewer/${token}`);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await expect(page.getByText('Loading project...')).toHaveCount(0);
    // Only the page itself carried the token; no project or model request followed it.
    expect(sent).toEqual([expect.stringMatching(/\/Viewer\/pub_/)]);
  });
});
