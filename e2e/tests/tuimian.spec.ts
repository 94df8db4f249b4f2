import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '@gradus/contract';
import { expect, signIn, signInWithForm, test } from '../fixtures/app';
import { seriousViolations } from '../fixtures/axe';
import { baseURL, DEMO } from '../fixtures/env';
import { openMenu, pick, pickMonth } from '../fixtures/controls';
import { onePagePdf, registerTuimian, uploadInto } from '../fixtures/journey';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';

/**
 * Issue #11, the recommended-exempt (tuimian) applicant: a new applicant registers, fills in the
 * application (a granted recommendation from their own university, an academic master's with its
 * direction), uploads the materials (two referee letters and the signed integrity pledge among
 * them) and submits; the form and the materials then lock, and the information query shows the
 * application waiting for the school's review. They pay the tuimian fee in the sandbox gateway.
 */
test.describe.configure({ mode: 'serial' });

const password = `Tuimian-${Date.now().toString(36)}-Pw`;
const name = '罗晓燕';
let number = '';

const STATEMENT =
  'I study computer science at Sichuan University and have been recommended for exemption from the entrance ' +
  'examination. In my undergraduate project I built a character recogniser for Yi manuscripts; in the master’s ' +
  'programme I want to work on software for minority-language archives and write a thesis that a library can use.';

async function signInAsApplicant(page: Page): Promise<void> {
  await page.goto('/login');
  await signInWithForm(page, { kind: 'master', userRegisterType: 5, number, name, password });
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a new tuimian applicant fills in the form: the recommendation, an academic master’s with its direction; the draft is kept', async ({ page }) => {
  test.setTimeout(120_000);
  number = await registerTuimian(page, name, password);
  await signInAsApplicant(page);
  await openMenu(page, 'Recommended exam-exempt registration', 'Application form');
  await expect(page.getByRole('heading', { level: 1, name: 'Application form' })).toBeVisible();

  const contact = page.locator('#form-section-contact');
  await expect(contact.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('13912345678');
  await contact.getByRole('textbox', { name: 'Mailing address' }).fill('四川省成都市武侯区一环路南一段24号');
  await contact.getByRole('textbox', { name: 'Postcode' }).fill('610065');
  await contact.getByRole('textbox', { name: 'Emergency contact', exact: true }).fill('罗建华');
  await contact.getByRole('textbox', { name: 'Relationship' }).fill('母亲');
  await contact.getByRole('textbox', { name: 'Emergency contact phone' }).fill('13900139011');

  const studies = page.locator('#form-section-undergraduate');
  await pick(page, studies.getByRole('combobox', { name: 'Undergraduate school' }), 'Sichuan University');
  await studies.getByRole('textbox', { name: 'Major' }).fill('计算机科学与技术');
  await pickMonth(page, studies, 'Month of entry', '2023-09');
  await pickMonth(page, studies, 'Month of graduation', '2027-06');
  await pick(page, studies.getByRole('combobox', { name: 'GPA scale' }), '4');
  await studies.getByRole('spinbutton', { name: 'GPA' }).fill('3.86');
  await pick(page, studies.getByRole('combobox', { name: 'Rank based on' }), 'GPA');
  await studies.getByRole('spinbutton', { name: 'Students in your cohort' }).fill('156');
  await studies.getByRole('spinbutton', { name: 'Rank in your cohort' }).fill('4');

  // The recommending university: the undergraduate school is offered in one click.
  const recommendation = page.locator('#form-section-recommendation');
  await recommendation.getByRole('radio', { name: 'Granted', exact: true }).check();
  await recommendation.getByRole('button', { name: 'Use Sichuan University, your undergraduate school' }).click();
  await expect(recommendation.getByRole('button', { name: /^Use Sichuan University/ })).toHaveCount(0);

  // The degree type narrows the programmes; a direct doctorate would ask for a supervisor.
  const choice = page.locator('#form-section-choice');
  await expect(choice.getByRole('combobox', { name: 'Programme' })).toBeDisabled();
  await choice.getByRole('radio', { name: 'Academic master’s' }).check();
  await pick(page, choice.getByRole('combobox', { name: 'Programme' }), 'Computer Science and Technology (Master)');
  await pick(page, choice.getByRole('combobox', { name: 'Research direction' }), 'Software engineering and intelligent systems');
  await choice.getByRole('radio', { name: 'Yes', exact: true }).check();

  const statement = page.locator('#form-section-statement');
  await statement.getByRole('textbox', { name: 'Personal statement' }).fill(STATEMENT);
  // Saved on its own a moment after typing, without pressing anything.
  await expect(page.getByRole('status').filter({ hasText: /Saved at/ })).toBeVisible({ timeout: 20_000 });

  // Another session finds the draft.
  await page.context().clearCookies();
  await signInAsApplicant(page);
  await openMenu(page, 'Recommended exam-exempt registration', 'Application form');
  await expect(page.locator('#form-section-undergraduate').getByRole('textbox', { name: 'Major' })).toHaveValue('计算机科学与技术');
  await expect(page.locator('#form-section-choice')).toContainText('Software engineering and intelligent systems');
});

test('uploads the materials: the recommendation certificate, two referee letters, the signed integrity pledge …', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsApplicant(page);
  await openMenu(page, 'Recommended exam-exempt registration', 'Materials');
  // The pledge's template is there to download, print and sign.
  await expect(page.locator('.materials__card').filter({ hasText: 'Signed integrity pledge' }).getByRole('button', { name: 'Download the template' })).toBeVisible();
  for (const [category, file] of [
    ['Recommendation certificate', 'recommendation.pdf'],
    ['Academic transcript', 'transcript.pdf'],
    ['Certificate of rank', 'rank.pdf'],
    ['Referee letters', 'referee-1.pdf'],
    ['Referee letters', 'referee-2.pdf'],
    ['Personal statement', 'statement.pdf'],
    ['ID document', 'id-card.pdf'],
    ['Signed integrity pledge', 'pledge.pdf'],
  ] as const) {
    await uploadInto(page, category, { name: file, mimeType: 'application/pdf', buffer: onePagePdf(`${category} ${file}`) });
  }
  await expect(page.locator('.materials__card').filter({ hasText: 'Referee letters' }).getByText('2 of 2')).toBeVisible();
});

test('submits the form, which then locks with the materials; the information query shows it waiting for the school', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsApplicant(page);
  await openMenu(page, 'Recommended exam-exempt registration', 'Application form');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/^Submitted on /)).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Computer Science and Technology (Master)');
  await expect(page.getByRole('textbox', { name: 'Major' })).toHaveCount(0);

  await openMenu(page, 'Recommended exam-exempt registration', 'Materials');
  await expect(page.getByRole('button', { name: 'Upload a file: Academic transcript' })).toHaveCount(0);

  await openMenu(page, 'Recommended applicant enquiry', 'Registration form');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Registration form' })).toBeVisible();
  await expect(main).toContainText('Sichuan University');
  await expect(main).toContainText('Academic master’s');
});

test('pays the tuimian fee, its own amount, in the sandbox gateway and comes back to a paid order with a receipt', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsApplicant(page);
  await openMenu(page, 'Recommended applicant enquiry', 'Fee payment');
  await expect(page.getByText('Awaiting payment')).toBeVisible();
  await expect(page.getByText('100.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay now' }).click();

  // The gateway's own page, outside the app, charging the tms amount (the doctoral fee is 200.00).
  await expect(page.getByRole('heading', { name: 'Sandbox payment gateway' })).toBeVisible();
  await expect(page.getByText('100.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const back = page.getByRole('link', { name: 'Back to the merchant' });
  if (await back.isVisible().catch(() => false)) await back.click();

  // Back on the tuimian fee page, not the doctoral one.
  await expect(page).toHaveURL(/\/recommendedStudentInfoQuery\/recommendedStudentShowPayInfo\?orderNo=/);
  await expect(page.getByText('Your application fee is paid')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Download receipt' })).toBeVisible();
});

for (const [form, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  for (const lang of ['en', 'zh-CN'] as const) {
    test(`王芳's form, materials and information pages look right and pass axe (${form}, ${lang})`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, DEMO.tuimian);
      for (const [path, ready, screen] of [
        ['/recommendedStudent/recommendedStudentApply', '#form-section-choice', 'tms-form'],
        ['/recommendedStudent/tmsUploadFile', '.materials__card', 'tms-materials'],
        ['/recommendedStudentInfoQuery/recommendedStudentShowPartInfo', 'main h1', 'tms-part-info'],
        ['/recommendedStudentInfoQuery/recommendedStudentShowPayInfo', '.payment__card', 'tms-payment'],
      ] as const) {
        await page.goto(path);
        await expect(page.locator(ready).first()).toBeVisible();
        expect(await seriousViolations(page), path).toEqual([]);
        await screenshot(page, screen, lang);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  }
}
