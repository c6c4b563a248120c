import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { SimDataset } from '../../simulator/data/types';
import { startWebhookListener, type ReceivedCall } from '../../src-main/webhook/listener';
import { childrenOf, elementInfo } from '../../src-shared/forms/tree';
import { translator } from '../../src-shared/i18n/catalogue';
import { termLabel } from '../../src-shared/plans/vocabulary';
import { addWorkspaceViaUi, expect, test } from './harness';

function formRows(page: Page) {
  return page.getByTestId('forms-table').locator('[data-testid^="form-row-"]');
}

async function openForms(page: Page): Promise<void> {
  await page.getByTestId('open-forms').click();
  await expect(formRows(page).first()).toBeVisible();
}

test('forms: the list, a nested form edited in the tree, field errors, and saving', async ({ app }) => {
  const { page } = app;
  await app.open();
  await openForms(page);
  const list = await app.services.forms.list();
  await expect(formRows(page)).toHaveCount(list.forms.length);
  const form = list.forms.find((f) => f.sections > 0)!;
  await expect(page.getByTestId(`form-questions-${form.id}`)).toHaveText(String(form.questions));
  await app.screenshot('20-forms-list');

  await page.getByTestId(`form-row-${form.id}`).click();
  await expect(page.getByTestId('form-name')).toHaveValue(form.name);
  await expect(page.getByTestId('form-node-0')).toBeVisible();
  // A section inside the first section (as its last element), a question inside that, then a
  // second question moved out a level.
  const before = elementInfo(childrenOf((await app.services.forms.get(form.id)).document)![0]);
  expect(before.kind).toBe('section');
  await page.getByTestId('node-add-section-0').click();
  const sectionPath = `0.${before.childCount}`;
  await expect(page.getByTestId(`node-label-${sectionPath}`)).toBeFocused();
  await page.getByTestId(`node-label-${sectionPath}`).fill('Fenster im Detail');
  await page.getByTestId(`node-add-question-${sectionPath}`).click();
  await page.getByTestId(`node-label-${sectionPath}.0`).fill('Dichtungen porös?');
  await page.getByTestId(`node-required-${sectionPath}.0`).check();
  await page.getByTestId(`node-add-question-${sectionPath}`).click();
  await page.getByTestId(`node-label-${sectionPath}.1`).fill('');
  await expect(page.getByTestId('form-status')).toHaveText('Unsaved changes');

  // An empty text is refused at its field before anything is sent.
  await page.getByTestId('form-save').click();
  await expect(page.getByTestId(`field-error-node-${sectionPath}.1`)).toHaveText('must not be empty');
  await page.getByTestId(`node-label-${sectionPath}.1`).fill('Beschlag');
  await expect(page.getByTestId(`field-error-node-${sectionPath}.1`)).toHaveCount(0);
  await page.getByTestId(`node-out-${sectionPath}.1`).click();
  await app.screenshot('21-form-editor-nested');

  await page.getByTestId('form-save').click();
  await expect(page.getByTestId('form-status')).toHaveText('All changes saved');
  const saved = (await app.services.forms.get(form.id)).document;
  const first = childrenOf(saved)![0]!;
  const nested = childrenOf(first)!.find((el) => elementInfo(el).label === 'Fenster im Detail')!;
  expect(childrenOf(nested)!.map((el) => elementInfo(el))).toMatchObject([
    { kind: 'question', label: 'Dichtungen porös?', required: true, input: 'text' },
  ]);
  expect(childrenOf(first)!.some((el) => elementInfo(el).label === 'Beschlag')).toBe(true);
});

test('forms: deleting asks for the typed name, says it is permanent, and then the form is gone', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  await openForms(page);
  const form = (await app.services.forms.list()).forms[0]!;
  await page.getByTestId(`form-row-${form.id}`).click();
  await page.getByTestId('form-delete').click();
  const dialog = page.getByTestId('delete-form-dialog');
  await expect(dialog).toContainText('permanent');
  await expect(dialog).toContainText('next sync');
  await expect(page.getByTestId('confirm-ok')).toBeDisabled();
  await page.getByTestId('delete-form-name').fill(form.name.slice(0, -1));
  await expect(page.getByTestId('confirm-ok')).toBeDisabled();
  await page.getByTestId('delete-form-name').fill(form.name);
  await expect(page.getByTestId('confirm-ok')).toBeEnabled();
  await app.screenshot('22-form-delete-confirm');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('form-deleted')).toContainText(form.name);
  await expect(page.getByTestId(`form-row-${form.id}`)).toHaveCount(0);
  await expect(app.services.forms.get(form.id)).rejects.toMatchObject({ kind: 'not-found' });
});

test('forms: copy to another workspace reports each one', async ({ app }) => {
  const { page } = app;
  await app.open();
  await addWorkspaceViaUi(app, 1);
  await openForms(page);
  const form = (await app.services.forms.list()).forms[0]!;
  await page.getByTestId(`form-row-${form.id}`).click();
  await page.getByTestId('form-copy').click();
  await page.getByTestId('copy-target-demo').locator('input').check();
  await page.getByTestId('copy-submit').click();
  await expect(page.getByTestId('copy-outcome-demo')).toContainText(`Copied as “${form.name}”`);
  await app.screenshot('25-form-copied');
});

test('workspace screen: details as sent, connection check, teams, and a webhook test result', async ({
  app,
}) => {
  const { page } = app;
  const calls: ReceivedCall[] = [];
  const listener = await startWebhookListener({
    replyMessage: 'Danke – angekommen',
    onCall: (c) => calls.push(c),
  });
  try {
    await app.open();
    await page.getByTestId('open-workspace').click();
    const details = await app.services.workspaceSettings.details();
    await expect(page.getByTestId('ws-name')).toHaveText(details.name);
    // The formats in words ("PDF document, JPEG image, …"), not the service's codes.
    const en = translator('en-US');
    await expect(page.getByTestId('ws-formats')).toHaveText(
      details.formats!.map((f) => termLabel('format', f, en)).join(', '),
    );
    await expect(page.getByTestId('ws-formats')).toContainText('PDF document');
    await expect(page.getByTestId('ws-owner')).toContainText(details.owner!.email!);
    const teams = await app.services.teams.list();
    await expect(page.getByTestId('ws-teams').locator('li')).toHaveCount(teams.length);
    await page.getByTestId('ws-check').click();
    await expect(page.getByTestId('ws-check-result')).toHaveText(/^Reachable: \d+ ms round trip/);
    await app.screenshot('23-workspace-screen');

    // A test address: no project, no real key; main asks in a native dialog first (answered yes).
    await page.getByTestId('webhook-test-url').fill(listener.url);
    await expect(page.getByTestId('webhook-test-address-note')).toBeVisible();
    await expect(page.getByTestId('webhook-test-real-key')).toHaveCount(0);
    await expect(page.getByTestId('webhook-test-project')).toHaveCount(0);
    await page.getByTestId('webhook-test-send').click();
    await expect(page.getByTestId('webhook-status')).toContainText('Status 0: success');
    await expect(page.getByTestId('webhook-message')).toHaveText('Message: Danke – angekommen');
    await expect(page.getByTestId('webhook-timing')).toContainText('placeholder key');
    await page.locator('.webhook-fields summary').click();
    await app.screenshot('24-webhook-test-result');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.fields!.title).toBe('PlanDesk webhook test');
    const host = new URL(listener.url).host;
    expect(app.dialogs.calls.confirmed.map((q) => q.message)).toEqual([`Send a test call to ${host}?`]);

    // Answered no: nothing is sent, and the screen says so.
    app.dialogs.answers.confirm = false;
    await page.getByTestId('webhook-test-send').click();
    await expect(page.getByTestId('webhook-test-cancelled')).toHaveText('Nothing was sent.');
    expect(calls).toHaveLength(1);
    app.dialogs.answers.confirm = true;

    // A query string is never sent to a test address.
    await page.getByTestId('webhook-test-url').fill(`${listener.url}?client=Müller`);
    await expect(page.getByTestId('field-error-webhook-test-url')).toContainText('cannot have a query');
    await expect(page.getByTestId('webhook-test-send')).toBeDisabled();

    await page.getByTestId('webhook-test-url').fill('http://hooks.example.com/plandesk');
    await page.getByTestId('webhook-test-send').click();
    await expect(page.getByTestId('webhook-failure')).toContainText('must use https');
    await expect(page.getByTestId('webhook-failure-reason')).toHaveAttribute('data-reason', 'not-https');
  } finally {
    await listener.close();
  }
});

test('teams: chosen when creating a project, shown in its details', async ({ app }) => {
  const { page } = app;
  await app.open();
  await expect(
    page.getByTestId('projects-table').locator('[data-testid^="project-row-"]').first(),
  ).toBeVisible();
  const team = (await app.services.teams.list())[1]!;
  await page.getByTestId('create-project').click();
  await page.getByTestId('cp-name').fill('Teamprojekt');
  // The team's member is one of the workspace's users the dialog offers, named.
  const member = team.members![0]!;
  await expect(page.getByTestId('cp-email-user').locator(`option[value="${member.email}"]`)).toContainText(
    member.name ?? member.email!,
  );
  await page.getByTestId('cp-email-user').selectOption(member.email!);
  await expect(page.getByTestId('cp-team').locator('option')).not.toHaveCount(1);
  await page.getByTestId('cp-team').selectOption(team.id);
  await page.getByTestId('cp-submit').click();
  await expect(page.getByTestId('project-detail')).toContainText(team.name);
});

test('forms: offline, the list and a form are read-only from the cache', async ({ app }) => {
  const { page } = app;
  await app.open();
  await addWorkspaceViaUi(app, 0);
  await openForms(page);
  const form = (await app.services.forms.list()).forms[0]!;
  await page.getByTestId(`form-row-${form.id}`).click();
  await expect(page.getByTestId('form-name')).toHaveValue(form.name);

  app.sim.faults.setFaults({ drop: 100_000 });
  await app.emit('event:menuCommand', { command: 'reload' });
  await expect(page.getByTestId('offline-marker').first()).toBeVisible();
  await expect(page.getByTestId('forms-new')).toBeDisabled();
  await expect(page.getByTestId('forms-import')).toBeDisabled();
  await expect(page.getByTestId('form-name')).toHaveJSProperty('readOnly', true);
  await expect(page.getByTestId('form-save')).toHaveCount(0);
  await expect(page.getByTestId('form-delete')).toHaveCount(0);
  await expect(page.getByTestId('node-remove-0')).toHaveCount(0);
  await expect(page.getByTestId('form-export')).toBeEnabled();
  await app.screenshot('26-forms-offline');
  app.sim.faults.clearFaults();
});

/** The demo data with a form the simulator would refuse as it stands: one question's answer type. */
function demoWithOddForm(): SimDataset {
  const data = JSON.parse(readFileSync('resources/demo/dataset.json', 'utf8')) as SimDataset;
  const form = data.workspaces[0]!.forms[0]!;
  form.name = 'Mit Schieberegler';
  const section = form.children[0]!;
  const question = section.children![0]!;
  question.input = 'slider' as never;
  question.hint = 'from a newer app';
  return data;
}

test.describe('a form the service refuses as edited', () => {
  test.use({ simDataset: demoWithOddForm() });
  test("shows the service's validation error at the field it names", async ({ app }) => {
    const { page } = app;
    await app.open();
    await addWorkspaceViaUi(app, 0);
    await openForms(page);
    const form = (await app.services.forms.list()).forms.find((f) => f.name === 'Mit Schieberegler')!;
    await page.getByTestId(`form-row-${form.id}`).click();
    await expect(page.getByTestId('node-kept-0.0')).toHaveText(
      '1 more field kept as the service sent it: hint',
    );
    await expect(page.getByTestId('node-input-0.0')).toHaveValue('slider');
    await page.getByTestId('node-label-0.0').fill('Feuchte (geschätzt)');
    await page.getByTestId('form-save').click();
    await expect(page.getByTestId('node-errors-0.0')).toContainText('input: must be one of text, number');
    await expect(page.getByTestId('form-save-error')).toBeVisible();
    await app.screenshot('27-form-service-field-error');
    await page.getByTestId('node-input-0.0').selectOption('number');
    await expect(page.getByTestId('node-errors-0.0')).toHaveCount(0);
    await page.getByTestId('form-save').click();
    await expect(page.getByTestId('form-status')).toHaveText('All changes saved');
    const saved = (await app.services.forms.get(form.id)).document;
    expect((saved.children as { children: Record<string, unknown>[] }[])[0]!.children[0]).toMatchObject({
      label: 'Feuchte (geschätzt)',
      input: 'number',
      hint: 'from a newer app',
    });
  });
});

test('teams: the project list is filtered by team only where its items name the team', async ({ app }) => {
  const { page } = app;
  const rows = page.getByTestId('projects-table').locator('[data-testid^="project-row-"]');
  await app.open();
  await addWorkspaceViaUi(app, 0);
  await expect(page.getByTestId('project-team-filter')).toHaveCount(0);

  app.sim.faults.setVariants({ teamOnProjectListItems: true });
  await app.emit('event:menuCommand', { command: 'reload' });
  await expect(page.getByTestId('project-team-filter')).toBeVisible();
  const team = (await app.services.teams.list())[0]!;
  const expected = await app.services.projects.list({
    page: 1,
    pageSize: 50,
    sort: 'service',
    direction: 'asc',
    teamId: team.id,
  });
  await page.getByTestId('project-team-filter').selectOption(team.id);
  await expect(rows).toHaveCount(Math.min(expected.rows.length, 25));
  await expect(rows.first()).toHaveAttribute('data-testid', `project-row-${expected.rows[0]!.id}`);
  await app.screenshot('28-projects-by-team');
  app.sim.faults.setVariants({ teamOnProjectListItems: false });
});
