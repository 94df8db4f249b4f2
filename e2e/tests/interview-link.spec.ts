import type { Page } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe';
import { expect, signIn, test } from '../fixtures/app';
import { DEMO } from '../fixtures/env';
import { reviewCodeFor, reviewLinkFor } from '../fixtures/mail';
import { DESKTOP, PHONE, screenshot, TABLET } from '../fixtures/screenshots';

/**
 * An interview panel by link (issue #9) in a real Chromium on the demo: the office seats the
 * demo's external expert 陈立群 on the foreign-language session and mails the interview link; the
 * expert opens it from the outbox, confirms with the mailed code, declares no conflict with the
 * session's applicants and scores the first one on the tablet screen. In order: each step works on
 * what the one before left. (María García's link belongs to expert-review.spec.ts.)
 */
const CHEN = { name: '陈立群', email: 'chen.liqun@fudan.example.edu' };
const ROOM = '文华楼 305';
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test.describe('an interview panel by link', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ locale: 'en-US' });
  let startupLink = '';

  test('the office seats the external expert on the foreign-language panel and mails the link', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    startupLink = await reviewLinkFor(CHEN.email);
    await signIn(page, DEMO.admin);
    await page.goto('/admissions/interviews');
    const session = rows(page).filter({ hasText: ROOM });
    await expect(session).toHaveCount(1);
    await session.getByRole('button', { name: `Edit the session in ${ROOM}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the interview session' });
    await dialog.getByRole('combobox', { name: 'Panel, in seating order' }).click();
    // Offered beside the internal experts, marked as one who scores by a link.
    await page.locator('.interview-dialog__experts .ant-select-item-option').filter({ hasText: `${CHEN.name} (external, by link)` }).click();
    await dialog.getByText('Change the interview session').click();
    await expect(dialog.getByText(`${CHEN.name} (external, by link)`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(session.getByText(`${CHEN.name} (external, by link)`, { exact: false })).toBeVisible();

    await session.getByRole('button', { name: `Mail the link to ${CHEN.name}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'interview link' });
    await expect(confirm.getByText(CHEN.email, { exact: false })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Mail the link' }).click();
    await expect(page.getByText(`Link mailed to ${CHEN.email}.`)).toBeVisible();
  });

  test('the expert opens the interview link, confirms, declares and scores on the tablet screen', async ({ page }) => {
    await page.setViewportSize(TABLET);
    let link = '';
    await expect.poll(async () => (link = await reviewLinkFor(CHEN.email)), { timeout: 15_000 }).not.toBe(startupLink);
    await page.goto(link);
    // An interview link goes on to the panel's screen.
    await expect(page).toHaveURL(/\/scoresReview\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible();
    await page.getByRole('button', { name: 'Send me the code' }).click();
    await expect(page.getByText(/A code was sent to c\*\*\*@fudan\.example\.edu/)).toBeVisible();
    await page.getByLabel('Code from the mail').fill(await reviewCodeFor(CHEN.email));
    await page.getByRole('button', { name: 'Confirm' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Declaration of no conflict of interest' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Foreign-language review: .*${ROOM}$`) })).toBeVisible();
    const order = page.getByRole('list', { name: 'Applicants, in interview order' }).getByRole('listitem');
    await expect(order.first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'interview-link-declaration', 'en');
    await page.setViewportSize(PHONE);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'interview-link-declaration-phone', 'en');
    await page.setViewportSize(TABLET);
    await page.getByRole('checkbox', { name: /I declare that I have no conflict of interest/ }).check();
    await page.getByRole('button', { name: 'Confirm and go to scoring' }).click();

    await expect(page.getByRole('heading', { level: 1, name: /^Foreign-language review · / })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^Applicant 1 of / })).toBeVisible();
    // Not the secretary: no lock here.
    await expect(page.getByRole('button', { name: 'Lock the session' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'interview-link-scoring', 'en');
    await page.getByRole('textbox', { name: 'Listening and speaking (0–50)' }).fill('41');
    await page.getByRole('textbox', { name: 'Reading in the field (0–50)' }).fill('38.5');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Your score is submitted', { exact: false })).toBeVisible();
    const applicants = page.getByRole('navigation', { name: 'Applicants, in interview order' }).getByRole('button');
    await expect(applicants.first()).toContainText('Submitted');
    await page.setViewportSize(PHONE);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'interview-link-scoring-phone', 'en');
  });
});
