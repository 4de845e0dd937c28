/**
 * Forms as people expect: every field is styled however its page is reached,
 * a refusal sits under the field it concerns (marked, described, focused) and keeps every other
 * choice, withdrawing or replacing a link asks first, the PIN lock in Link settings is live, and
 * the login page offers a new verification mail.
 */
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { meshFixtures } from '../support/fixturePaths';
import { E2E_PASSWORD, freshClient, mailsTo, resetLink } from './support/accounts';
import { test, expect, type CuspServer } from './support/cusp';
import {
  addVersion,
  createProject,
  signInBrowser,
  technician,
  type Technician,
} from './support/projects';
import { shotPath } from './support/shots';
import { showPanel } from './support/viewerPanels';

const PIN = '36912150';
/** The design's field (web/src/ui/field.css): not the browser's default input. */
const DESIGN = { radius: '10px', paddingLeft: '12px', border: '1px', minHeight: '44px' };

async function solved(cusp: CuspServer, purpose: string): Promise<string> {
  const ch = await fetch(`${cusp.baseURL}/api/botcheck/challenge?purpose=${purpose}`);
  const { challenge } = (await ch.json()) as { challenge: Challenge };
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
}

async function api(cusp: CuspServer, method: string, url: string, body?: object, token?: string) {
  const res = await fetch(`${cusp.baseURL}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...freshClient(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}

/** Every one of `fields` is drawn as the design's field. */
async function expectStyled(fields: Locator, what: string) {
  const n = await fields.count();
  expect(n, `${what}: fields found`).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const style = await fields.nth(i).evaluate((el) => {
      const c = getComputedStyle(el);
      return {
        radius: c.borderTopLeftRadius,
        paddingLeft: c.paddingLeft,
        border: c.borderTopWidth,
        minHeight: c.minHeight,
      };
    });
    expect(style, `${what} #${i}`).toEqual(DESIGN);
  }
}

async function signedInPage(browser: Browser, cusp: CuspServer, tech: Technician) {
  const context = await browser.newContext({ baseURL: cusp.baseURL });
  const page = await context.newPage();
  await signInBrowser(page, tech);
  return page;
}

async function cardMenu(page: Page, projectName: string, item: string) {
  const card = page.getByTestId('project-card').filter({ hasText: projectName });
  await card.getByRole('button', { name: `More actions for ${projectName}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Both widths of the brief, saved under test-results/e2e/screenshots/. */
async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: shotPath(`${name}-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shotPath(`${name}-390.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('forms', () => {
  test('every field is styled on a direct visit, whatever page was loaded before', async ({
    page,
    browser,
    cusp,
  }) => {
    test.setTimeout(240_000);
    const stamp = Date.now();
    const tech = await technician(cusp, `forms.styles.${stamp}@lab.test`, 'Stella Styles');
    const { projectId } = await createProject(cusp, {
      name: 'Styled case',
      models: ['Crown 16', 'Antagonist'],
      token: tech.token,
    });
    await addVersion(cusp, tech.token, projectId, {
      note: 'Crown reshaped',
      keep: ['Antagonist'],
      files: [{ path: path.join(meshFixtures, 'molar-crown-fdi16-v2.stl'), name: 'Crown 16' }],
    });
    const locked = await createProject(cusp, { name: 'PIN case', token: tech.token });
    const set = await api(
      cusp,
      'PUT',
      `/api/projects/${locked.projectId}/link`,
      { expiresAt: null, pin: PIN },
      tech.token,
    );
    expect(set.status).toBe(200);

    // Signed out, each page loaded on its own (no sign-in page first).
    const forgotten = await api(cusp, 'POST', '/api/forgot-password', {
      email: tech.user.email,
      turnstileToken: await solved(cusp, 'password-reset'),
    });
    expect(forgotten.status).toBe(202);
    const reset = new URL(await resetLink(cusp, tech.user.email));
    for (const [url, selector] of [
      ['/register', '#register-name, #register-email, #register-company, #register-password'],
      ['/forgot-password', '#forgot-email'],
      [reset.pathname + reset.search, '#reset-password, #reset-password-confirm'],
      ['/login', '#login-email, #login-password'],
    ] as const) {
      await page.goto(url);
      await expect(page.locator(selector).first()).toBeVisible({ timeout: 30_000 });
      await expectStyled(page.locator(selector), url.split('?')[0]!);
    }

    // The doctor's PIN page, straight from the link.
    const doctor = await browser.newPage({ baseURL: cusp.baseURL });
    await doctor.goto(new URL(locked.publicLink).pathname);
    await expect(doctor.locator('#link-pin-input')).toBeVisible({ timeout: 30_000 });
    await expectStyled(doctor.locator('#link-pin-input'), 'PIN page');
    await shots(doctor, 'forms-pin-page');
    await doctor.close();

    // Signed in: New Project, the dashboard's dialogs and the owner viewer, each a fresh load.
    const owner = await signedInPage(browser, cusp, tech);
    await owner.goto('/projects/new');
    await expect(owner.locator('#pf-name')).toBeVisible({ timeout: 30_000 });
    await expectStyled(owner.locator('#pf-name, #pf-patient, #pf-lab, #pf-comment'), 'new project');
    await shots(owner, 'forms-new-project');

    await owner.goto('/dashboard');
    await cardMenu(owner, 'Styled case', 'Email');
    const email = owner.getByTestId('email-modal');
    await expectStyled(email.locator('#dash-doctor-email'), 'send e-mail');
    await shots(owner, 'forms-send-email');
    await email.getByRole('button', { name: 'Close' }).first().click();

    await owner.goto('/dashboard');
    await cardMenu(owner, 'Styled case', 'Link settings');
    const link = owner.getByTestId('link-settings-modal');
    await expect(link.getByTestId('link-state')).toBeVisible();
    await link.getByLabel('On a date').check();
    await link.getByLabel('Require a PIN').check();
    await expectStyled(
      link.locator('#link-expiry-date, #link-pin, #link-rotate-email'),
      'link settings',
    );
    await link.getByRole('button', { name: 'Close' }).first().click();

    await owner.goto('/dashboard');
    await cardMenu(owner, 'Styled case', 'Upload new version');
    const version = owner.getByTestId('new-version-modal');
    await expectStyled(version.locator('select, textarea'), 'upload version');
    await shots(owner, 'forms-upload-version');
    await version.getByRole('button', { name: 'Close' }).first().click();

    await owner.goto(`/viewer/${projectId}`);
    const info = await showPanel(owner, 'Info');
    await expect(info.getByTestId('version-switcher')).toBeVisible({ timeout: 60_000 });
    await expectStyled(info.getByTestId('version-switcher').locator('select'), 'version switcher');
    // The compare and clearance panels come once the viewer has drawn its models.
    await expect(info.getByTestId('clearance-panel')).toBeVisible({ timeout: 90_000 });
    await expectStyled(info.getByTestId('compare-panel').locator('select'), 'compare panel');
    await expectStyled(info.getByTestId('clearance-panel').locator('select'), 'clearance panel');
    await info.getByTestId('compare-panel').scrollIntoViewIfNeeded();
    await owner.screenshot({ path: shotPath('forms-viewer-dropdowns-1280.png') });
    await owner.context().close();
  });

  test('refusals sit under their fields, take focus and keep the other choices', async ({
    page,
    browser,
    cusp,
  }) => {
    test.setTimeout(180_000);
    const tech = await technician(cusp, `forms.errors.${Date.now()}@lab.test`, 'Erin Errors');
    await createProject(cusp, { name: 'Refused case', token: tech.token });
    const toasts = page.getByTestId('toast');

    // Login, nothing typed: the spec's one message under the first empty field, both marked.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const loginEmail = page.locator('#login-email');
    await expect(loginEmail).toHaveAttribute('aria-invalid', 'true');
    await expect(loginEmail).toBeFocused();
    await expect(page.locator('#login-email-error')).toHaveText(
      'Please enter both email and password.',
    );
    await expect(page.locator('#login-password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#login-password')).toHaveAttribute(
      'aria-describedby',
      'login-email-error',
    );
    await expect(toasts).toHaveCount(0);
    await shots(page, 'forms-login-empty');
    // Typing clears the mark; a wrong password is the form's own error, not a toast.
    await loginEmail.fill(tech.user.email);
    await expect(loginEmail).not.toHaveAttribute('aria-invalid', 'true');
    await page.locator('#login-password').fill('wrong-password-99');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('Invalid email or password');
    await expect(loginEmail).toHaveValue(tech.user.email);
    await expect(toasts).toHaveCount(0);

    // Register: one message for the empty fields, under the first.
    await page.goto('/register');
    await page.getByLabel('Full Name').fill('Erin');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.locator('#register-email-error')).toHaveText('Please fill in all fields');
    await expect(page.locator('#register-email')).toBeFocused();
    await expect(page.locator('#register-company')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('[data-testid="field-error"]')).toHaveCount(1);
    await expect(page.getByLabel('Full Name')).toHaveValue('Erin');
    await shots(page, 'forms-register-empty');

    // Link settings: a bad PIN keeps the 30 days chosen with it; fixed, both are saved.
    const owner = await signedInPage(browser, cusp, tech);
    await owner.goto('/dashboard');
    await cardMenu(owner, 'Refused case', 'Link settings');
    const link = owner.getByTestId('link-settings-modal');
    await expect(link.getByTestId('link-state')).toBeVisible();
    await link.getByLabel('30 days').check();
    await link.getByLabel('Require a PIN').check();
    await link.locator('#link-pin').fill('123');
    await link.getByRole('button', { name: 'Save settings' }).click();
    await expect(link.locator('#link-pin-error')).toHaveText('The PIN must be 6 to 12 digits');
    await expect(link.locator('#link-pin')).toBeFocused();
    await expect(link.locator('#link-pin')).toHaveAttribute('aria-describedby', 'link-pin-error');
    await expect(link.getByLabel('30 days')).toBeChecked();
    await expect(link.locator('#link-pin')).toHaveValue('123');
    await shots(owner, 'forms-link-settings-pin-error');
    // The dialog asks for the link again every 10 s: the choices survive that too.
    await owner.waitForTimeout(11_000);
    await expect(link.getByLabel('30 days')).toBeChecked();
    await expect(link.locator('#link-pin')).toHaveValue('123');
    await link.locator('#link-pin').fill(PIN);
    await expect(link.locator('#link-pin-error')).toHaveCount(0);
    await link.getByRole('button', { name: 'Save settings' }).click();
    await expect(link.getByTestId('link-state')).toContainText('PIN required');
    await expect(link.getByTestId('link-state')).toContainText('Expires');
    // A date not chosen is refused under the date, the PIN choice kept.
    await link.getByLabel('On a date').check();
    await link.locator('#link-expiry-date').fill('');
    await link.getByRole('button', { name: 'Save settings' }).click();
    await expect(link.locator('#link-expiry-date-error')).toHaveText('Please choose a date');
    await expect(link.locator('#link-expiry-date')).toBeFocused();
    await expect(link.getByLabel('Keep the PIN')).toBeChecked();
    // A bad address for the new link is refused under it before anything happens.
    await link.locator('#link-rotate-email').fill('not-an-address');
    await link.getByRole('button', { name: 'Create new link…' }).click();
    await expect(link.locator('#link-rotate-email-error')).toHaveText(
      'Please enter a valid email address',
    );
    await expect(link.getByTestId('link-confirm')).toHaveCount(0);
    await link.getByRole('button', { name: 'Close' }).first().click();

    // Send e-mail: empty, then refused by the server, each under the address.
    await cardMenu(owner, 'Refused case', 'Email');
    const email = owner.getByTestId('email-modal');
    const address = email.locator('#dash-doctor-email');
    await email.getByRole('button', { name: 'Send Email' }).click();
    await expect(email.locator('#dash-doctor-email-error')).toHaveText(
      "Please enter doctor's email address",
    );
    await expect(address).toBeFocused();
    await address.fill('doctor@');
    await email.getByRole('button', { name: 'Send Email' }).click();
    await expect(email.locator('#dash-doctor-email-error')).toHaveText(
      'Please enter a valid email address',
    );
    await expect(address).toHaveValue('doctor@');
    await expect(owner.getByTestId('toast').filter({ hasText: 'valid email' })).toHaveCount(0);
    await shots(owner, 'forms-send-email-error');
    await owner.context().close();
  });

  test('withdraw and new link say what happens first; Cancel returns focus; the lock is live', async ({
    browser,
    cusp,
  }) => {
    test.setTimeout(180_000);
    const tech = await technician(cusp, `forms.links.${Date.now()}@lab.test`, 'Lars Links');
    const { projectId, publicLink } = await createProject(cusp, {
      name: 'Linked case',
      token: tech.token,
    });
    const token = new URL(publicLink).pathname.split('/').pop()!;
    expect(
      (
        await api(
          cusp,
          'PUT',
          `/api/projects/${projectId}/link`,
          { expiresAt: null, pin: PIN },
          tech.token,
        )
      ).status,
    ).toBe(200);

    const owner = await signedInPage(browser, cusp, tech);
    await owner.goto('/dashboard');
    await cardMenu(owner, 'Linked case', 'Link settings');
    const link = owner.getByTestId('link-settings-modal');
    await expect(link.getByTestId('link-state')).toContainText('PIN required');
    await expect(link.getByTestId('link-lock')).toHaveText('');

    // Wrong PINs typed by someone holding the link show up while the dialog stays open.
    const wrong = () =>
      api(cusp, 'POST', `/api/public/projects/${token}/unlock`, { pin: '000000' });
    for (let i = 0; i < 2; i++) expect((await wrong()).status).toBe(401);
    await expect(link.getByTestId('link-lock')).toHaveText(
      '2 wrong PINs in a row; 5 lock the link for 15 minutes.',
      { timeout: 15_000 },
    );
    for (let i = 0; i < 3; i++) await wrong();
    await expect(link.getByTestId('link-lock')).toContainText('Locked after 5 wrong PINs until', {
      timeout: 15_000,
    });
    await shots(owner, 'forms-link-locked');

    // Withdraw, by keyboard: the question takes focus; Cancel puts focus back on the button.
    const withdraw = link.getByRole('button', { name: 'Withdraw link…' });
    await withdraw.focus();
    await owner.keyboard.press('Enter');
    const confirm = link.getByTestId('link-confirm');
    await expect(confirm).toBeFocused();
    await expect(confirm).toContainText('Withdraw this link?');
    await expect(confirm).toContainText(
      'The current link stops working at once for everyone who has it',
    );
    await shots(owner, 'forms-link-confirm-withdraw');
    await owner.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await owner.keyboard.press('Enter');
    await expect(confirm).toHaveCount(0);
    await expect(withdraw).toBeFocused();
    await expect(link.getByTestId('link-state')).not.toContainText('Withdrawn');

    // A new link: said first, then the old link answers "withdrawn".
    const before = await link.getByTestId('link-url').textContent();
    await link.getByRole('button', { name: 'Create new link…' }).click();
    await expect(confirm).toContainText('the new link replaces it');
    await confirm.getByRole('button', { name: 'Create new link' }).click();
    await expect(link.getByTestId('link-url')).not.toHaveText(before ?? '', { timeout: 15_000 });
    const old = await fetch(`${cusp.baseURL}/api/public/projects/${token}`);
    expect(old.status).toBe(410);
    await owner.context().close();
  });

  test('an unverified address gets a new verification mail from the login page', async ({
    page,
    cusp,
  }) => {
    test.setTimeout(120_000);
    const email = `forms.unverified.${Date.now()}@lab.test`;
    const registered = await api(cusp, 'POST', '/api/register', {
      name: 'Una Unverified',
      email,
      companyName: 'E2E Lab',
      password: E2E_PASSWORD,
      turnstileToken: await solved(cusp, 'register'),
    });
    expect(registered.status).toBe(201);
    const tokenIn = (m: string) => /\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(m)?.[1];
    await expect.poll(() => mailsTo(cusp, email).length, { timeout: 15_000 }).toBe(1);
    const first = tokenIn(mailsTo(cusp, email)[0]!)!;

    await page.goto('/login');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const notice = page.getByTestId('login-error');
    await expect(notice).toContainText('Please verify your email address before logging in.');
    await shots(page, 'forms-login-unverified');
    await notice.getByRole('button', { name: 'Resend verification e-mail' }).click();
    await expect(page.getByTestId('verification-resent')).toHaveText(
      'If an account with this email address is waiting for verification, a new link has been sent.',
    );
    await expect.poll(() => mailsTo(cusp, email).length, { timeout: 15_000 }).toBe(2);
    const resent = mailsTo(cusp, email).find((m) => tokenIn(m) !== first)!;
    expect(resent).toContain('It replaces the verification links we sent you before.');

    // The first mail's link no longer works; the new one verifies, and sign-in then succeeds.
    await page.goto(`/verify-email?token=${first}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Failed');
    await page.goto(`/verify-email?token=${tokenIn(resent)!}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email Verified!');
    await page.goto('/login');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/dashboard');
  });
});
