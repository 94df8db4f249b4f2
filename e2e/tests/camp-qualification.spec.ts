import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE, RegisterType } from '@gradus/contract';
import { expect, signIn, test } from '../fixtures/app';
import { seriousViolations } from '../fixtures/axe';
import { baseURL, DEMO_PASSWORD, type Applicant } from '../fixtures/env';
import { openMenu } from '../fixtures/controls';
import { opensPdf } from '../fixtures/journey';
import { campOfferLinkFor } from '../fixtures/mail';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';

/**
 * Issue #11, the camper's place, on the demo's ethnology doctorate (two places, both taken): 陈思远,
 * offered a place from the waiting list yesterday, reads the countdown and declines it; 黄子涵, next
 * on the waiting list, is mailed at once, confirms and opens the camp-entry notice. The other
 * screens read 刘嘉 (confirmed) and 马骁 (waiting), whom nothing here changes.
 */
test.describe.configure({ mode: 'serial' });

const camper = (number: string, name: string): Applicant => ({ kind: 'master', userRegisterType: RegisterType.SUMMER_CAMP, number, name, password: DEMO_PASSWORD });
const LIU = camper('2027300009', '刘嘉');
const CHEN = camper('2027300011', '陈思远');
const HUANG = camper('2027300012', '黄子涵');
const MA = camper('2027300013', '马骁');

async function openQualification(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Camp admission: check and confirm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Camp admission: check and confirm' })).toBeVisible();
}

test.use({ viewport: DESKTOP, locale: 'en-US' });

test('an offered camper reads the countdown and declines; the next on the waiting list is mailed, confirms and opens the notice', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, CHEN);
  await openQualification(page);
  await expect(page.getByText('A camp place is offered to you')).toBeVisible();
  // Offered from the waiting list yesterday with the camp's 48 hours: about a day is left.
  await expect(page.getByText(/^(0 d )?2[0-3] h \d+ min left$|^1 d 0 h \d+ min left$/)).toBeVisible();
  await expect(page.getByText(/\(Beijing time\)/).first()).toBeVisible();
  await expect(page.getByText('A camp place is not an admission')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Decline the place' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline this camp place?' });
  await expect(dialog).toContainText('The place is offered at once to the next camper on the waiting list.');
  await dialog.getByRole('button', { name: 'Decline the place' }).click();
  await expect(page.getByText('You have declined your camp place')).toBeVisible();
  // 黄子涵 took the place at once: nothing to undo.
  await expect(page.getByRole('button', { name: 'Undo my decline' })).toHaveCount(0);

  expect(await campOfferLinkFor('camper12@example.edu')).toBe('/summerCampQualification/index');
  await page.context().clearCookies();
  await signIn(page, HUANG);
  await page.goto('/summerCampQualification/index');
  await expect(page.getByText('A camp place is offered to you')).toBeVisible();
  await expect(page.getByText(/^(1 d 23|2 d 0) h \d+ min left$/)).toBeVisible();
  // By keyboard, as a person without a mouse would.
  await page.getByRole('button', { name: 'Confirm my place' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('You have confirmed your camp place')).toBeVisible();
  const pdf = await opensPdf(page, '/summerCamp/qualification/noticePdf', () => page.getByRole('button', { name: 'Open camp-entry notice (PDF)' }).click());
  expect(pdf.length).toBeGreaterThan(1000);
});

test('a waiting camper reads the application and its progress on the information page', async ({ page }) => {
  await signIn(page, MA);
  await page.goto('/dashboard');
  await openMenu(page, 'Information enquiry', 'Camp admission result');
  const main = page.getByRole('main');
  await expect(main.getByText('Application submitted')).toBeVisible();
  await expect(main.getByText('Graduate school review')).toBeVisible();
  await expect(main.getByText(/On the waiting list: number [12]/)).toBeVisible();
  // The form as submitted, read-only.
  await expect(main.getByText('社会学').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const lang of ['en', 'zh-CN'] as const) {
  for (const [form, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`the qualification and information pages look right and pass axe (${form}, ${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, LIU);
      await page.goto('/summerCampQualification/index');
      await expect(page.getByRole('button', { name: lang === 'en' ? 'Open camp-entry notice (PDF)' : /入营通知/ })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'camp-qualification-confirmed', lang);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);

      await page.context().clearCookies();
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, MA);
      await page.goto('/summerCampRegisterInfo/summerCampRegisterInfoQuery');
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('main').getByText(lang === 'en' ? 'Graduate school review' : /研究生院/).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'camp-register-info', lang);
      expect(await overflow()).toBeLessThanOrEqual(0);
    });
  }
}
