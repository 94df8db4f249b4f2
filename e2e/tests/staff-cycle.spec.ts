import { LANGUAGE_COOKIE } from '@gradus/contract';
import { seriousViolations } from '../fixtures/axe';
import { expect, signIn, signInWithForm, test } from '../fixtures/app';
import { baseURL, DEMO_PASSWORD, type Staff } from '../fixtures/env';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';
import { openMenu } from '../fixtures/controls';

/**
 * The cycle's timeline and recruitment years (issue #10) in a real Chromium against the real
 * server. The browser test shares the demo server with every other test, so it changes nothing:
 * it reads the timeline and is refused what the page refuses (a close before the open, a year
 * not typed out); saving a window and starting a year are the server's and the page's own tests.
 */
const OFFICE: Staff = { kind: 'staff', loginName: 'admin', name: '周杰', password: DEMO_PASSWORD };
const CYCLE = '/admissions/cycle';

test.describe('cycle and years', () => {
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  test('the office reads the timeline, and the page refuses a window that closes before it opens and a year not typed out', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, OFFICE);
    await openMenu(page, 'Admissions review', 'Cycle & years');
    await expect(page.getByRole('heading', { level: 1, name: 'Cycle & years' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Timeline 2027' })).toBeVisible();
    const stage = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'Foreign-language review' }).first();
    await expect(stage).toContainText(/Open|Not yet open|Closed|No window set/);

    await stage.getByRole('button', { name: /^Edit / }).click();
    const window = page.getByRole('dialog').filter({ hasText: 'window in 2027' });
    await window.getByLabel('Opens (Beijing time)').fill('2027-03-10T09:00');
    await window.getByLabel('Closes (Beijing time)').fill('2027-03-01T09:00');
    await window.getByRole('button', { name: 'Save' }).click();
    await expect(window).toContainText('It must close after it opens.');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-cycle-window', 'en');
    await window.getByRole('button', { name: 'Cancel' }).click();
    await expect(window).toBeHidden();

    await page.getByRole('button', { name: 'Start 2028' }).click();
    const start = page.getByRole('dialog').filter({ hasText: 'Start the recruitment year 2028?' });
    await expect(start).toContainText('The applicants of 2027 keep reading their own results.');
    await start.getByLabel('Type 2028 to confirm').fill('2029');
    await start.getByRole('button', { name: 'Start 2028' }).click();
    await expect(start).toContainText('Type 2028 exactly.');
    await start.getByRole('button', { name: 'Cancel' }).click();
    await expect(start).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Timeline 2027' })).toBeVisible();
  });
});

for (const lang of ['en', 'zh-CN'] as const) {
  for (const [form, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`the cycle page looks right and passes axe (${form}, ${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, OFFICE);
      await page.goto(CYCLE);
      await expect(page.locator('.cycle__card').first().locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'staff-cycle', lang);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
