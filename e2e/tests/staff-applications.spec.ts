import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '@gradus/contract';
import { baseURL, DEMO } from '../fixtures/env';
import { seriousViolations } from '../fixtures/axe';
import { expect, signIn, signInWithForm, test } from '../fixtures/app';
import { DESKTOP, PHONE, screenshot, TABLET } from '../fixtures/screenshots';

/**
 * The back office's applications list (issue #9) in a real Chromium against the real server and
 * its demo: a secretary signs in, finds the list in the menu, filters and searches on the server,
 * by mouse and by keyboard, and never sees another school's applicants.
 */
const LIST = '/admissions/applications';
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test.describe('the applications list', () => {
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  test('a secretary signs in, opens Applications from the menu and filters it on the server', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, DEMO.secretary);
    await expect(page.getByText('Admissions management system')).toBeVisible();
    await page.getByRole('navigation').getByText('Admissions review').click();
    await page.getByRole('navigation').getByRole('link', { name: 'Applications', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();

    // Only the School of Computer Science: every row's programme is that school's.
    await expect(page.locator('.applications__count')).toHaveText(/Applications: \d+/);
    const total = Number((await page.locator('.applications__count').textContent())?.match(/\d+/)?.[0]);
    expect(total).toBeGreaterThan(10);
    // After the selection's checkbox, the number and the name.
    const programmes = await rows(page).locator('td:nth-child(4)').allTextContents();
    expect(programmes.length).toBeGreaterThan(0);
    // The school's doctorate, or its master's (a recommended-exempt applicant another spec submits).
    for (const programme of programmes) expect(programme).toMatch(/^Computer Science and Technology \((PhD|Master)\)$/);

    // Fee: not paid, chosen with the mouse; the server answers with unpaid rows only, and the address keeps it.
    const listed = page.waitForResponse((r) => r.url().endsWith('/staff/applications/list') && r.request().postData()?.includes('unpaid') === true);
    await page.getByRole('combobox', { name: 'Fee' }).click();
    await page.getByTitle('Not paid', { exact: true }).click();
    await listed;
    await expect(page).toHaveURL(/payment=unpaid/);
    await expect(rows(page).first()).toBeVisible();
    // Retried until the new page is drawn: no row left that is not unpaid.
    await expect(rows(page).filter({ hasNotText: 'Not paid' })).toHaveCount(0);

    // A search by number finds the one applicant; another school's applicant is not found at all.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('searchbox', { name: 'Name or applicant number' }).fill('2027100002');
    await page.getByRole('searchbox', { name: 'Name or applicant number' }).press('Enter');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('王磊');
    await page.getByRole('searchbox', { name: 'Name or applicant number' }).fill('2027200001');
    await page.getByRole('searchbox', { name: 'Name or applicant number' }).press('Enter');
    await expect(page.getByText('No application matches these filters.')).toBeVisible();
  });

  test('the filters work from the keyboard alone', async ({ page }) => {
    await signIn(page, DEMO.secretary);
    await page.goto(LIST);
    await expect(rows(page).first()).toBeVisible();
    const photo = page.getByRole('combobox', { name: 'Photo' });
    await photo.focus();
    // Open, then down to the fourth choice (no photo, waiting, approved, rejected).
    await page.keyboard.press('Enter');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    const listed = page.waitForResponse((r) => r.url().endsWith('/staff/applications/list') && r.request().postData()?.includes('rejected') === true);
    await page.keyboard.press('Enter');
    await listed;
    await expect(page).toHaveURL(/photo=rejected/);
    await expect(rows(page).first()).toBeVisible();
    await expect(rows(page).filter({ hasNotText: 'Rejected' })).toHaveCount(0);
    // A column header sorts with Enter too.
    await page.getByRole('columnheader', { name: 'Name' }).first().focus();
    const sorted = page.waitForResponse((r) => r.url().endsWith('/staff/applications/list') && r.request().postData()?.includes('"sortField":"name"') === true);
    await page.keyboard.press('Enter');
    await sorted;
    await expect(page).toHaveURL(/sortField=name/);
  });

  test('the office sees every school, and a saved filter comes back after a reload', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto(`${LIST}?qualification=pass`);
    await expect(rows(page).first()).toBeVisible();
    await page.getByRole('button', { name: 'Save these filters' }).click();
    await page.getByRole('dialog').getByLabel('Name of the filter').fill('Eligible');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.goto(LIST);
    await page.getByRole('combobox', { name: 'Saved filters' }).click();
    await page.getByTitle('Eligible', { exact: true }).last().click();
    await expect(page).toHaveURL(/qualification=pass/);
    await expect(rows(page).first()).toBeVisible();
    await expect(rows(page).filter({ hasNotText: /Eligible/ })).toHaveCount(0);
  });
});

for (const { form, viewport } of [
  { form: 'desktop', viewport: DESKTOP },
  { form: 'tablet', viewport: TABLET },
  { form: 'phone', viewport: PHONE },
] as const) {
  for (const { lang, title } of [
    { lang: 'en', title: 'Applications' },
    { lang: 'zh-CN', title: '报名申请' },
  ] as const) {
    test(`the applications list looks right and passes axe (${form}, ${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, DEMO.admin);
      await page.goto(LIST);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(rows(page).first()).toBeVisible();
      await screenshot(page, 'staff-applications', lang);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}
