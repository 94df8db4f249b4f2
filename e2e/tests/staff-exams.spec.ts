import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '@gradus/contract';
import { seriousViolations } from '../fixtures/axe';
import { clickUntilClosed, expect, signIn, signInWithForm, test } from '../fixtures/app';
import { baseURL, DEMO_PASSWORD, type Staff } from '../fixtures/env';
import { openMenu, pick } from '../fixtures/controls';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';

/**
 * Exams and tickets (issue #10) in a real Chromium against the real server: the office sets up a
 * sitting of the foreign-language exam with two rooms, seats the demo's qualified applicants who
 * have no ticket yet, moves one by hand, prints the session's tickets in the background and
 * downloads the zip. Its venue is its own, so no other test's rooms meet it.
 */
const OFFICE: Staff = { kind: 'staff', loginName: 'admin', name: '周杰', password: DEMO_PASSWORD };
const EXAMS = '/admissions/exams';
const SUBJECT = 'English (browser test)';
const rowOf = (page: Page, subject: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByRole('cell', { name: subject, exact: true }) });

test.describe('exams and tickets', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  test('the office sets up a sitting, seats the qualified, moves one, and prints and downloads the tickets', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/login');
    await signInWithForm(page, OFFICE);
    await openMenu(page, 'Admissions review', 'Exams & tickets');
    await expect(page.getByRole('heading', { level: 1, name: 'Exams & tickets' })).toBeVisible();
    await expect(page.getByText(/qualified, \d+ without a seat/).first()).toBeVisible();

    // A new sitting: an end before its start is refused before anything is sent.
    await page.getByRole('button', { name: 'New session' }).click();
    const dialog = page.getByRole('dialog', { name: 'New exam session' });
    await dialog.getByLabel('Subject').fill(SUBJECT);
    await dialog.getByLabel('Starts (Beijing time)').fill('2027-03-20T09:00');
    await dialog.getByLabel('Ends (Beijing time)').fill('2027-03-20T08:00');
    await dialog.getByLabel('Venue').fill('Browser-test hall');
    await dialog.getByLabel('Room 1', { exact: true }).fill('B1');
    await dialog.getByLabel('Seats in room 1').fill('2');
    await dialog.getByRole('button', { name: 'Add a room' }).click();
    await dialog.getByLabel('Room 2', { exact: true }).fill('B2');
    await dialog.getByLabel('Seats in room 2').fill('40');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toContainText('It must end after it starts.');
    await dialog.getByLabel('Ends (Beijing time)').fill('2027-03-20T11:30');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-exams-session', 'en');
    await clickUntilClosed(dialog, 'Save');
    const row = rowOf(page, SUBJECT);
    await expect(row).toContainText('B1 (0/2), B2 (0/40)');

    // Seating: room B1 first, then B2.
    await row.getByRole('button', { name: `Seat applicants in ${SUBJECT}` }).click();
    await expect(page.getByText(/applicants seated\./)).toBeVisible();
    await expect(row).toContainText('B1 (2/2)');
    await row.getByRole('button', { name: /expand row/i }).click();
    const plan = page.getByRole('table', { name: `Seating plan of ${SUBJECT}` });
    const first = plan.locator('tbody tr.ant-table-row').first();
    await expect(first).toContainText('B1');
    await expect(first).toContainText('001');
    const name = (await first.locator('td').nth(3).innerText()).trim();

    // By hand: onto a taken seat is refused and names its holder; a free one is taken.
    await first.getByRole('button', { name: `Move ${name}`, exact: true }).click();
    const move = page.getByRole('dialog', { name: new RegExp(`^Move ${name}`) });
    await move.getByLabel('Seat').fill('2');
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(move).toContainText('is already taken at that time by applicant');
    await pick(page, move.getByRole('combobox', { name: 'Room' }), 'B2');
    await move.getByLabel('Seat').fill('40');
    await clickUntilClosed(move, 'Move');
    await expect(plan.locator('tbody tr.ant-table-row').filter({ hasText: name })).toContainText('040');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-exams-plan', 'en');

    // Printing runs in the background; the zip downloads once it is done.
    await row.getByRole('button', { name: `Print tickets of ${SUBJECT}` }).click();
    await expect(row.getByRole('button', { name: `Download tickets of ${SUBJECT}` })).toBeVisible({ timeout: 120_000 });
    await expect(row).toContainText(/printed/);
    const [zip] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Download tickets of ${SUBJECT}` }).click()]);
    expect(zip.suggestedFilename()).toMatch(/^tickets-2027-language-\d+\.zip$/);
    const bytes = fs.readFileSync((await zip.path())!);
    // A zip of PDFs: its first entry is in the first room, and is a PDF.
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(bytes.includes(Buffer.from('%PDF-'))).toBe(true);
  });
});

for (const lang of ['en', 'zh-CN'] as const) {
  for (const [form, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`the exams page looks right and passes axe (${form}, ${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, OFFICE);
      await page.goto(EXAMS);
      await expect(page.locator('.page__title')).toBeVisible();
      await expect(page.locator('.exams__qualified li').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'staff-exams', lang);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
