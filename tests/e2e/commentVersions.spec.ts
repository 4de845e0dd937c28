/**
 * Comments belong to the version they were made on: a doctor's pinned comment on v1,
 * then a v2 from the technician; opening the link shows v2, the comment reads "on v1" and its
 * pin is drawn faded; choosing it offers v1, which shows the comment as current. The case and
 * the v1 comment are made through the real API (the pin's placement has its own journey in
 * review.spec.ts).
 */
import { test, expect } from './support/cusp';
import { createProject, technician } from './support/projects';
import { shotPath, viewerCanvas } from './support/shots';
import { showPanel } from './support/viewerPanels';

test('a comment made on v1 reads "on v1" on v2, its pin faded; choosing it offers v1', async ({
  page,
  cusp,
}) => {
  test.setTimeout(240_000);
  const tech = await technician(cusp, 'olga@comment-versions.test', 'Olga Owner');
  const auth = { authorization: `Bearer ${tech.token}` };
  const { projectId, publicLink } = await createProject(cusp, {
    token: tech.token,
    name: 'Crown 16 with a copy',
    models: ['Crown 16', 'Crown copy'],
  });
  const token = new URL(publicLink).pathname.split('/').pop()!;
  const project = (await (
    await fetch(`${cusp.baseURL}/api/projects/${projectId}`, { headers: auth })
  ).json()) as { models: { id: string; originalName: string }[] };
  const crown = project.models[0]!.id;

  const onV1 = await fetch(`${cusp.baseURL}/api/public/projects/${token}/comments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      authorName: 'Dr Ada Molar',
      body: 'Distal margin is short',
      version: 1,
      anchor: {
        modelId: crown,
        point: [0, 0, 0],
        normal: [0, 0, 1],
        camera: { position: [0, -40, 40], target: [0, 0, 0], up: [0, 0, 1] },
      },
    }),
  });
  expect(onV1.status, await onV1.clone().text()).toBe(201);

  // v2: the copy removed, the crown kept.
  const form = new FormData();
  form.append('versionData', JSON.stringify({ note: 'Copy removed', keep: [crown] }));
  const v2 = await fetch(`${cusp.baseURL}/api/projects/${projectId}/versions`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  expect(v2.status, await v2.clone().text()).toBe(201);

  await page.goto(new URL(publicLink).pathname);
  await expect(viewerCanvas(page)).toHaveAttribute('data-viewer-ready', 'true', {
    timeout: 90_000,
  });
  await expect(page.getByTestId('version-switcher').getByRole('combobox')).toHaveValue('2');
  await showPanel(page, 'Conversation');
  const comment = page.getByTestId('thread-comment');
  await expect(comment).toHaveCount(1, { timeout: 30_000 });
  await expect(comment.getByTestId('comment-version')).toHaveText('on v1');
  const pin = page.locator('[data-testid="pin"][data-pin="1"]');
  await expect(pin).toHaveClass(/vpin--other-version/);
  await expect(pin).toHaveAttribute('aria-label', 'Pin 1 (on v1)');
  await page.screenshot({ path: shotPath('comment-on-v1-seen-on-v2.png') });

  await comment.getByRole('button', { name: 'Show pin 1' }).click();
  const offer = comment.getByRole('status');
  await expect(offer).toHaveText('Made on v1; you are looking at v2. Show v1');
  await offer.getByRole('button', { name: 'Show v1' }).click();
  await expect(page).toHaveURL(/\?v=1$/);
  // The viewer loads v1's models.
  await showPanel(page, 'Info');
  await expect(page.getByTestId('version-switcher').getByRole('combobox')).toHaveValue('1', {
    timeout: 60_000,
  });
  await showPanel(page, 'Conversation');
  await expect(page.getByTestId('thread-comment').getByTestId('comment-version')).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(page.locator('[data-testid="pin"][data-pin="1"]')).not.toHaveClass(
    /vpin--other-version/,
  );
  await page.screenshot({ path: shotPath('comment-on-v1-seen-on-v1.png') });
});
