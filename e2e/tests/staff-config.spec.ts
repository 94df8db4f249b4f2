import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '@gradus/contract';
import { seriousViolations } from '../fixtures/axe';
import { expect, signIn, signInWithForm, test } from '../fixtures/app';
import { baseURL, DEMO, DEMO_PASSWORD, type Staff } from '../fixtures/env';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';
import { openMenu } from '../fixtures/controls';

/**
 * Configuration and the notes applicants read (issue #10) in a real Chromium against the real
 * server: the system administrator is refused a bad fee and changes the receiving address with the
 * keyboard alone, which the audit trail then shows; the admissions office rewrites the
 * recommended-exempt applicants' notes (a script in them is removed and said so) and such an
 * applicant reads them on their dashboard.
 */
const SYSADMIN: Staff = { kind: 'staff', loginName: 'sysadmin', name: '钱刚', password: DEMO_PASSWORD };
/** An area is a choice among radio buttons (antd draws the input hidden under its label). */
const chooseArea = async (page: Page, name: string) => {
  await page.locator('.config__areas label').filter({ hasText: name }).click();
  await expect(page.getByRole('radio', { name })).toBeChecked();
};
const entry = (page: Page, name: string) => page.locator('.config__entry').filter({ has: page.getByRole('heading', { name, exact: true }) });

test.describe('configuration and notes', () => {
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  test('the administrator is refused a bad fee, changes an address by keyboard, and the trail shows it', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, SYSADMIN);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await openMenu(page, 'System', 'Configuration');
    await expect(page.getByRole('heading', { level: 1, name: 'Configuration' })).toBeVisible();
    // The sandbox key is a secret: the page says it is set and nothing more.
    await expect(entry(page, 'Payment sandbox signing key')).toContainText('Set (never shown)');

    await chooseArea(page, 'Doctoral');
    await expect(page).toHaveURL(/area=doctor/);
    const fee = entry(page, 'Application fee');
    const feeBefore = await fee.locator('.config__value').innerText();
    await fee.getByRole('button', { name: 'Change Application fee' }).click();
    const feeDialog = page.getByRole('dialog', { name: 'Change Application fee' });
    await feeDialog.getByRole('textbox', { name: 'Application fee' }).fill('0');
    await feeDialog.getByRole('button', { name: 'Save' }).click();
    await expect(feeDialog).toContainText('Application fee must be a positive amount with at most two decimals, such as 200.00.');
    await feeDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(fee.locator('.config__value')).toHaveText(feeBefore);
    // A cycle's window is not changed here.
    await expect(entry(page, 'Registration closes')).toContainText('changed on its timeline by the admissions office, not here');
    await expect(entry(page, 'Registration closes').getByRole('button')).toHaveCount(0);

    // Keyboard only: focus the button, Enter opens the dialog with the field focused, Enter saves.
    const address = `${Date.now() % 1000} Xueyuan Road, Haidian District, Beijing`;
    await entry(page, 'Receiving address').getByRole('button', { name: 'Change Receiving address' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Change Receiving address' });
    const field = dialog.getByRole('textbox', { name: 'Receiving address' });
    await expect(field).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(address);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Receiving address saved.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(entry(page, 'Receiving address')).toContainText(address);

    await menu.getByRole('link', { name: 'Logs' }).click();
    const changed = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'Configuration value changed' }).first();
    await expect(changed).toContainText(address);
    await expect(changed).toContainText('钱刚');
  });

  test('the office rewrites the notes, is told a script was removed, and the applicant reads them', async ({ page, browser }) => {
    await page.goto('/login');
    await signInWithForm(page, DEMO.admin);
    await openMenu(page, 'Admissions review', 'Notes for applicants');
    await expect(page.getByRole('heading', { level: 1, name: 'Notes for applicants' })).toBeVisible();
    await chooseArea(page, 'Recommended-exempt');
    await expect(page.getByText('Read by recommended-exempt applicants.')).toBeVisible();

    const heading = `Recommended applicants ${Date.now() % 100000}`;
    const source = page.getByRole('textbox', { name: 'Notes (HTML)' });
    await source.fill(`<h2>${heading}</h2><p>Confirm your place by <strong>30 September</strong>.</p><script>document.title = "hacked"</script>`);
    // The preview is drawn as the dashboard draws it, without the script.
    const preview = page.getByRole('region', { name: 'Preview: as the applicant sees it' });
    await expect(preview.getByRole('heading', { name: heading })).toBeVisible();
    await expect(preview).not.toContainText('hacked');
    await page.getByRole('button', { name: 'Save notes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Removed for safety when saving: script.' })).toBeVisible();
    await expect(source).not.toHaveValue(/script/);

    const applicantContext = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
    const applicant = await applicantContext.newPage();
    await applicant.goto('/login');
    await signInWithForm(applicant, DEMO.tuimian);
    await expect(applicant.getByRole('heading', { name: heading })).toBeVisible();
    await expect(applicant.getByTestId('notice-content')).toContainText('Confirm your place by 30 September.');
    await expect(applicant).not.toHaveTitle(/hacked/);
    await applicantContext.close();
  });
});

for (const lang of ['en', 'zh-CN'] as const) {
  for (const [form, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`the configuration and notes pages look right and pass axe (${form}, ${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      for (const [account, path, screen] of [
        [SYSADMIN, '/system/config?area=doctor', 'staff-config'],
        [DEMO.admin, '/admissions/notes?area=doctor', 'staff-notes'],
      ] as const) {
        await signIn(page, account);
        await page.goto(path);
        await expect(page.locator(path.includes('config') ? '.config__entry' : '.notice-content').first()).toBeVisible();
        expect(await seriousViolations(page), path).toEqual([]);
        await screenshot(page, screen, lang);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  }
}
