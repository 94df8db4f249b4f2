import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '@gradus/contract';
import { baseURL, DEMO } from '../fixtures/env';
import { seriousViolations } from '../fixtures/axe';
import { expect, signIn, test } from '../fixtures/app';
import { pick } from '../fixtures/controls';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';

/**
 * Camp admission (issue #11) in a real Chromium against the demo: the office picks the online
 * computer-science camp's master's programme, finds 周明轩 (whom both reviews passed) among its
 * candidates, offers him a place, sees the places counted, and takes the offer back. Other browser
 * tests may pass more campers meanwhile: nothing here counts the candidates.
 */
const rowOf = (page: Page, name: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });

/** The demo's online camp's master's programme, picked by its name in the page's language. */
async function openProgramme(page: Page, lang: 'en' | 'zh-CN') {
  await page.goto('/admissions/campAdmission');
  const picker = page.getByRole('combobox', { name: lang === 'en' ? 'Programme' : '专业' });
  await pick(page, picker, lang === 'en' ? 'Computer Science and Technology (Master)' : '计算机科学与技术（硕士）');
  await expect(rowOf(page, '周明轩')).toBeVisible();
}

test.describe('camp admission', () => {
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  test('the office offers an eligible camper a place, sees it counted, and takes it back', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, DEMO.admin);
    await page.goto('/admissions/dashboard');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Camp admission' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Camp admission' })).toBeVisible();
    await pick(page, page.getByRole('combobox', { name: 'Programme' }), 'Computer Science and Technology (Master)');
    await expect(page).toHaveURL(/programmeId=\d+/);
    const row = rowOf(page, '周明轩');
    await expect(row).toContainText('No place yet');
    await expect(row).toContainText('Peking University');
    // Not yet passed by the graduate school: not a candidate.
    await expect(rowOf(page, '赵雨桐')).toHaveCount(0);

    await row.getByRole('checkbox', { name: /^Select 周明轩/ }).check();
    await page.getByRole('button', { name: 'Admit selected (1)' }).click();
    await expect(page.getByText('Places offered: 1.')).toBeVisible();
    await expect(row).toContainText('Offered');
    await expect(row).toContainText(/Confirm by/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-camp-admission', 'en');

    // Taken back before the camper answered: the place is free again.
    await row.getByRole('button', { name: /^Withdraw 周明轩/ }).click();
    await page.getByRole('button', { name: 'Withdraw', exact: true }).last().click();
    await expect(page.getByText('Withdrawn: 周明轩')).toBeVisible();
    await expect(row).toContainText('No place yet');
  });
});

for (const lang of ['en', 'zh-CN'] as const) {
  for (const [form, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`the camp admission page looks right and passes axe (${form}, ${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, DEMO.admin);
      await openProgramme(page, lang);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'staff-camp-admission', lang);
      // On a phone the table scrolls inside itself; the page never scrolls sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
