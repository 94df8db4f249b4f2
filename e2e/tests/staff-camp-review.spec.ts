import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '@gradus/contract';
import { baseURL, DEMO } from '../fixtures/env';
import { seriousViolations } from '../fixtures/axe';
import { expect, signIn, test } from '../fixtures/app';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';

/**
 * The summer-camp applications in the back office (issue #11), in a real Chromium against the demo:
 * the school of the first choice reviews a camper's form, then the graduate school decides. The
 * demo's computer-science campers (the demo secretary's school) wait at each step; this story moves
 * 钱浩然 through both steps and reads 赵雨桐's file, leaving the others as they are.
 */
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name });

test.describe('reviewing camp applications', () => {
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  test('the school reviews a camper, then the graduate school decides; the camp file shows the camp form', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.secretary);
    await page.goto('/admissions/dashboard');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Summer-camp applications' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Summer-camp applications' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Step 1: School review' })).toBeChecked();
    await expect(page.getByRole('radio', { name: /^To review \(\d+\)$/ })).toBeChecked();
    await expect(rowOf(page, '赵雨桐')).toBeVisible();
    await expect(rowOf(page, '钱浩然')).toContainText('Computer Science and Technology (Master)');
    // The ethnology school's campers are not this secretary's.
    await expect(rowOf(page, '吴佳怡')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The camp file: the camp form's own sections, the camper's school and rank, no fee.
    await rowOf(page, '赵雨桐').getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'File of 赵雨桐' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('Tsinghua University');
    await expect(main).toContainText('Personal statement');
    await expect(page.locator('.file__states')).toContainText('School review');
    await expect(page.locator('.file__states')).not.toContainText('Fee');
    await expect(page.getByRole('button', { name: 'School: pass' })).toBeVisible();
    // The graduate school's decision is the office's: a secretary has no button for it.
    await expect(page.getByRole('button', { name: 'Eligible', exact: true })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-camp-file', 'en');
    await page.goBack();

    // The school passes 钱浩然 from the queue: the row moves to the passed queue.
    await rowOf(page, '钱浩然').getByRole('button', { name: 'School: pass' }).click();
    await expect(page.getByText(/^The school passed 钱浩然 \(\d+\)\.$/)).toBeVisible();
    await expect(rowOf(page, '钱浩然')).toHaveCount(0);
    await page.getByText(/^Passed by the school \(\d+\)$/).click();
    await expect(rowOf(page, '钱浩然')).toBeVisible();
    await screenshot(page, 'staff-camp-review', 'en');

    // The office decides in step 2, where only what the school passed is listed.
    const officeContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const office = await officeContext.newPage();
    await signIn(office, DEMO.admin);
    await office.goto('/admissions/campApplications?step=graduate');
    await expect(office.getByRole('radio', { name: 'Step 2: Graduate school decision' })).toBeChecked();
    await expect(rowOf(office, '钱浩然')).toBeVisible();
    await expect(rowOf(office, '赵雨桐')).toHaveCount(0);
    await rowOf(office, '钱浩然').getByRole('button', { name: 'Eligible', exact: true }).click();
    await expect(rowOf(office, '钱浩然')).toHaveCount(0);
    await office.getByText(/^Eligible \(\d+\)$/).click();
    await expect(rowOf(office, '钱浩然')).toBeVisible();
    expect(await seriousViolations(office)).toEqual([]);
    await officeContext.close();

    // Back at the school: the decision stands now, and says so.
    await page.reload();
    await expect(rowOf(page, '钱浩然')).toContainText('The graduate school has decided');
  });
});

for (const lang of ['en', 'zh-CN'] as const) {
  for (const [form, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`the camp review page looks right and passes axe (${form}, ${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, DEMO.admin);
      await page.goto('/admissions/campApplications');
      await expect(rows(page).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'staff-camp-review', lang);
      // On a phone the table scrolls inside itself; the page never scrolls sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
