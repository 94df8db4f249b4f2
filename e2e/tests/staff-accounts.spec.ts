import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '@gradus/contract';
import { seriousViolations } from '../fixtures/axe';
import { expect, signIn, signInWithForm, test } from '../fixtures/app';
import { baseURL, DEMO_PASSWORD, type Staff } from '../fixtures/env';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';

/**
 * Staff accounts (issue #10) in a real Chromium against the real server: the system administrator
 * creates a department secretary, who signs in with the one-time password and sees their school's
 * applications; disabling the account ends that session at once.
 */
const SYSADMIN: Staff = { kind: 'staff', loginName: 'sysadmin', name: '钱刚', password: DEMO_PASSWORD };
const ACCOUNTS = '/system/accounts';
const rowOf = (page: Page, login: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: login });

test.describe('staff accounts', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: DESKTOP, locale: 'en-US' });
  const login = `sec-${Date.now().toString(36)}`;
  let password = '';

  test('the system administrator creates a secretary from the menu and is shown a one-time password once', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, SYSADMIN);
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('System', { exact: true }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Staff accounts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible();
    await expect(rowOf(page, 'secretary-econ')).toContainText('School of Economics');
    // Their own row offers no way to lock themselves out.
    await expect(rowOf(page, 'sysadmin')).toContainText('You');
    await expect(rowOf(page, 'sysadmin').getByRole('button', { name: /^Disable/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'New account' }).click();
    const dialog = page.getByRole('dialog', { name: 'New staff account' });
    await dialog.getByRole('textbox', { name: 'Login name' }).fill(login);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('冯秘书');
    await dialog.getByRole('checkbox', { name: 'Department secretary' }).check();
    // A secretary without a school is refused before anything is sent.
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog).toContainText('A department secretary needs at least one school.');
    await dialog.getByRole('combobox', { name: 'Schools' }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: 'School of Economics' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Create account' }).click();

    const shown = page.getByRole('dialog', { name: /^One-time password for/ });
    await expect(shown).toContainText('It is shown only once.');
    password = await shown.getByRole('textbox', { name: 'One-time password' }).inputValue();
    expect(password).toMatch(/^\S{4}-\S{4}-\S{4}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toHaveCount(0);
    await expect(rowOf(page, login)).toContainText('Department secretary');
    await expect(rowOf(page, login)).toContainText('School of Economics');
    await expect(rowOf(page, login)).toContainText('Never');
  });

  test('the new secretary signs in with it and sees their school; disabled, their open page asks them to sign in again', async ({ page, browser }) => {
    const secretaryContext = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
    const secretary = await secretaryContext.newPage();
    await secretary.goto('/login');
    await signInWithForm(secretary, { kind: 'staff', loginName: login, name: '冯秘书', password });
    await expect(secretary.getByText('Admissions management system')).toBeVisible();
    await secretary.goto('/admissions/applications');
    const programmes = secretary.locator('.ant-table-tbody tr.ant-table-row td:nth-child(4)');
    await expect(programmes.first()).toBeVisible();
    for (const programme of await programmes.allTextContents()) expect(programme).toContain('Economics');

    await signIn(page, SYSADMIN);
    await page.goto(ACCOUNTS);
    await rowOf(page, login).getByRole('button', { name: /^Disable/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Disable/ });
    await expect(dialog).toContainText('They are signed out everywhere at once');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Moved to another school');
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await expect(rowOf(page, login)).toContainText('Disabled');

    // The secretary's next call is refused at once: one re-login dialog, and the password no longer opens the portal.
    await secretary.reload();
    await expect(secretary.getByRole('dialog').filter({ hasText: 'Please sign in again' }).or(secretary.locator('form#login'))).toBeVisible();
    await secretary.goto('/login');
    await signInWithForm(secretary, { kind: 'staff', loginName: login, name: '冯秘书', password });
    await expect(secretary.getByText('This account is disabled. Please contact the graduate school.')).toBeVisible();
    await secretaryContext.close();
  });
});

for (const lang of ['en', 'zh-CN'] as const) {
  for (const [form, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`the staff accounts page looks right and passes axe (${form}, ${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, SYSADMIN);
      await page.goto(ACCOUNTS);
      await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'staff-accounts', lang);
      // The account dialog too, opened from the keyboard.
      await page.getByRole('button', { name: lang === 'en' ? 'New account' : '新建账号' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'staff-accounts-new', lang);
      // Nothing wider than the screen on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
