import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '@gradus/contract';
import { baseURL, DEMO } from '../fixtures/env';
import { seriousViolations } from '../fixtures/axe';
import { expect, signIn, test } from '../fixtures/app';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';

/**
 * The recommended-exempt applications in the back office (issue #11), in a real Chromium against the
 * demo: 罗欣怡 submitted her tuimian form and materials to the School of Computer Science; its
 * secretary reads her file and passes her, then the graduate school finds her eligible. Serial: the
 * last test reads what the first left.
 */
test.describe.configure({ mode: 'serial' });

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name });
const PAGE = '/admissions/tmsApplications';

test.use({ viewport: DESKTOP, locale: 'en-US' });

test('the school reads 罗欣怡’s tuimian file and passes her; the graduate school finds her eligible', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.secretary);
  await page.goto('/admissions/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Recommended-exempt applications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recommended-exempt applications' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Step 1: School review' })).toBeChecked();
  const row = rowOf(page, '罗欣怡');
  await expect(row).toContainText('Computer Science and Technology (Master)');
  await expect(row).toContainText('Not paid');
  expect(await seriousViolations(page)).toEqual([]);

  // Her file: the tuimian form's own sections, the recommending university, the fee, no photo.
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'File of 罗欣怡' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Sichuan University');
  await expect(main).toContainText('Academic master’s');
  await expect(main).toContainText('Personal statement');
  await expect(page.getByRole('button', { name: 'School: pass' })).toBeVisible();
  // The graduate school's decision is the office's: a secretary has no button for it.
  await expect(page.getByRole('button', { name: 'Eligible', exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'staff-tms-file', 'en');
  await page.goBack();

  await rowOf(page, '罗欣怡').getByRole('button', { name: 'School: pass' }).click();
  await expect(page.getByText(/^The school passed 罗欣怡 \(2027500003\)\.$/)).toBeVisible();
  await expect(rowOf(page, '罗欣怡')).toHaveCount(0);
  await page.getByText(/^Passed by the school \(\d+\)$/).click();
  await expect(rowOf(page, '罗欣怡')).toBeVisible();

  // The office decides in step 2, where only what the school passed is listed.
  const officeContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const office = await officeContext.newPage();
  await signIn(office, DEMO.admin);
  await office.goto(`${PAGE}?step=graduate`);
  await expect(office.getByRole('radio', { name: 'Step 2: Graduate school decision' })).toBeChecked();
  await rowOf(office, '罗欣怡').getByRole('button', { name: 'Eligible', exact: true }).click();
  await expect(rowOf(office, '罗欣怡')).toHaveCount(0);
  await office.getByText(/^Eligible \(\d+\)$/).click();
  await expect(rowOf(office, '罗欣怡')).toBeVisible();
  expect(await seriousViolations(office)).toEqual([]);
  await officeContext.close();
});

for (const lang of ['en', 'zh-CN'] as const) {
  for (const [form, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`the tuimian review page looks right and passes axe (${form}, ${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, DEMO.admin);
      await page.goto(`${PAGE}?step=graduate&queue=pass`);
      await expect(rowOf(page, '罗欣怡')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'staff-tms-review', lang);
      // On a phone the table scrolls inside itself; the page never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    });
  }
}
