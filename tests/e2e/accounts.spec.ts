import { E2E_PASSWORD, verificationLink, verifiedAccount } from './support/accounts';
import { test, expect } from './support/cusp';

test.describe('accounts', () => {
  test('register → open the mailed link → verify → log in → dashboard → log out', async ({
    page,
    cusp,
  }) => {
    test.setTimeout(120_000);
    const email = `journey.${Date.now()}@lab.example`;
    const name = 'Journey Tech';

    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
    await expect(page.getByText('At least 12 characters. Avoid common passwords.')).toBeVisible();
    await page.getByLabel('Full Name').fill(name);
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Company/Laboratory Name').fill('Journey Dental');
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    // The security check solves itself in a worker.
    await expect(page.getByTestId('bot-check')).toHaveAttribute('data-state', 'success', {
      timeout: 60_000,
    });
    await expect(page.getByText('Security verification completed!')).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check Your Email');
    await expect(page.getByText('Registration successful! Please check your email.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue to Login' })).toBeVisible();

    const link = await verificationLink(cusp, email);
    expect(link.startsWith(cusp.baseURL)).toBe(true);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email Verified!');
    await expect(page.getByText('Email verified successfully!')).toBeVisible();
    await expect(page.getByText('We have also sent you a welcome email.')).toBeVisible();

    // The link works once: opened again it explains why it fails.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Failed');
    await expect(page.getByRole('link', { name: 'Register New Account' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Login' }).click();

    await expect(page).toHaveURL('/login');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await page.getByRole('button', { name: `Account menu for ${name}` }).click();
    await page.getByTestId('avatar-menu').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a missing token shows Invalid verification link', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Failed');
    await expect(page.getByTestId('page-verify-email').getByRole('alert')).toHaveText(
      'Invalid verification link',
    );
  });

  test('two wrong passwords → the security check appears → a correct login with it succeeds', async ({
    page,
    cusp,
  }) => {
    test.setTimeout(120_000);
    const email = `guarded.${Date.now()}@lab.example`;
    await verifiedAccount(cusp, email, 'Guarded Tech');

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter both email and password.')).toBeVisible();

    await page.getByLabel('Email Address').fill(email);
    for (let i = 0; i < 2; i++) {
      await expect(page.getByTestId('bot-check')).toHaveCount(0);
      await page.getByLabel('Password').fill('wrong-password-99');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByText('Invalid email or password')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    }
    const check = page.getByTestId('bot-check');
    await expect(check).toBeVisible();
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await expect(check).toHaveAttribute('data-state', 'success', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Guarded Tech');
  });
});
