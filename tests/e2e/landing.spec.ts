import type { Page } from '@playwright/test';
import { test, expect } from './support/cusp';

async function scrollTo(page: Page, y: number): Promise<void> {
  // Scrolls again on every poll: right after navigation the page may not be tall enough yet.
  await expect
    .poll(() =>
      page.evaluate((top) => {
        window.scrollTo({ top, behavior: 'instant' });
        return Math.round(window.scrollY);
      }, y),
    )
    .toBe(y);
}

test.describe('landing page', () => {
  test('has the five sections in order', async ({ page }) => {
    await page.goto('/');
    // The landing page is a lazily loaded chunk: wait for its sections before reading them.
    await expect
      .poll(() =>
        page
          .locator('[data-testid="page-landing"] > section')
          .evaluateAll((els) => els.map((e) => e.id)),
      )
      .toEqual(['hero', 'comparison', 'features', 'about', 'demo']);
    await expect(page.getByTestId('landing-header')).toBeVisible();
  });

  test('calls to action lead to login, quick upload, the demo and sign-up', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('#hero');
    await expect(hero.getByRole('link', { name: 'Start Collaboration' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(hero.getByRole('link', { name: 'Quick Upload' })).toHaveAttribute(
      'href',
      '/public-upload',
    );
    await expect(hero.getByRole('link', { name: 'View Demo' })).toHaveAttribute(
      'href',
      '/viewer/demo',
    );
    const demo = page.locator('#demo');
    await expect(demo.getByRole('link', { name: 'View Demo' })).toHaveAttribute(
      'href',
      '/viewer/demo',
    );
    await expect(demo.getByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(demo.getByRole('link', { name: 'Start working' })).toHaveAttribute(
      'href',
      '/login',
    );

    await hero.getByRole('link', { name: 'View Demo' }).click();
    await expect(page).toHaveURL('/viewer/demo');
    await expect(page.getByTestId('page-badge')).toHaveText('3D Demo');
  });

  test('compares with CAD tools: screenshots only, 30-day links, no feedback system', async ({
    page,
  }) => {
    await page.goto('/');
    const table = page.locator('#comparison').getByRole('table');
    await expect(table).toContainText('CAD tools that only export screenshots');
    await expect(table).toContainText('Links expire after 30 days');
    await expect(table).toContainText('No feedback system');
    await expect(table.getByRole('columnheader', { name: 'Cusp' })).toBeVisible();
  });

  test('shows the four-step process', async ({ page }) => {
    await page.goto('/');
    const steps = page.locator('.process__list > li');
    await expect(steps.getByRole('heading')).toHaveText([
      'Export & load',
      'Organise',
      'Send',
      'Coordinate',
    ]);
  });

  test('makes only claims that are true of Cusp', async ({ page }) => {
    await page.goto('/');
    const body = page.locator('main');
    await expect(body).toContainText('AES-256-GCM');
    await expect(body).toContainText('Full change history');
    await expect(body).toContainText('100% free');
    await expect(body).toContainText('STL, PLY and 3Shape DCM');
    await expect(body).toContainText('Delete the project and the link stops working');
    // Invented infrastructure figures must not appear as facts.
    const text = (await body.innerText()).toLowerCase();
    expect(text).not.toContain('99.99');
    expect(text).not.toMatch(/3\+? (or more )?locations/);
  });

  test('signed out, the header offers Demo, Public Upload and Login', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Demo', exact: true })).toHaveAttribute(
      'href',
      '/viewer/demo',
    );
    await expect(nav.getByRole('link', { name: 'Public Upload' })).toHaveAttribute(
      'href',
      '/public-upload',
    );
    await nav.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('scroll-triggered buttons appear at 200, 300 and 500 px', async ({ page }) => {
    await page.goto('/');
    const dots = page.getByTestId('side-dot-nav');
    const toTop = page.getByRole('button', { name: 'Scroll to top' });
    const heroToTop = page.getByTestId('hero-to-top');

    await expect(dots).toBeHidden();
    await expect(toTop).toBeHidden();
    await expect(heroToTop).toBeHidden();

    await scrollTo(page, 250);
    await expect(dots).toBeVisible();
    await expect(toTop).toBeHidden();
    await expect(heroToTop).toBeHidden();

    await scrollTo(page, 350);
    await expect(toTop).toBeVisible();
    await expect(heroToTop).toBeHidden();

    await scrollTo(page, 520);
    await expect(heroToTop).toBeVisible();

    await toTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(toTop).toBeHidden();
    await expect(dots).toBeHidden();

    await scrollTo(page, 900);
    await heroToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the side dots jump to a section and mark it', async ({ page }) => {
    await page.goto('/');
    await scrollTo(page, 300);
    const dots = page.getByTestId('side-dot-nav');
    await dots.getByRole('button', { name: 'Go to About' }).click();
    await expect
      .poll(() =>
        page.locator('#about').evaluate((el) => Math.round(el.getBoundingClientRect().top)),
      )
      .toBeLessThan(120);
    await expect(dots.getByRole('button', { name: 'Go to About' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  test('on a phone the side dots stay hidden', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await scrollTo(page, 600);
    await expect(page.getByTestId('side-dot-nav')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Scroll to top' })).toBeVisible();
  });

  test('on a phone the menu button reveals the signed-out links', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const header = page.getByTestId('landing-header');
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Public Upload' })).toBeHidden();
    await header.getByRole('button', { name: 'Open menu' }).click();
    await header.getByRole('link', { name: 'Public Upload' }).click();
    await expect(page).toHaveURL('/public-upload');
  });
});
