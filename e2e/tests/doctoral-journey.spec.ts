import type { Page } from '@playwright/test';
import { admin, adminBatch } from '../fixtures/admin';
import { expect, signInWithForm, test } from '../fixtures/app';
import { openMenu, pick, pickMonth } from '../fixtures/controls';
import { idPhoto, onePagePdf, opensPdf, registerDoctor, uploadInto } from '../fixtures/journey';
import { shell } from '../fixtures/shell';

/**
 * Issue #4, end to end: a new doctoral applicant registers, fills the form across two sessions,
 * uploads the photo and materials, pays in the sandbox gateway, submits; staff record results
 * through the admin CLI; the applicant sees the results, downloads the tickets, sees the scores,
 * fills in the admission information and prints the file-transfer letter.
 */
test.describe.configure({ mode: 'serial' });

const password = `Journey-${Date.now().toString(36)}-Pw`;
const name = '林知远';
let number = '';

const PLAN =
  'I will study low-resource machine translation for minority languages of China, building parallel corpora with community translators, ' +
  'adapting multilingual pre-trained models, and measuring what the translations are worth to the people who read them.';

async function signInAs(page: Page): Promise<void> {
  await page.goto('/login');
  await signInWithForm(page, { kind: 'doctor', userRegisterType: 1, number, name, password });
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The server caches menus briefly (10 s): a person would reload until the new menu shows. */
async function reloadUntilMenu(page: Page, group: string): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText(group, { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000, intervals: [1000, 2000, 3000] });
}

test('registers, and starts the form in a first session: the draft is kept', async ({ page }) => {
  test.setTimeout(90_000);
  number = await registerDoctor(page, name, password);
  await signInAs(page);
  await expect(page.getByText('Next: fill in the exam registration form.')).toBeVisible();

  await openMenu(page, 'Fill in registration information', 'Exam registration form');
  const contact = page.locator('#form-section-contact');
  await expect(contact.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('13912345678');
  await contact.getByRole('textbox', { name: 'Mailing address' }).fill('北京市海淀区中关村南大街27号');
  await contact.getByRole('textbox', { name: 'Postcode' }).fill('100081');
  await contact.getByRole('textbox', { name: 'Emergency contact', exact: true }).fill('林海');
  await contact.getByRole('textbox', { name: 'Relationship' }).fill('父亲');
  await contact.getByRole('textbox', { name: 'Emergency contact phone' }).fill('13900139000');

  const education = page.locator('#form-section-education');
  await pickMonth(page, education, 'From', '2016-09');
  await pickMonth(page, education, 'To', '2020-06');
  await education.getByRole('textbox', { name: 'School or university' }).fill('北京大学');
  await education.getByRole('textbox', { name: 'Major' }).fill('计算机科学与技术');
  // pick() waits until the field shows it: the row is saved with it (a busy CI machine once saved it without).
  await pick(page, education.getByRole('combobox', { name: 'Degree' }), "Bachelor's");

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await shell.chooseFromUserMenu(page, 'Log out');
  await expect(page).toHaveURL(/\/login/);
});

test('finishes the form in a second session, from another browser', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page);
  await openMenu(page, 'Fill in registration information', 'Exam registration form');
  // What the first session saved is there.
  await expect(page.locator('#form-section-contact').getByRole('textbox', { name: 'Mailing address' })).toHaveValue('北京市海淀区中关村南大街27号');
  await expect(page.locator('#form-section-education').getByRole('textbox', { name: 'School or university' })).toHaveValue('北京大学');

  const intended = page.locator('#form-section-intended');
  await pick(page, intended.getByRole('combobox', { name: 'Department' }), 'School of Computer Science and Technology');
  await pick(page, intended.getByRole('combobox', { name: 'Doctoral programme' }), 'Computer Science and Technology (PhD)');
  await pick(page, intended.getByRole('combobox', { name: 'Research direction' }), 'Natural language processing');
  await pick(page, intended.getByRole('combobox', { name: 'Supervisor' }), '王晓明');
  // Saved automatically a moment after typing, without pressing anything.
  const autosaved = page.waitForResponse((r) => r.url().endsWith('/doctor/form/saveDraft') && (r.request().postData() ?? '').includes('community translators'));
  await page.locator('#form-section-plan').getByRole('textbox', { name: 'Summary' }).fill(PLAN);
  await autosaved;
  await expect(page.getByRole('status').filter({ hasText: /Saved at/ })).toBeVisible();
  await page.reload();
  await expect(page.locator('#form-section-plan').getByRole('textbox', { name: 'Summary' })).toHaveValue(PLAN);
  await expect(page.locator('#form-section-intended').getByRole('combobox', { name: 'Supervisor' })).toBeVisible();
  await expect(page.locator('#form-section-intended')).toContainText('王晓明');
  // Nothing left only on this device: no offer to restore unsaved changes.
  await expect(page.getByText(/were not saved yet/)).toHaveCount(0);
  await context.close();
});

test('uploads the ID photo and the required materials', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page);
  await openMenu(page, 'Fill in registration information', 'Electronic materials');
  await expect(page.getByText('0 of 6 required categories uploaded')).toBeVisible();

  // A web page renamed .pdf is refused by its content, with a clear message.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a file: Academic transcript' }).click();
  await (await chooser).setFiles({ name: 'transcript.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<!DOCTYPE html><html><body>not a pdf</body></html>') });
  await expect(page.getByRole('main').getByText('The file is not a PDF, JPG or PNG file (judged by its content, not its name); this category accepts PDF.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Files: Academic transcript' })).toHaveCount(0);

  await uploadInto(page, 'ID photo', { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await idPhoto(page) });
  await expect(page.getByRole('img', { name: 'Your ID photo' })).toBeVisible();
  for (const category of ['ID document (both sides)', 'Degree and graduation certificates', 'Academic transcript', 'Research proposal', 'Expert recommendation letters']) {
    const file = `${category.split(' ')[0]!.toLowerCase()}.pdf`;
    await uploadInto(page, category, { name: file, mimeType: 'application/pdf', buffer: onePagePdf(category) });
  }
  await expect(page.getByText('6 of 6 required categories uploaded')).toBeVisible();
});

test('pays the fee in the sandbox gateway and comes back to a paid order', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page);
  await expect(page.getByText('Next: pay the application fee online.')).toBeVisible();
  await openMenu(page, 'Online payment', 'Pay the fee');
  await expect(page.getByText('Awaiting payment')).toBeVisible();
  await expect(page.getByText('200.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay now' }).click();

  // The gateway's own page, outside the app.
  await expect(page.getByRole('heading', { name: 'Sandbox payment gateway' })).toBeVisible();
  await expect(page.getByText('200.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const back = page.getByRole('link', { name: 'Back to the merchant' });
  if (await back.isVisible().catch(() => false)) await back.click();

  await expect(page.getByText('Your application fee is paid')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Download receipt' })).toBeVisible();
  await opensPdf(page, '/doctor/payment/receipt', () => page.getByRole('button', { name: 'Download receipt' }).click());
});

test('submits the form, which then locks', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAs(page);
  await expect(page.getByText('Everything is ready: check your form and submit it.')).toBeVisible();
  await openMenu(page, 'Fill in registration information', 'Exam registration form');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit your registration form?' });
  await expect(confirm).toContainText('Once submitted, these are locked:');
  await confirm.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your form has been submitted.')).toBeVisible();
  await expect(page.getByText(/^Submitted on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
  await opensPdf(page, '/doctor/form/summaryPdf', () => page.getByRole('button', { name: 'Print summary (PDF)' }).click());
});

test('sees each result once staff record it, prints both tickets and reads the scores', async ({ page }) => {
  test.setTimeout(150_000);
  await signInAs(page);
  // Staff take their decisions with the admin CLI (the back office comes later), in a process of its own.
  const a = ['--applicant', number];
  await adminBatch([
    ['review-photo', ...a, '--outcome', 'approved'],
    ...['qualificationReview', 'languageReview', 'assessmentQualification'].map((stage) => ['decide', ...a, '--stage', stage, '--outcome', 'pass']),
    ['assign-ticket', ...a, '--kind', 'language', '--subject', 'English', '--starts', '2027-03-15T09:00:00+08:00', '--ends', '2027-03-15T11:30:00+08:00', '--venue', 'Wenhua Building', '--room', '305', '--seat', '17', '--notes', 'Bring your ID card.'],
    ['assign-ticket', ...a, '--kind', 'assessment', '--subject', 'Interview', '--starts', '2027-04-02T14:00:00+08:00', '--ends', '2027-04-02T17:00:00+08:00', '--venue', 'School of Computer Science', '--room', '412', '--seat', '5'],
    ['set-score', ...a, '--kind', 'language', '--score', '78.5', '--max', '100'],
    ['set-score', ...a, '--kind', 'material', '--score', '86', '--max', '100'],
    ['set-score', ...a, '--kind', 'assessment', '--score', '88', '--max', '100', '--detail', '[{"item":"Examiner 1","score":"90","max":"100"},{"item":"Examiner 2","score":"86","max":"100"}]'],
    ['set-score', ...a, '--kind', 'final', '--score', '85.7', '--max', '100'],
    ['decide', ...a, '--stage', 'proposedAdmission', '--outcome', 'pass'],
    ...['photoReview', 'qualificationReview', 'languageReview', 'assessmentQualification', 'languageTicket', 'assessmentTicket', 'languageScore', 'materialScore', 'assessmentScore', 'finalScore', 'proposedAdmission'].map((release) => ['release', '--what', release]),
  ]);

  await reloadUntilMenu(page, 'Admission information');
  await expect(page.getByText('Congratulations, you are proposed for admission. Please fill in your admission information.').first()).toBeVisible();

  await openMenu(page, 'My registration', 'Photo review result');
  await expect(page.getByText('Your photo has been approved')).toBeVisible();
  await openMenu(page, 'My registration', 'Eligibility review result');
  await expect(page.getByText('Passed', { exact: true })).toBeVisible();
  await openMenu(page, 'My registration', 'Proposed admission result');
  // (The dashboard, still open in its tab, says the same; this is the result page's own.)
  await expect(page.getByRole('main').getByText('Congratulations, you are proposed for admission. Please fill in your admission information.').filter({ visible: true })).toBeVisible();

  await openMenu(page, 'Print admission ticket', 'Foreign-language exam ticket');
  const main = page.getByRole('main');
  await expect(main).toContainText(name);
  await expect(main).toContainText(number);
  await expect(main).toContainText('Wenhua Building');
  await expect(main).toContainText('(Beijing time)');
  await opensPdf(page, '/doctor/results/ticketPdf', () => page.getByRole('button', { name: 'Download ticket (PDF)' }).click());
  await openMenu(page, 'Print admission ticket', 'Comprehensive assessment ticket');
  await expect(main).toContainText('Interview');
  await opensPdf(page, '/doctor/results/ticketPdf', () => page.getByRole('button', { name: 'Download ticket (PDF)' }).click());

  await openMenu(page, 'Scores', 'Foreign-language score');
  await expect(main).toContainText('78.5');
  await openMenu(page, 'Scores', 'Comprehensive assessment and final score');
  await expect(main).toContainText('88');
  await expect(main).toContainText('Examiner 2');
  await openMenu(page, 'Scores', 'Final score');
  await expect(main).toContainText('85.7');
});

test('fills in the admission information and prints the file-transfer letter', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page);
  await openMenu(page, 'Admission information', 'File transfer letter');
  const main = page.getByRole('main');
  await expect(page.getByRole('button', { name: 'Print file-transfer letter (PDF)' })).toBeDisabled();

  await main.getByRole('textbox', { name: 'Unit holding your personnel file' }).fill('北京大学计算机学院');
  await main.getByRole('textbox', { name: 'Address of that unit' }).fill('北京市海淀区颐和园路5号');
  await main.getByRole('textbox', { name: 'Postcode' }).fill('10087');
  await main.getByRole('textbox', { name: 'Contact person' }).fill('王老师');
  await main.getByRole('textbox', { name: 'Contact phone' }).fill('010-62751234');
  await main.getByRole('radio', { name: 'No' }).check();
  // A wrong postcode is said in place, and nothing is saved.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(main.getByText('Postcode must be 6 digits.')).toBeVisible();
  await main.getByRole('textbox', { name: 'Postcode' }).fill('100871');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  await opensPdf(page, '/doctor/admission/letterPdf', () => page.getByRole('button', { name: 'Print file-transfer letter (PDF)' }).click());

  // The notice address starts from the form's mailing address; staff add the tracking number once posted.
  await openMenu(page, 'Admission information', 'Admission notice mailing');
  await expect(main.getByRole('textbox', { name: 'Detailed address' })).toHaveValue('北京市海淀区中关村南大街27号');
  await expect(main.getByRole('textbox', { name: 'Tracking number' })).toHaveAttribute('placeholder', 'Not posted yet');
  await main.getByRole('textbox', { name: 'Province' }).fill('北京市');
  await main.getByRole('textbox', { name: 'City' }).fill('北京市');
  // The letter's "Saved." fades after a few seconds; this save must bring its own.
  await expect(page.getByText('Saved.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await admin('set-tracking', '--applicant', number, '--kind', 'notice', '--number', 'SF1234567890');
  await page.reload();
  await expect(main.getByRole('textbox', { name: 'Tracking number' })).toHaveValue('SF1234567890');
  await expect(main.getByText('The admission notice has been posted to this address, so it can no longer be changed.')).toBeVisible();
  await expect(main.getByRole('textbox', { name: 'City' })).toBeDisabled();
});
