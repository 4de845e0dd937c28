import { test, expect } from './support/cusp';

const DOCS = [
  { path: '/terms', title: 'Terms of Service' },
  { path: '/privacy', title: 'Privacy Policy' },
  { path: '/cookies', title: 'Cookie Policy' },
  { path: '/gdpr', title: 'GDPR Compliance' },
] as const;

test.describe('legal pages', () => {
  for (const doc of DOCS) {
    test(`${doc.path} opens the ${doc.title} tab`, async ({ page }) => {
      await page.goto(doc.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(doc.title);
      await expect(page.getByTestId('page-badge')).toHaveText('Legal');

      const menu = page.getByRole('navigation', { name: 'Legal documents' });
      await expect(menu.getByRole('link')).toHaveText(DOCS.map((d) => d.title));
      await expect(menu.getByRole('link', { name: doc.title })).toHaveAttribute(
        'aria-current',
        'page',
      );
      for (const other of DOCS.filter((d) => d !== doc)) {
        await expect(menu.getByRole('link', { name: other.title })).not.toHaveAttribute(
          'aria-current',
          'page',
        );
      }

      await expect(page.getByTestId('legal-draft')).toHaveText('Draft');
      await expect(page.getByText('Last updated: July 2025')).toBeVisible();
      const article = page.getByRole('article');
      for (const mail of ['support@cusp.dental', 'privacy@cusp.dental', 'legal@cusp.dental']) {
        await expect(article.getByRole('link', { name: mail })).toHaveAttribute(
          'href',
          `mailto:${mail}`,
        );
      }
      await expect(page.getByRole('link', { name: 'Back to Home' }).first()).toHaveAttribute(
        'href',
        '/',
      );
    });
  }

  test('the side menu switches documents by path', async ({ page }) => {
    await page.goto('/terms');
    const menu = page.getByRole('navigation', { name: 'Legal documents' });
    await menu.getByRole('link', { name: 'Cookie Policy' }).click();
    await expect(page).toHaveURL('/cookies');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie Policy');
    await menu.getByRole('link', { name: 'GDPR Compliance' }).click();
    await expect(page).toHaveURL('/gdpr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('GDPR Compliance');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie Policy');
  });

  test('the terms say what Cusp is and is not', async ({ page }) => {
    await page.goto('/terms');
    const doc = page.getByRole('article');
    await expect(doc).toContainText('free, experimental tool');
    await expect(doc).toContainText('Cusp is not a medical device');
    await expect(doc).toContainText(
      'not certified as compliant with rules for processing health data',
    );
    await expect(doc).toContainText('Files may be deleted at any time');
    await expect(doc).toContainText('deleted automatically after 365 days');
  });

  test('the privacy policy states both retention periods', async ({ page }) => {
    await page.goto('/privacy');
    const doc = page.getByRole('article');
    await expect(doc).toContainText('deleted automatically after 365 days');
    await expect(doc).toContainText('Server logs are deleted after 90 days');
    await expect(doc).toContainText('AES-256-GCM');
  });

  test('the cookie policy says there are no cookies, only token and userData', async ({ page }) => {
    await page.goto('/cookies');
    const doc = page.getByRole('article');
    await expect(doc).toContainText('Cusp uses no cookies');
    await expect(doc.getByRole('listitem').filter({ hasText: /^token —/ })).toHaveCount(1);
    await expect(doc.getByRole('listitem').filter({ hasText: /^userData —/ })).toHaveCount(1);
    // And it is true: the app set none while showing the page.
    expect(await page.context().cookies()).toEqual([]);
  });

  test('Back to Home returns to the landing page', async ({ page }) => {
    await page.goto('/gdpr');
    await page.getByRole('article').getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.locator('#hero')).toBeVisible();
  });
});
