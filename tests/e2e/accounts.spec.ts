import { E2E_PASSWORD, resetLink, verificationLink, verifiedAccount } from './support/accounts';
import { test, expect, type CuspServer } from './support/cusp';
import { shotPath } from './support/shots';

/** POST /api/login straight to the server (another device, as far as the page knows). */
async function apiLogin(cusp: CuspServer, email: string, password: string) {
  const res = await fetch(`${cusp.baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, body: (await res.json()) as { token?: string } };
}

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

  test('failures on another device: the check is on screen before the first submit, the password kept', async ({
    page,
    cusp,
  }) => {
    test.setTimeout(120_000);
    const email = `elsewhere.${Date.now()}@lab.example`;
    await verifiedAccount(cusp, email, 'Elsewhere Tech');
    // Two wrong passwords typed somewhere else: the server now requires the check for this address.
    for (let i = 0; i < 2; i++) {
      expect((await apiLogin(cusp, email, 'wrong-password-99')).status).toBe(401);
    }

    await page.goto('/login');
    await expect(page.getByTestId('bot-check')).toHaveCount(0);
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    // No submit yet: the page asked the server, and the check is there.
    const check = page.getByTestId('bot-check');
    await expect(check).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveValue(E2E_PASSWORD);
    await expect(check).toHaveAttribute('data-state', 'success', { timeout: 60_000 });
    await expect(page.getByLabel('Password')).toHaveValue(E2E_PASSWORD);
    await page.screenshot({ path: shotPath('login-check-before-submit.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: shotPath('login-check-before-submit-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Elsewhere Tech');
  });

  test('forgot password: request → mailed link → new password → sign in; the old session is refused', async ({
    page,
    cusp,
  }) => {
    test.setTimeout(180_000);
    const email = `forgot.${Date.now()}@lab.example`;
    const newPassword = 'violet-harbour-kettle-7';
    await verifiedAccount(cusp, email, 'Forgetful Tech');
    const old = await apiLogin(cusp, email, E2E_PASSWORD);
    expect(old.status).toBe(200);
    const me = (token: string) =>
      fetch(`${cusp.baseURL}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me(old.body.token!)).status).toBe(200);

    await page.goto('/login');
    await page.getByLabel('Email Address').fill(email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
    // The address typed on the login page came along.
    await expect(page.getByLabel('Email Address')).toHaveValue(email);
    await expect(page.getByTestId('bot-check')).toHaveAttribute('data-state', 'success', {
      timeout: 60_000,
    });
    await page.screenshot({ path: shotPath('forgot-password.png') });
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check Your Email');
    await expect(page.getByTestId('reset-link-sent')).toContainText('valid for 1 hour');

    const link = await resetLink(cusp, email);
    expect(link.startsWith(`${cusp.baseURL}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    await expect(page.getByText('At least 12 characters. Avoid common passwords.')).toBeVisible();
    // The policy holds on the page too.
    await page.getByLabel('New Password', { exact: true }).fill('too-short');
    await page.getByLabel('Confirm New Password').fill('too-short');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByText('Password must be at least 12 characters')).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.screenshot({ path: shotPath('reset-password.png') });
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Password Changed');
    await expect(page.getByTestId('page-reset-password')).toContainText(
      'Your password has been changed. Please sign in with your new password.',
    );

    // Every session ended: the token from before the reset is refused.
    expect((await me(old.body.token!)).status).toBe(401);
    expect((await apiLogin(cusp, email, E2E_PASSWORD)).status).toBe(401);

    await page.getByRole('link', { name: 'Continue to Login' }).click();
    await expect(page).toHaveURL('/login');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Forgetful Tech');

    // The link was used up.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset Link Invalid');
    await expect(page.getByRole('link', { name: 'Request a New Link' })).toBeVisible();
  });
});
