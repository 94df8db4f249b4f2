import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '@gradus/contract';
import { seriousViolations } from '../fixtures/axe';
import { clickUntilClosed, expect, signIn, signInWithForm, test } from '../fixtures/app';
import { baseURL, DEMO_PASSWORD, type Staff } from '../fixtures/env';
import { openMenu, pick } from '../fixtures/controls';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';

/**
 * Summer camps (issue #11) in a real Chromium against the real server: the office sets up a camp
 * of the School of Economics with places in its two programmes, finds it
 * listed with its places, and changes one programme's places. The camp's name carries the run's
 * moment, so a second run (or a retry) never meets the first one's camp.
 */
const OFFICE: Staff = { kind: 'staff', loginName: 'admin', name: '周杰', password: DEMO_PASSWORD };
const CAMPS = '/admissions/camps';
const SCHOOL = 'School of Economics';
const rowOf = (page: Page, name: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });

test.describe('summer camps', () => {
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  test('the office sets up a camp with two programmes, finds it listed with its places and changes them', async ({ page }) => {
    test.setTimeout(120_000);
    const name = `Browser-test camp ${Date.now()}`;
    await page.goto('/login');
    await signInWithForm(page, OFFICE);
    await openMenu(page, 'Admissions review', 'Summer camps');
    await expect(page.getByRole('heading', { level: 1, name: 'Summer camps' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Camps \d{4}$/ })).toBeVisible();

    await page.getByRole('button', { name: 'New camp' }).click();
    const dialog = page.getByRole('dialog', { name: /^New summer camp/ });
    await dialog.getByLabel('Name in Chinese').fill(`浏览器测试夏令营 ${name.slice(-6)}`);
    await dialog.getByLabel('Name in English').fill(name);
    await pick(page, dialog.getByRole('combobox', { name: 'School' }), SCHOOL);
    await dialog.getByLabel('First day').fill('2027-07-10');
    await dialog.getByLabel('Last day').fill('2027-07-08');
    await dialog.getByLabel('Applications open (Beijing time)').fill('2027-05-10T09:00');
    await dialog.getByLabel('Applications close (Beijing time)').fill('2027-06-10T17:00');
    await dialog.getByLabel('Confirm by (Beijing time)').fill('2027-06-25T17:00');
    await pick(page, dialog.getByRole('combobox', { name: 'Programme 1', exact: true }), 'Theoretical Economics (PhD)');
    await dialog.getByLabel('Places for programme 1').fill('12');
    await dialog.getByRole('button', { name: 'Add a programme' }).click();
    await pick(page, dialog.getByRole('combobox', { name: 'Programme 2', exact: true }), 'Applied Economics (Master)');
    await dialog.getByLabel('Places for programme 2').fill('8');

    // Refused before anything is sent: the last day before the first, a camp on site with no place.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toContainText('The last day cannot be before the first day.');
    await expect(dialog).toContainText('Please enter where the camp takes place, in Chinese and in English.');
    await dialog.getByLabel('Last day').fill('2027-07-14');
    await dialog.getByLabel('Place in Chinese').fill('理科一号楼');
    await dialog.getByLabel('Place in English').fill('Science Building 1');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-camps-dialog', 'en');
    await clickUntilClosed(dialog, 'Save');

    const row = rowOf(page, name);
    await expect(row).toContainText('School of Economics');
    await expect(row).toContainText('Theoretical Economics (PhD): 12');
    await expect(row).toContainText('Applied Economics (Master): 8');
    await expect(row.locator('strong')).toHaveText('20');
    await expect(row).toContainText('Rates campers');

    // A change: the PhD programme gets more places; the list shows the new total.
    await row.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(edit.getByLabel('Name in English')).toHaveValue(name);
    // The rows come back in the server's order: the PhD row is found by its programme, not its place.
    await edit.locator('.camp-dialog__programme').filter({ hasText: 'Theoretical Economics (PhD)' }).getByRole('spinbutton').fill('15');
    await clickUntilClosed(edit, 'Save');
    await expect(row).toContainText('Theoretical Economics (PhD): 15');
    await expect(row.locator('strong')).toHaveText('23');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-camps-list', 'en');

    // On a phone each camp is a card with the same facts and buttons.
    await page.setViewportSize(PHONE);
    const card = page.locator('.camps__camp').filter({ has: page.getByRole('heading', { name }) });
    await expect(card).toContainText('Theoretical Economics (PhD): 15');
    await expect(card.getByRole('button', { name: `Edit ${name}`, exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-camps-list', 'en');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

for (const lang of ['en', 'zh-CN'] as const) {
  for (const [form, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`the camps page looks right and passes axe (${form}, ${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, OFFICE);
      await page.goto(CAMPS);
      await expect(page.locator('.camps__card').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'staff-camps', lang);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
