/**
 * The viewer's panels, as a person opens them: on a wide screen a tab of the docked side panel,
 * on a narrow one a sheet from the bottom bar (the doctor reaches the conversation by Comment).
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export type PanelName = 'Layers' | 'Info' | 'Conversation';

const REGION: Record<PanelName, string> = {
  Layers: 'Model Layers',
  Info: 'Project Info',
  Conversation: 'Conversation',
};

/** Opens the panel (if it is not open) and answers its region. */
export async function showPanel(page: Page, name: PanelName): Promise<Locator> {
  const region = page.getByRole('region', { name: REGION[name], exact: true });
  if (await region.isVisible()) return region;
  const viewer = page.locator('main.viewer');
  const narrow = (await viewer.getAttribute('data-layout')) === 'narrow';
  const scope = narrow
    ? page.getByRole('navigation', { name: 'Viewer panels and actions' })
    : page.getByRole('complementary', { name: 'Panels' });
  const button = scope.getByRole('button', { name: new RegExp(`^${name}`) });
  if ((await button.count()) > 0) await button.click();
  else await scope.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(region).toBeVisible({ timeout: 60_000 });
  return region;
}

/** Narrow screens: folds the open sheet, so the model has the screen. */
export async function closeSheet(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: /^Close (Layers|Info|Conversation)$/ });
  if ((await close.count()) > 0) await close.click();
  await expect(close).toHaveCount(0);
}
