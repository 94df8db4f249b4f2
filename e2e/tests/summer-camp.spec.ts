import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '@gradus/contract';
import { expect, signIn, signInWithForm, test } from '../fixtures/app';
import { seriousViolations } from '../fixtures/axe';
import { baseURL, DEMO } from '../fixtures/env';
import { openMenu, pick, pickMonth } from '../fixtures/controls';
import { idPhoto, onePagePdf, registerCamper, uploadInto } from '../fixtures/journey';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';

/**
 * Issue #11, the summer-camp applicant: a new camper registers, fills in the application form
 * (a school from the list, a camp's programme as first choice), uploads the materials the camps
 * ask for (two referee letters among them) and submits; the form and the materials then lock.
 */
test.describe.configure({ mode: 'serial' });

const password = `Camper-${Date.now().toString(36)}-Pw`;
const name = '阿依古丽';
let number = '';

const STATEMENT =
  'I study sociology at Minzu University of China and want to learn how fieldwork in minority communities is designed, ' +
  'carried out and written up. In the camp I hope to meet the teachers of the programme, present my survey of rural ' +
  'cooperatives in Xinjiang, and find out whether the master’s programme fits the research I plan for the next years.';

async function signInAsCamper(page: Page): Promise<void> {
  await page.goto('/login');
  await signInWithForm(page, { kind: 'master', userRegisterType: 3, number, name, password });
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a new camper fills in the form: a listed school, a camp programme, the statement; the draft is kept', async ({ page }) => {
  test.setTimeout(120_000);
  number = await registerCamper(page, name, password);
  await signInAsCamper(page);
  await openMenu(page, 'Summer camp registration', 'Application form');
  await expect(page.getByRole('heading', { level: 1, name: 'Summer camp application form' })).toBeVisible();

  const contact = page.locator('#form-section-contact');
  await expect(contact.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('13912345678');
  await contact.getByRole('textbox', { name: 'Mailing address' }).fill('北京市海淀区中关村南大街27号');
  await contact.getByRole('textbox', { name: 'Postcode' }).fill('100081');
  await contact.getByRole('textbox', { name: 'Emergency contact', exact: true }).fill('阿不都');
  await contact.getByRole('textbox', { name: 'Relationship' }).fill('父亲');
  await contact.getByRole('textbox', { name: 'Emergency contact phone' }).fill('13900139000');

  const studies = page.locator('#form-section-undergraduate');
  await pick(page, studies.getByRole('combobox', { name: 'Undergraduate school' }), 'Minzu University of China');
  await studies.getByRole('textbox', { name: 'Major' }).fill('社会学');
  await pickMonth(page, studies, 'Month of entry', '2023-09');
  await pickMonth(page, studies, 'Month of graduation', '2027-06');
  await pick(page, studies.getByRole('combobox', { name: 'GPA scale' }), '4');
  await studies.getByRole('spinbutton', { name: 'GPA' }).fill('3.7');
  await pick(page, studies.getByRole('combobox', { name: 'Rank based on' }), 'GPA');
  // A rank above the cohort is refused on the page, before any save, as the server would refuse it.
  await studies.getByRole('spinbutton', { name: 'Students in your cohort' }).fill('60');
  await studies.getByRole('spinbutton', { name: 'Rank in your cohort' }).fill('70');
  await studies.getByRole('spinbutton', { name: 'Rank in your cohort' }).blur();
  await expect(studies.getByText('Rank in your cohort cannot be larger than the number of students in your cohort.')).toBeVisible();
  await studies.getByRole('spinbutton', { name: 'Rank in your cohort' }).fill('5');

  const choices = page.locator('#form-section-choices');
  await pick(page, choices.getByRole('combobox', { name: 'Programme' }).first(), 'Sociology (Master)');
  await expect(choices).toContainText('School of Ethnology and Sociology summer camp');

  const statement = page.locator('#form-section-statement');
  await statement.getByRole('textbox', { name: 'Personal statement' }).fill(STATEMENT);
  await expect(statement.getByText(new RegExp(`^${STATEMENT.length} characters`))).toBeVisible();
  // Saved on its own a moment after typing, without pressing anything.
  await expect(page.getByRole('status').filter({ hasText: /Saved at/ })).toBeVisible({ timeout: 20_000 });

  // Another session finds the draft.
  await page.context().clearCookies();
  await signInAsCamper(page);
  await openMenu(page, 'Summer camp registration', 'Application form');
  await expect(page.locator('#form-section-undergraduate').getByRole('textbox', { name: 'Major' })).toHaveValue('社会学');
  await expect(page.locator('#form-section-statement').getByRole('textbox', { name: 'Personal statement' })).toHaveValue(STATEMENT);
});

test('uploads the materials: the photo, ID, transcript, rank certificate and two referee letters', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsCamper(page);
  await openMenu(page, 'Summer camp registration', 'Materials');
  await uploadInto(page, 'ID photo', { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await idPhoto(page) });
  for (const [category, file] of [
    ['ID document', 'id-card.pdf'],
    ['Academic transcript', 'transcript.pdf'],
    ['Certificate of rank', 'rank.pdf'],
    ['Referee letters', 'referee-1.pdf'],
  ] as const) {
    await uploadInto(page, category, { name: file, mimeType: 'application/pdf', buffer: onePagePdf(category) });
  }
  // One referee letter is not enough: the card counts them.
  const letters = page.locator('.materials__card').filter({ hasText: 'Referee letters' });
  await expect(letters.getByText('1 of 2')).toBeVisible();
  await uploadInto(page, 'Referee letters', { name: 'referee-2.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Second referee') });
  await expect(letters.getByText('2 of 2')).toBeVisible();
});

test('submits the form, which then locks with the materials', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsCamper(page);
  await openMenu(page, 'Summer camp registration', 'Application form');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/^Submitted on /)).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Minzu University of China');
  await expect(page.getByRole('main')).toContainText('Sociology (Master)');
  await expect(page.getByRole('textbox', { name: 'Major' })).toHaveCount(0);

  await openMenu(page, 'Summer camp registration', 'Materials');
  await expect(page.getByRole('button', { name: 'Upload a file: Academic transcript' })).toHaveCount(0);
});

for (const [form, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  for (const lang of ['en', 'zh-CN'] as const) {
    test(`the camper's form and materials look right and pass axe (${form}, ${lang})`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, DEMO.summerCamp);
      await page.goto('/summerCampRegister/summerCampApply');
      await expect(page.locator('#form-section-choices')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'camp-form', lang);
      let overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await page.goto('/summerCampRegister/summerCampUploadFile');
      await expect(page.locator('.materials__card').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'camp-materials', lang);
      overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
