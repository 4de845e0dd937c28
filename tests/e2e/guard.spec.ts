import { test, expect } from './support/cusp';
import { ADMIN, TECHNICIAN, seedSession, storedSession } from './support/session';

test.describe('protected routes', () => {
  for (const path of ['/dashboard', '/projects/new', '/admin']) {
    test(`${path} sends a signed-out visitor to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL('/login');
      await expect(page.getByTestId('page-badge')).toHaveText('Sign In');
    });
  }

  test('after signing in the visitor returns to the page they asked for', async ({ page }) => {
    await page.goto('/projects/new?from=mail#files');
    await expect(page).toHaveURL('/login');
    // The origin is remembered in the history entry's state.
    const from = await page.evaluate(
      () => (history.state as { usr?: { from?: { pathname: string } } })?.usr?.from?.pathname,
    );
    expect(from).toBe('/projects/new');

    // Sign in: the session appears and the app starts again on the same history entry.
    await seedSession(page, TECHNICIAN);
    await page.reload();
    await expect(page).toHaveURL('/projects/new?from=mail#files');
    await expect(page.getByTestId('page-badge')).toHaveText('New Project');
  });

  test('a signed-in user who opens /login or /register goes to /dashboard', async ({ page }) => {
    await seedSession(page, TECHNICIAN);
    await page.goto('/login');
    await expect(page).toHaveURL('/dashboard');
    await page.goto('/register');
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByTestId('page-badge')).toHaveText('Dashboard');
  });

  test('a token without userData is logged out', async ({ page }) => {
    await seedSession(page, TECHNICIAN, { withUserData: false });
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
    expect(await storedSession(page)).toEqual({ token: null, userData: null });
  });

  test('a token the server rejects (401 on /api/me) logs out and goes to /login', async ({
    page,
  }) => {
    await seedSession(page, TECHNICIAN, { me: 401 });
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
    await expect(page.getByTestId('page-badge')).toHaveText('Sign In');
    expect(await storedSession(page)).toEqual({ token: null, userData: null });
  });

  test('a non-admin on /admin is told so and sent to /dashboard', async ({ page }) => {
    await seedSession(page, TECHNICIAN);
    await page.goto('/admin');
    await expect(page).toHaveURL('/dashboard');
    // Shown once, even though React runs effects twice in development.
    const denied = page
      .getByTestId('toast')
      .filter({ hasText: /^Access denied\. Admin privileges required\.$/ });
    await expect(denied).toHaveCount(1);
    await expect(denied).toHaveAttribute('data-kind', 'error');
  });
});

test.describe('header when signed in', () => {
  test('shows the app links and an avatar menu with initials', async ({ page }) => {
    await seedSession(page, TECHNICIAN);
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(nav.getByRole('link', { name: 'New Project' })).toHaveAttribute(
      'href',
      '/projects/new',
    );
    await expect(nav.getByRole('link', { name: 'Public Upload' })).toHaveAttribute(
      'href',
      '/public-upload',
    );
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);

    const trigger = page.getByRole('button', { name: `Account menu for ${TECHNICIAN.name}` });
    await expect(trigger.getByTestId('avatar')).toHaveText('AL');
    await trigger.click();
    const menu = page.getByTestId('avatar-menu');
    await expect(menu).toContainText(TECHNICIAN.name);
    await expect(menu).toContainText(TECHNICIAN.email);
    await expect(menu.getByRole('link')).toHaveText([
      'Dashboard',
      'New Project',
      'Public Upload',
      'Demo',
      'Settings',
    ]);
    await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();

    // Escape closes it and gives focus back to the trigger.
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });

  test('the avatar menu lists Admin Panel only for an admin', async ({ page }) => {
    await seedSession(page, ADMIN);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: `Account menu for ${ADMIN.name}` }).click();
    const menu = page.getByTestId('avatar-menu');
    await expect(menu.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
    await menu.getByRole('link', { name: 'Admin Panel' }).click();
    await expect(page).toHaveURL('/admin');
    await expect(menu).toHaveCount(0);
  });

  test('Log out clears the session and goes to /login even when the call fails', async ({
    page,
  }) => {
    await seedSession(page, TECHNICIAN);
    let logoutCalls = 0;
    await page.route('**/api/logout', (route) => {
      logoutCalls++;
      return route.fulfill({ status: 500, json: { error: 'boom' } });
    });
    await page.goto('/');
    await page.getByRole('button', { name: `Account menu for ${TECHNICIAN.name}` }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/login');
    expect(logoutCalls).toBe(1);
    expect(await storedSession(page)).toEqual({ token: null, userData: null });
    await expect(page.getByTestId('app-header').getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
