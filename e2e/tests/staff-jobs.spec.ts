import { LANGUAGE_COOKIE } from '@gradus/contract';
import { seriousViolations } from '../fixtures/axe';
import { expect, signIn, signInWithForm, test } from '../fixtures/app';
import { baseURL, DEMO, DEMO_PASSWORD, type Staff } from '../fixtures/env';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';
import { openMenu } from '../fixtures/controls';

/**
 * Background work (issue #12) in a real Chromium against the real server: the system administrator
 * finds the ticket printings and release notices under System, as every instance recorded them.
 */
const SYSADMIN: Staff = { kind: 'staff', loginName: 'sysadmin', name: '钱刚', password: DEMO_PASSWORD };
const JOBS = '/system/jobs';

test('the system administrator opens the background work from the menu and reads where the jobs run', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/login');
  await signInWithForm(page, SYSADMIN);
  await openMenu(page, 'System', 'Background work');
  await expect(page.getByRole('heading', { level: 1, name: 'Background work' })).toBeVisible();
  // The demo runs on SQLite without Redis: one process runs the jobs, and says so.
  await expect(page.getByText(/^Jobs run in this one server process\. Waiting now: \d+ printing\(s\), \d+ notice\(s\)\.$/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Ticket printings' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ticket printings' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Release notices' })).toBeVisible();
  // Refreshing by keyboard.
  await page.getByRole('button', { name: 'Refresh' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
});

test('the background work is refused to the admissions office, whose menu does not offer it', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto(JOBS);
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Background work' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('Background work')).toHaveCount(0);
});

for (const lang of ['en', 'zh-CN'] as const) {
  for (const [form, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`the background work page looks right and passes axe (${form}, ${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, SYSADMIN);
      await page.goto(JOBS);
      await expect(page.locator('.page__title')).toBeVisible();
      await expect(page.locator('.jobs__now')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'staff-jobs', lang);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
