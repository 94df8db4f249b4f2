import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '@gradus/contract';
import { seriousViolations } from '../fixtures/axe';
import { clickUntilClosed, expect, signIn, signInWithForm, test } from '../fixtures/app';
import { baseURL, DEMO_PASSWORD, type Staff } from '../fixtures/env';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';
import { openMenu } from '../fixtures/controls';

/**
 * Releases (issue #10) in a real Chromium against the real server: a publisher withdraws a
 * published result with a reason and is told who had opened it, plans its release again after the
 * preview, cannot confirm their own plan, and a second publisher confirms it, after which it is out.
 * The demo's material review scores are the result used: no other browser test reads them.
 */
const OFFICE: Staff = { kind: 'staff', loginName: 'admin', name: '周杰', password: DEMO_PASSWORD };
const SECOND: Staff = { kind: 'staff', loginName: 'publisher', name: '吴静', password: DEMO_PASSWORD };
const RELEASES = '/admissions/releases';
const RESULT = 'Material review scores';
const rowOf = (page: Page, name: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByRole('cell', { name, exact: true }) });

test.describe('releases', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  test('a publisher withdraws a result with a reason, plans it again after the preview, and another publisher confirms it', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.goto('/login');
    await signInWithForm(page, OFFICE);
    await openMenu(page, 'Admissions review', 'Releases');
    await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
    const row = rowOf(page, RESULT);
    await expect(row).toContainText('Published');

    // Withdrawing needs a reason, and says who had already read the result.
    await row.getByRole('button', { name: `Withdraw ${RESULT}` }).click();
    const withdraw = page.getByRole('dialog', { name: `Withdraw ${RESULT}?` });
    await expect(withdraw).toContainText('Applicants stop seeing this result at once.');
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    await expect(withdraw).toContainText('Please give a reason.');
    await withdraw.getByRole('textbox', { name: 'Reason' }).fill('The scores of one programme were entered twice');
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    const seen = page.getByRole('dialog', { name: `${RESULT} is withdrawn.` });
    await expect(seen).toContainText(/had already opened it|Nobody had opened it yet/);
    await seen.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(row).toContainText('Not published');

    // The plan: what applicants will see first, then when.
    await row.getByRole('button', { name: `Plan release ${RESULT}` }).click();
    const plan = page.getByRole('dialog', { name: /^Plan the release: Material review scores/ });
    await expect(plan.getByRole('heading', { name: 'What applicants will see' })).toBeVisible();
    await expect(plan.locator('.releases-plan__counts li').first()).toBeVisible();
    await expect(plan.getByRole('table')).toContainText(/\d{10}/);
    // Any applicant's own page, as it will read once released: a sample's, drawn by their score card.
    const sample = (await plan.getByRole('table').locator('tbody tr').first().locator('td').first().innerText()).trim();
    await plan.getByRole('button', { name: `View as applicant ${sample}` }).click();
    const theirPage = page.getByRole('dialog').filter({ hasText: 'They see nothing of it yet.' });
    await expect(theirPage).toContainText(`(${sample}) will see`);
    await expect(theirPage).toContainText(/Your score|No score was recorded/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-releases-view-as', 'en');
    await theirPage.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(theirPage).toBeHidden();
    // A time in the past is refused before anything is sent.
    await plan.getByText('At a set time (Beijing time)').click();
    await plan.getByLabel('Date and time (Beijing time)').fill('2020-01-01T10:00');
    await plan.getByRole('button', { name: 'Plan release' }).click();
    await expect(plan).toContainText('The time must be in the future.');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-releases-plan', 'en');
    await plan.getByText('As soon as a second publisher confirms').click();
    await plan.getByRole('button', { name: 'Plan release' }).click();
    await expect(plan).toHaveCount(0);
    await expect(row).toContainText('Planned by 周杰, out once confirmed');
    await expect(row).toContainText('Waiting for another publisher');
    await expect(row.getByRole('button', { name: /^Confirm/ })).toHaveCount(0);

    // The second publisher, at their own desk, confirms it: it is out.
    const other = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
    const second = await other.newPage();
    await signIn(second, SECOND);
    await second.goto(RELEASES);
    const theirs = rowOf(second, RESULT);
    await theirs.getByRole('button', { name: `Confirm release ${RESULT}` }).click();
    const ask = second.getByRole('dialog', { name: `Confirm the release of ${RESULT}?` });
    await expect(ask).toContainText('It goes out to applicants at once.');
    await clickUntilClosed(ask, 'Confirm');
    await expect(second.getByText(`${RESULT} is published.`)).toBeVisible();
    await expect(theirs).toContainText('Published');
    // Its notices ("your result is available") leave through the outbox; the row follows them until all are out.
    await expect(theirs).toContainText(/([1-9][\d,]*) of \1 mailed/);
    await other.close();
  });
});

for (const lang of ['en', 'zh-CN'] as const) {
  for (const [form, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`the releases page looks right and passes axe (${form}, ${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, OFFICE);
      await page.goto(RELEASES);
      await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'staff-releases', lang);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
