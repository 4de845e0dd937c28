import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { freshClient } from './support/accounts';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { encodeSolution } from '../support/accounts';
import {
  test as base,
  expect,
  HEALTH_TIMEOUT_MS,
  startCusp,
  type CuspServer,
} from './support/cusp';
import { meshFixtures } from '../support/fixturePaths';
import { SCREENSHOT_DIR } from './support/paths';

/**
 * The admin journey against a real Cusp (its own server: the admin comes from ADMIN_EMAILS).
 * Everything is created through the public API: register with the real bot check, verify by the
 * mailed link, sign in, upload real STL files.
 */

const ADMIN_EMAIL = 'root@admin-e2e.test';
const TECH_EMAIL = 'tina@lab-e2e.test';
const PASSWORD = 'correct-otter-lamp-42';
const DAY = 86_400_000;
const STL = path.join(meshFixtures, 'molar-crown-fdi16.stl');

const test = base.extend<object, { cusp: CuspServer }>({
  cusp: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { server, close } = await startCusp({ ADMIN_EMAILS: ADMIN_EMAIL });
      try {
        await use(server);
      } finally {
        await close();
      }
    },
    { scope: 'worker', timeout: HEALTH_TIMEOUT_MS + 30_000 },
  ],
});

interface Account {
  token: string;
  user: { id: string; name: string; email: string; role?: string };
}

async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(url === '/api/register' ? freshClient() : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function mailedToken(dataDir: string, email: string): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  for (let i = 0; i < 200; i++) {
    if (existsSync(dir)) {
      for (const f of readdirSync(dir).filter((x) => x.endsWith('.eml'))) {
        const raw = readFileSync(path.join(dir, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
        if (!raw.includes(`To: ${email}`)) continue;
        const m = /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(raw);
        if (m) return m[1]!;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no verification mail for ${email}`);
}

async function account(server: CuspServer, name: string, email: string): Promise<Account> {
  const b = server.baseURL;
  const { challenge } = (await call(b, 'GET', '/api/botcheck/challenge?purpose=register')) as {
    challenge: Parameters<typeof encodeSolution>[0];
  };
  await call(b, 'POST', '/api/register', {
    name,
    email,
    companyName: `${name} Dental`,
    password: PASSWORD,
    turnstileToken: await encodeSolution(challenge),
  });
  await call(b, 'POST', `/api/verify-email/${await mailedToken(server.dataDir, email)}`);
  return (await call(b, 'POST', '/api/login', { email, password: PASSWORD })) as unknown as Account;
}

async function upload(server: CuspServer, token: string, name: string, patientName: string) {
  const form = new FormData();
  form.append('projectData', JSON.stringify({ name, patientName, laboratoryName: 'Tina Lab' }));
  form.append('models', new Blob([readFileSync(STL)]), 'crown.stl');
  const res = await fetch(`${server.baseURL}/api/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
}

async function signIn(page: Page, a: Account): Promise<void> {
  await page.addInitScript(
    ([t, u]) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('token', t as string);
      localStorage.setItem('userData', u as string);
    },
    [a.token, JSON.stringify(a.user)] as const,
  );
}

test.describe.configure({ mode: 'serial' });

test.describe('admin panel', () => {
  let admin: Account;
  let tech: Account;

  test.beforeAll(async ({ cusp }) => {
    test.setTimeout(90_000);
    admin = await account(cusp, 'Root Admin', ADMIN_EMAIL);
    tech = await account(cusp, 'Tina Technician', TECH_EMAIL);
    expect(admin.user.role).toBe('admin');
    for (const [name, patient] of [
      ['Crown Alpha', 'Pat Alpha'],
      ['Bridge Beta', 'Pat Beta'],
      ['Inlay Gamma', 'Pat Gamma'],
    ] as const) {
      await upload(cusp, tech.token, name, patient);
    }
  });

  test('a non-admin visiting /admin is refused and lands on /dashboard', async ({ page }) => {
    await signIn(page, tech);
    await page.goto('/admin');
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByTestId('toast')).toHaveText('Access denied. Admin privileges required.');
  });

  test('an admin finds a user and their projects, filters, sorts, bulk-deletes and audits', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page, admin);
    await page.goto('/admin');

    await expect(page.getByRole('heading', { level: 1 })).toContainText('Admin Panel');
    await expect(page.getByTestId('admin-mode-badge')).toHaveText('Admin Mode');
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText([
      'Overview',
      'Users (2)',
      'Projects (3)',
      'Public Projects (0)',
      'Audit',
    ]);
    await expect(page.getByTestId('stat-total-projects-value')).toHaveText('3');
    await expect(page.getByTestId('stat-total-users-value')).toHaveText('2');
    await expect(page.getByTestId('stat-total-users')).toContainText('1 active');
    await expect(page.getByTestId('stat-total-projects')).toContainText('3 files');

    // Users: the technician, searchable by any field.
    await page.getByRole('tab', { name: 'Users (2)' }).click();
    const users = page.getByTestId('users-table');
    const tina = users.getByRole('row', { name: /Tina Technician/ });
    await expect(tina).toContainText(TECH_EMAIL);
    await expect(tina).toContainText('Tina Technician Dental');
    await expect(tina).toContainText('User');
    await expect(tina.getByRole('link', { name: 'View Dashboard' })).toHaveAttribute(
      'href',
      `/dashboard?userId=${tech.user.id}`,
    );
    await expect(tina.getByRole('cell').nth(5)).toHaveText(
      /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d\d, \d{4}$/,
    );
    await users.getByRole('searchbox').fill('LAB-E2E');
    await expect(users.getByTestId('data-table-showing')).toHaveText('Showing 1 of 2 items');
    await users.getByRole('searchbox').fill('nobody-here');
    await expect(users).toContainText('No users found');

    // Projects: the technician's three, with owner and status.
    await page.getByRole('tab', { name: 'Projects (3)' }).click();
    const projects = page.getByTestId('projects-table');
    const rows = projects.locator('tbody tr');
    await expect(rows).toHaveCount(3);
    const alpha = projects.getByRole('row', { name: /Crown Alpha/ });
    await expect(alpha).toContainText('Pat Alpha');
    await expect(alpha).toContainText('Tina Technician');
    await expect(alpha.getByTestId('status-badge')).toHaveText('Pending Review');
    await expect(alpha.getByRole('link', { name: 'View' })).toHaveAttribute('target', '_blank');
    await expect(alpha.getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      /^\/viewer\/pub_/,
    );

    // The server searches: case-insensitive, name, patient and laboratory.
    await projects.getByRole('searchbox').fill('pat BETA');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Bridge Beta');
    await expect(projects.getByTestId('data-table-showing')).toHaveText('Showing 1 of 1 items');
    // The tab still counts the whole list.
    await expect(page.getByRole('tab', { name: 'Projects (3)' })).toBeVisible();
    await projects.getByRole('searchbox').fill('');
    await expect(rows).toHaveCount(3);

    // The server sorts: by project name A→Z, by creation newest first (one direction each).
    const names = () => rows.locator('td:nth-child(2) .admin-cell__main').allTextContents();
    await projects.getByRole('button', { name: 'Project' }).click();
    await expect.poll(names).toEqual(['Bridge Beta', 'Crown Alpha', 'Inlay Gamma']);
    await expect(projects.getByRole('columnheader', { name: 'Project' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await projects.getByRole('button', { name: 'Created' }).click();
    await expect.poll(names).toEqual(['Inlay Gamma', 'Bridge Beta', 'Crown Alpha']);
    await expect(projects.getByRole('columnheader', { name: 'Created' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    // Date filter: all three are from today.
    const dateFilter = projects.getByLabel('Date filter');
    await expect(dateFilter.locator('option')).toHaveText([
      'All time',
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
    ]);
    await dateFilter.selectOption({ label: 'Last 7 days' });
    await expect(rows).toHaveCount(3);
    await dateFilter.selectOption({ label: 'All time' });

    // Bulk delete two with the spec's confirmation.
    await projects
      .getByRole('row', { name: /Crown Alpha/ })
      .getByRole('checkbox')
      .check();
    await projects
      .getByRole('row', { name: /Bridge Beta/ })
      .getByRole('checkbox')
      .check();
    await expect(projects.getByTestId('data-table-selected')).toHaveText('2 selected');
    let dialogText = '';
    page.once('dialog', (d) => {
      dialogText = d.message();
      void d.accept();
    });
    await projects.getByRole('button', { name: 'Delete Selected (2)' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Successfully deleted 2 project(s)' }),
    ).toBeVisible();
    expect(dialogText).toBe(
      'Are you sure you want to delete 2 project(s): Bridge Beta, Crown Alpha? This cannot be undone.',
    );
    await expect(page.getByRole('tab', { name: 'Projects (1)' })).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Inlay Gamma');

    // Counts dropped on the Overview too.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByTestId('stat-total-projects-value')).toHaveText('1');

    // The deletions are in the audit log, by this admin.
    await page.getByRole('tab', { name: 'Audit' }).click();
    const audit = page.getByTestId('audit-tab');
    await audit.getByLabel('Event type').selectOption('ProjectDeleted');
    await audit.getByRole('button', { name: 'Apply' }).click();
    const entries = audit.getByTestId('audit-entry');
    await expect(entries).toHaveCount(2);
    for (const e of await entries.all()) {
      await expect(e).toContainText('Project deleted');
      await expect(e).toContainText('admin');
      await expect(e.locator('code')).toHaveAttribute('title', `admin:${admin.user.id}`);
    }
  });

  test('the date filter hides projects older than the chosen period', async ({ page }) => {
    // The browser lives ten days ahead: today's project is 10 days old there.
    await page.clock.setFixedTime(new Date(Date.now() + 10 * DAY));
    await signIn(page, admin);
    await page.goto('/admin?tab=projects');
    const projects = page.getByTestId('projects-table');
    const rows = projects.locator('tbody tr');
    await expect(rows).toHaveCount(1);
    const dateFilter = projects.getByLabel('Date filter');
    await dateFilter.selectOption({ label: 'Last 7 days' });
    await expect(projects).toContainText('No projects found');
    await expect(projects.getByTestId('data-table-showing')).toHaveText('Showing 0 of 0 items');
    await expect(page.getByRole('tab', { name: 'Projects (1)' })).toBeVisible();
    await dateFilter.selectOption({ label: 'Last 30 days' });
    await expect(rows).toHaveCount(1);
  });

  test("an admin reads a technician's project history: the project and the technician are named, Back returns", async ({
    page,
  }) => {
    await signIn(page, admin);
    await page.goto('/admin');
    await page.getByRole('tab', { name: /^Users/ }).click();
    await page
      .getByTestId('users-table')
      .getByRole('row', { name: /Tina Technician/ })
      .getByRole('link', { name: 'View Dashboard' })
      .click();
    await expect(page).toHaveURL(`/dashboard?userId=${tech.user.id}`);

    // History sits in the card's "⋯" menu.
    const card = page.getByTestId('project-card').filter({ hasText: 'Inlay Gamma' });
    await card.getByRole('button', { name: /More actions/ }).click();
    await page
      .getByRole('menu')
      .getByRole('menuitem', { name: /History/ })
      .click();
    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}\/history$/);
    await expect(page.getByTestId('history-project')).toHaveText('Inlay Gamma');
    const created = page.getByTestId('history-entry').filter({ hasText: 'Project created' });
    await expect(created).toHaveCount(1);
    await expect(created).toContainText('Tina Technician');
    await expect(created).not.toContainText('You');
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'history-admin-view-1280.png'),
      fullPage: true,
    });

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(`/dashboard?userId=${tech.user.id}`);
    await expect(page.getByTestId('project-card').filter({ hasText: 'Inlay Gamma' })).toBeVisible();

    // The audit timeline names the acting technician and the project beside their ids.
    await page.goto('/admin?tab=audit');
    const audit = page.getByTestId('audit-tab');
    await audit.getByLabel('Event type').selectOption('ProjectCreated');
    await audit.getByRole('button', { name: 'Apply' }).click();
    const inlay = audit.getByTestId('audit-entry').filter({ hasText: 'Inlay Gamma' });
    await expect(inlay).toHaveCount(1);
    await expect(inlay.getByTestId('audit-actor-name')).toHaveText('Tina Technician');
    await expect(inlay.getByTestId('audit-subject-name')).toHaveText('Inlay Gamma');
  });
});
