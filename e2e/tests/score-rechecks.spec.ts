import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE, RegisterType } from '@gradus/contract';
import { seriousViolations } from '../fixtures/axe';
import { expect, signIn, test } from '../fixtures/app';
import { baseURL, DEMO_PASSWORD, type Applicant, type Staff } from '../fixtures/env';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';

/**
 * Score re-checks (issue #10, 复核) in a real Chromium against the real server: 王磊 asks for a
 * re-check of his foreign-language score below it (the demo's window is open), the office answers
 * "no change" with an explanation on Admissions review → Score re-checks, and 王磊 reads the answer
 * on the same page. Data no other browser test reads: 王磊's foreign-language re-check (his scores
 * themselves stay as they are, so the final score other tests read does not move); the demo's
 * request about his assessment score is only looked at.
 */
const OFFICE: Staff = { kind: 'staff', loginName: 'admin', name: '周杰', password: DEMO_PASSWORD };
const WANG: Applicant = { kind: 'doctor', userRegisterType: RegisterType.DOCTOR_ASSESSMENT, number: '2027100002', name: '王磊', password: DEMO_PASSWORD };
const LANGUAGE_SCORE = '/scoreQuery/showEnScore';
const RECHECKS = '/admissions/rechecks';
const panel = (page: Page) => page.getByRole('region', { name: 'Score re-check' });

test.describe('score re-checks', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  test('an applicant asks once, with a reason, below the released score', async ({ page }) => {
    await signIn(page, WANG);
    await page.goto(LANGUAGE_SCORE);
    await expect(page.getByText('78.5')).toBeVisible();
    await expect(panel(page)).toContainText('(Beijing time)');
    await panel(page).getByRole('button', { name: 'Request a re-check' }).click();
    const send = panel(page).getByRole('button', { name: 'Send the request' });
    await expect(send).toBeDisabled();
    await panel(page).getByLabel('Why should the score be re-checked?').fill('The writing part seems to be marked out of 40, not 50.');
    expect(await seriousViolations(page)).toEqual([]);
    await send.click();
    await expect(panel(page)).toContainText('Asked, waiting for the admissions office’s answer');
    await expect(panel(page).getByRole('button', { name: 'Request a re-check' })).toHaveCount(0);
    await page.reload();
    await expect(panel(page)).toContainText('The writing part seems to be marked out of 40, not 50.');
    await expect(panel(page).getByRole('button', { name: 'Request a re-check' })).toHaveCount(0);
    await screenshot(page, 'score-recheck-asked', 'en');
  });

  test('the office answers "no change" with an explanation, and the applicant reads it', async ({ page }) => {
    await signIn(page, OFFICE);
    await page.goto(RECHECKS);
    await expect(page.getByRole('heading', { level: 1, name: 'Score re-checks' })).toBeVisible();
    const table = page.locator('.rechecks__table');
    await expect(table).toContainText('The writing part seems to be marked out of 40, not 50.');
    await expect(table).toContainText('专家乙的评分');
    await page.getByRole('button', { name: 'Answer the re-check of 王磊 (Foreign language)' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Re-check of 王磊 (2027100002)');
    // Without an explanation nothing is sent.
    await dialog.getByRole('button', { name: 'Send the answer' }).click();
    await expect(dialog).toContainText('Write the explanation the applicant will read.');
    await dialog.getByLabel('Explanation the applicant reads').fill('Writing is marked out of 50: 38.5 of 50, re-added by a second marker.');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-rechecks-answer', 'en');
    await dialog.getByRole('button', { name: 'Send the answer' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Answer the re-check of 王磊 (Foreign language)' })).toHaveCount(0);

    await page.context().clearCookies();
    await signIn(page, WANG);
    await page.goto(LANGUAGE_SCORE);
    await expect(panel(page)).toContainText('No change: the score stays 78.5');
    await expect(panel(page)).toContainText('re-added by a second marker');
    await screenshot(page, 'score-recheck-answered', 'en');
  });

  for (const [form, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    for (const lang of ['en', 'zh-CN'] as const) {
      test(`the re-checks page looks right and passes axe (${form}, ${lang})`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
        await signIn(page, OFFICE);
        await page.goto(RECHECKS);
        await expect(page.locator('.rechecks__table')).toContainText('专家乙的评分');
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, 'staff-rechecks', lang);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.context().clearCookies();
        await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
        await signIn(page, WANG);
        await page.goto('/scoreQuery/showAssessmentScore');
        await expect(page.locator('.results__recheck').first()).toContainText('专家乙的评分');
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, 'score-recheck', lang);
      });
    }
  }
});
