import { LANGUAGE_COOKIE } from '@gradus/contract';
import { expect, signIn, signInWithForm, test } from '../fixtures/app';
import { seriousViolations } from '../fixtures/axe';
import { baseURL, DEMO, DEMO_PASSWORD, type Account } from '../fixtures/env';
import { openMenu } from '../fixtures/journey';
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
