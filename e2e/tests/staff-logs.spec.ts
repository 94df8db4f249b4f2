import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '@gradus/contract';
import { seriousViolations } from '../fixtures/axe';
import { expect, signIn, signInWithForm, test } from '../fixtures/app';
import { baseURL, DEMO, DEMO_PASSWORD, type Staff } from '../fixtures/env';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';
import { openMenu } from '../fixtures/controls';

/**
 * Who is online and the logs (issue #10) in a real Chromium against the real server: the system
 * administrator signs a reviewer out with a reason, the reviewer's open page asks them to sign in
 * again, and the audit trail and the sign-in log show what happened, the chain intact.
 */
const SYSADMIN: Staff = { kind: 'staff', loginName: 'sysadmin', name: '钱刚', password: DEMO_PASSWORD };
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test.describe('who is online and the logs', () => {
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  test('the administrator signs a reviewer out with a reason; the trail and the sign-in log show it, the chain intact', async ({ page, browser }) => {
    const reviewerContext = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
    const reviewer = await reviewerContext.newPage();
    await reviewer.goto('/login');
    await signInWithForm(reviewer, DEMO.reviewer);
    await expect(reviewer.getByText('Admissions management system')).toBeVisible();

    await page.goto('/login');
    await signInWithForm(page, SYSADMIN);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await openMenu(page, 'System', 'Who is online');
    await expect(page.getByRole('heading', { level: 1, name: 'Who is online' })).toBeVisible();
    // Their own session is marked, with nothing to end it from here.
    const mine = rows(page).filter({ hasText: 'You' });
    await expect(mine.first()).toContainText('钱刚');
    await expect(mine.first().getByRole('button', { name: /^Sign out/ })).toHaveCount(0);

    // The reviewer's newest session (other tests may have left older ones).
    const theirs = rows(page).filter({ hasText: '赵敏' }).first();
    await theirs.getByRole('button', { name: /^Sign out 赵敏/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Sign out 赵敏/ });
    await expect(dialog).toContainText('anything unsaved on their screen is lost');
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(dialog).toContainText('Please give a reason.');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Computer left signed in at the front desk');
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByText(/赵敏.* is signed out\./)).toBeVisible();

    // Every session of the reviewer may not be this one, but this browser's is over: its next call asks to sign in again.
    await reviewer.reload();
    await expect(reviewer.getByRole('dialog').filter({ hasText: 'Please sign in again' }).or(reviewer.locator('form#login'))).toBeVisible();
    await reviewerContext.close();

    await menu.getByRole('link', { name: 'Logs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();
    const forced = rows(page).filter({ hasText: 'Computer left signed in at the front desk' });
    await expect(forced).toHaveCount(1);
    await expect(forced).toContainText('钱刚');
    await page.getByRole('button', { name: 'Check the chain' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The audit trail is intact' })).toBeVisible();

    await page.getByRole('tab', { name: 'Sign-ins' }).click();
    await expect(page).toHaveURL(/tab=signIns/);
    await page.getByRole('textbox', { name: 'Account' }).fill('reviewer');
    await page.getByRole('textbox', { name: 'Account' }).press('Enter');
    await expect(rows(page).first()).toContainText('Signed in');
    await expect(rows(page).first()).toContainText('赵敏');
  });
});

for (const lang of ['en', 'zh-CN'] as const) {
  for (const [form, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`the online and logs pages look right and pass axe (${form}, ${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, SYSADMIN);
      for (const [path, screen] of [['/system/online', 'staff-online'], ['/system/logs', 'staff-logs'], ['/system/logs?tab=signIns', 'staff-sign-ins']] as const) {
        await page.goto(path);
        await expect(rows(page).first()).toBeVisible();
        expect(await seriousViolations(page), path).toEqual([]);
        await screenshot(page, screen, lang);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  }
}
