import { test, expect } from './support/cusp';
import { ADMIN, TECHNICIAN, seedSession } from './support/session';

/**
 * The route table (`web/src/routes/router.tsx`) with the header badge of each page. Pages that later issues fill
 * are checked for their route and badge; headings are pinned only where the spec fixes them.
 */
const OPEN_ROUTES = [
  { path: '/', badge: 'Home', heading: /Send the scan, not a screenshot/ },
  { path: '/login', badge: 'Sign In' },
  { path: '/register', badge: 'Register' },
  { path: '/verify-email?token=abc', badge: 'Page' },
  { path: '/public-upload', badge: 'Quick Upload' },
  { path: '/terms', badge: 'Legal', heading: 'Terms of Service' },
  { path: '/privacy', badge: 'Legal', heading: 'Privacy Policy' },
  { path: '/cookies', badge: 'Legal', heading: 'Cookie Policy' },
  { path: '/gdpr', badge: 'Legal', heading: 'GDPR Compliance' },
  { path: '/no-such-page', badge: 'Page', heading: 'Oops! Page not found' },
] as const;

test.describe('routes', () => {
  for (const r of OPEN_ROUTES) {
    test(`${r.path} shows its page with the "${r.badge}" badge`, async ({ page }) => {
      await page.goto(r.path);
      await expect(page).toHaveURL(r.path);
      await expect(page.getByTestId('page-badge')).toHaveText(r.badge);
      const h1 = page.getByRole('heading', { level: 1 });
      if ('heading' in r) await expect(h1).toHaveText(r.heading);
      else await expect(h1.first()).toBeVisible();
      if (!r.path.startsWith('/no-such')) {
        await expect(page.getByTestId('page-not-found')).toHaveCount(0);
      }
      await expect(page.getByRole('link', { name: 'Cusp – home' }).first()).toHaveAttribute(
        'href',
        '/',
      );
    });
  }

  const SIGNED_IN_ROUTES = [
    { path: '/dashboard', badge: 'Dashboard' },
    { path: '/projects/new', badge: 'New Project' },
  ] as const;

  for (const r of SIGNED_IN_ROUTES) {
    test(`${r.path} shows its page with the "${r.badge}" badge when signed in`, async ({
      page,
    }) => {
      await seedSession(page, TECHNICIAN);
      await page.goto(r.path);
      await expect(page).toHaveURL(r.path);
      await expect(page.getByTestId('page-badge')).toHaveText(r.badge);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByTestId('page-not-found')).toHaveCount(0);
    });
  }

  test('/admin shows the Admin Panel to an admin', async ({ page }) => {
    await seedSession(page, ADMIN);
    await page.goto('/admin');
    await expect(page).toHaveURL('/admin');
    await expect(page.getByTestId('page-badge')).toHaveText('Admin Panel');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Admin Panel');
  });

  // The viewer screens belong to the viewer issue; the frame owns their route and badge.
  const VIEWER_ROUTES = [
    { path: '/viewer/demo', badge: '3D Demo' },
    { path: '/viewer/pub_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde', badge: '3D Viewer' },
    { path: '/viewer/5b0c7d52-3f1e-4f57-9a53-0c4f0e0d2a11', badge: '3D Viewer' },
  ] as const;

  for (const r of VIEWER_ROUTES) {
    test(`${r.path} opens the viewer with the "${r.badge}" badge`, async ({ page }) => {
      await page.goto(r.path);
      await expect(page.getByTestId('page-badge')).toHaveText(r.badge);
      await expect(page.getByTestId('page-not-found')).toHaveCount(0);
    });
  }
});
