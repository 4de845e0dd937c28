import { test, expect } from './support/cusp';

const FOOTER_LINKS = {
  Product: [
    ['Demo', '/viewer/demo'],
    ['Features', '/#features'],
    ['Comparison', '/#comparison'],
    ['About', '/#about'],
    ['Sign Up', '/register'],
  ],
  Legal: [
    ['Terms', '/terms'],
    ['Login', '/login'],
    ['Dashboard', '/dashboard'],
  ],
} as const;

test.describe('frame', () => {
  test('the footer has the Product and Legal groups and the support mailbox', async ({ page }) => {
    await page.goto('/terms');
    const footer = page.getByTestId('site-footer');
    for (const [group, links] of Object.entries(FOOTER_LINKS)) {
      const nav = footer.getByRole('navigation', { name: group });
      await expect(nav.getByRole('link')).toHaveText(links.map(([name]) => name));
      for (const [name, href] of links) {
        await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      }
    }
    await expect(footer.getByRole('link', { name: 'support@cusp.dental' })).toHaveAttribute(
      'href',
      'mailto:support@cusp.dental',
    );
  });

  test('every header and footer link leads to a real page', async ({ page }) => {
    await page.goto('/');
    const hrefs = await page
      .locator('header a[href^="/"], footer a[href^="/"]')
      .evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('href') ?? ''))]);
    expect(hrefs.length).toBeGreaterThan(10);
    for (const href of hrefs) {
      await page.goto(href);
      await expect(page.getByTestId('page-not-found'), `${href} is a real page`).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
  });

  test('a footer section link scrolls the landing page to that section', async ({ page }) => {
    await page.goto('/terms');
    await page.getByTestId('site-footer').getByRole('link', { name: 'Comparison' }).click();
    await expect(page).toHaveURL('/#comparison');
    await expect
      .poll(() =>
        page.locator('#comparison').evaluate((el) => Math.round(el.getBoundingClientRect().top)),
      )
      .toBeLessThan(120);
  });

  for (const path of ['/viewer/demo', '/viewer/pub_abcdef', '/viewer/0f8e0b0c-1d2e']) {
    test(`no footer on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByTestId('page-badge')).toHaveText(/^3D (Demo|Viewer)$/);
      await expect(page.getByTestId('site-footer')).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    });
  }

  for (const path of ['/', '/login', '/public-upload', '/terms', '/missing']) {
    test(`footer on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByTestId('site-footer')).toBeVisible();
    });
  }

  test('the landing header appears only on /', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('landing-header')).toBeVisible();
    await expect(
      page.getByTestId('landing-header').getByRole('link', { name: 'Features' }),
    ).toBeVisible();
    await page.goto('/public-upload');
    await expect(page.getByTestId('landing-header')).toHaveCount(0);
    await expect(page.getByTestId('app-header')).toBeVisible();
    await expect(
      page.getByTestId('app-header').getByRole('link', { name: 'Features' }),
    ).toHaveCount(0);
  });

  test('a route change scrolls back to the top', async ({ page }) => {
    await page.goto('/privacy');
    // Scrolls again on every poll: the lazily loaded page may not be tall enough yet.
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' });
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(300);
    await page.getByTestId('site-footer').getByRole('link', { name: 'Terms' }).click();
    await expect(page).toHaveURL('/terms');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the first Tab reaches the skip link, which jumps to the content', async ({ page }) => {
    await page.goto('/terms');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    // The app must have rendered before the first key press means anything.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(skip).toBeAttached();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('pages fit 360 px: no sideways scroll, no text cut off', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/terms', '/cookies', '/gdpr', '/missing', '/login']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      // Sections clip their overflow, so also check that no text runs past the right edge.
      const cut = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        return [...document.querySelectorAll('h1, h2, h3, p, li, a, button, td, th')]
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.right > width + 1;
          })
          .filter((el) => !el.closest('.legal__menu, [aria-hidden="true"]'))
          .map((el) => `${el.tagName.toLowerCase()}: ${(el.textContent ?? '').slice(0, 40)}`);
      });
      expect(cut, `${path} cuts text off`).toEqual([]);
    }
  });
});
