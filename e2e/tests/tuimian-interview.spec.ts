import { LANGUAGE_COOKIE, TMS_AREA, TMS_INTERVIEW_RELEASE } from '@gradus/contract';
import { callAs, signInToken } from '../fixtures/api';
import { expect, signIn, signInWithForm, test } from '../fixtures/app';
import { seriousViolations } from '../fixtures/axe';
import { baseURL, DEMO, DEMO_PASSWORD, type Account } from '../fixtures/env';
import { openMenu } from '../fixtures/controls';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';

/**
 * Issue #11, the tuimian interview (复试): the demo's 何思远, passed by the school and the graduate
 * school, finds her invitation (time, place, answer-by) and accepts it; the school's secretary
 * then sees the answer on the school's interview list and records her result. Serial: the
 * secretary's step reads what the applicant's answer left.
 */
test.describe.configure({ mode: 'serial' });

const HE: Account = { kind: 'master', userRegisterType: 5, number: '2027500002', name: '何思远', password: DEMO_PASSWORD };
const INTERVIEWS = '/admissions/tmsInterviews';
const INTERVIEW_PAGE = '/recommendedStudentInfoQuery/recommendedStudentShowExInfo';
const PUBLISHER: Account = { kind: 'staff', loginName: 'publisher', name: '吴静', password: DEMO_PASSWORD };

test('何思远 reads her invitation and accepts it by the answer date', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await signInWithForm(page, HE);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openMenu(page, 'Recommended applicant enquiry', 'Interview');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Your interview invitation' })).toBeVisible();
  await expect(main).toContainText('Awaiting your answer');
  await expect(main).toContainText('Room 412');
  await expect(main).toContainText('Computer Science and Technology (Master)');
  await expect(main).toContainText('Beijing time');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'tms-interview-invited', 'en');

  await main.getByRole('button', { name: 'Accept the invitation' }).click();
  const ask = page.getByRole('dialog', { name: 'Accept the interview invitation?' });
  await expect(ask).toContainText('Your answer is final');
  await ask.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(page.getByText('You accepted the interview invitation.')).toBeVisible();
  await expect(main).toContainText('Accepted');
  await expect(main.getByRole('button', { name: 'Accept the invitation' })).toHaveCount(0);
});

test('the school’s secretary sees the acceptance and records the result; the invitation dialog passes axe', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.secretary);
  await page.goto(INTERVIEWS);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '何思远' });
  await expect(row).toContainText('Accepted');
  await expect(row).toContainText('Computer Science and Technology (Master)');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'tms-interviews', 'en');

  // The change dialog, opened from the keyboard, then left without a change.
  await row.getByRole('button', { name: 'Change invitation of 何思远 (2027500002)' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Change the interview invitation of 何思远/ });
  await expect(dialog).toContainText('their earlier answer no longer stands');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'tms-interviews-invite', 'en');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: 'Pass 何思远 (2027500002)' }).click();
  await expect(row).toContainText('Pass');
  // Another school's secretary does not see her.
  await page.context().clearCookies();
  await signIn(page, { kind: 'staff', loginName: 'secretary-econ', name: '郑雪', password: DEMO_PASSWORD });
  await page.goto(INTERVIEWS);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('何思远');
});

test('the results are released; the office records its offer in the national system from the keyboard; 何思远 reads it', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  // Releasing takes two publishers; the Releases page has its own browser test, so here they agree through the API.
  const [planner, confirmer] = [await signInToken(request, DEMO.admin), await signInToken(request, PUBLISHER)];
  const { planId } = await callAs<{ planId: number }>(request, planner, '/mucgrs-service/staff/releases/plan', { area: TMS_AREA, recruitYear: '2027', release: TMS_INTERVIEW_RELEASE });
  await callAs(request, confirmer, '/mucgrs-service/staff/releases/confirm', { planId });

  await signIn(page, DEMO.admin);
  await page.goto(INTERVIEWS);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '何思远' });
  await expect(row).toContainText('Not recorded');
  await row.getByRole('button', { name: 'Record offer for 何思远 (2027500002)' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Record the offer of 何思远 (2027500002) in the national system' });
  const sentRadio = dialog.getByRole('radio', { name: 'Offer sent' });
  await expect(sentRadio).toBeChecked();
  // The states by arrow keys: an acceptance asks for its date, and back to sent it is gone again.
  await sentRadio.focus();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'Accepted by the applicant' })).toBeChecked();
  await expect(dialog.getByLabel('Answered (Beijing time)')).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(sentRadio).toBeChecked();
  await expect(dialog.getByLabel('Answered (Beijing time)')).toBeHidden();
  // An hour ago, in Beijing time, as the national system shows it.
  const sent = new Date(Date.now() + 8 * 3_600_000 - 3_600_000).toISOString().slice(0, 16);
  await dialog.getByLabel('Offer sent (Beijing time)').fill(sent);
  // (Tab walks the date field's own parts first, as Chromium draws it.)
  await dialog.getByLabel('Note for the applicant').focus();
  await page.keyboard.type('Please accept it within 48 hours.');
  await expect(dialog.getByLabel('Note for the applicant')).toHaveValue('Please accept it within 48 hours.');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'tms-interviews-offer', 'en');
  await dialog.getByRole('button', { name: 'Save' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Offer sent');
  await expect(row.getByRole('button', { name: 'Update offer for 何思远 (2027500002)' })).toBeVisible();

  const hers = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
  const applicant = await hers.newPage();
  await signIn(applicant, HE);
  await applicant.goto(INTERVIEW_PAGE);
  const main = applicant.getByRole('main');
  await expect(main).toContainText('You passed the interview');
  await expect(main.getByRole('heading', { name: 'Admission in the national system' })).toBeVisible();
  await expect(main).toContainText('up to 3 parallel choices');
  await expect(main).toContainText('locked for 48 hours');
  await expect(main).toContainText('You can accept one offer only, and an acceptance is final.');
  await expect(main).toContainText(/Our offer was sent on .+\. Accept it in the national system before it expires\./);
  await expect(main).toContainText('Please accept it within 48 hours.');
  expect(await seriousViolations(applicant)).toEqual([]);
  await screenshot(applicant, 'tms-interview-offer', 'en');
  await hers.close();
});

for (const [form, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test(`the interview pages look right in Chinese and pass axe (${form})`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: 'zh-CN', url: baseURL() }]);
    await signIn(page, HE);
    await page.goto(INTERVIEW_PAGE);
    await expect(page.getByRole('main')).toContainText('412');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'tms-interview', 'zh-CN');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    const staff = await browser.newContext({ locale: 'zh-CN', viewport });
    const office = await staff.newPage();
    await staff.addCookies([{ name: LANGUAGE_COOKIE, value: 'zh-CN', url: baseURL() }]);
    await signIn(office, DEMO.secretary);
    await office.goto(INTERVIEWS);
    await expect(office.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '何思远' })).toBeVisible();
    expect(await seriousViolations(office)).toEqual([]);
    await screenshot(office, 'tms-interviews', 'zh-CN');
    expect(await office.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await staff.close();
  });
}
