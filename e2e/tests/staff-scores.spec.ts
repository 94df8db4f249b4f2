import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '@gradus/contract';
import { seriousViolations } from '../fixtures/axe';
import { expect, signIn, signInWithForm, test } from '../fixtures/app';
import { baseURL, DEMO_PASSWORD, type Staff } from '../fixtures/env';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';
import { rowOf as templateRowOf, withNumber } from '../fixtures/xlsx';
import { openMenu } from '../fixtures/controls';

/**
 * Scores (issue #10) in a real Chromium against the real server: the office types a foreign-language
 * score in the grid (Enter saves, the next row takes the focus), changes it only with a reason, reads
 * its history, downloads the template, sees a bad file's row and column named and nothing imported,
 * imports a clean one, sets a programme's weights and computes final scores.
 * Data no other browser test reads: the foreign-language scores of cohort applicants (王磊's are the
 * journey's and the public list's; the batch test decides 2027100009, 22 and 39), and weights for
 * Ethnology only, whose applicants have no scores, so no final score (王磊's 85.7) changes.
 */
const OFFICE: Staff = { kind: 'staff', loginName: 'admin', name: '周杰', password: DEMO_PASSWORD };
const SCORES = '/admissions/scores';
const RESERVED = new Set(['2027100001', '2027100002', '2027100003', '2027100004', '2027100009', '2027100022', '2027100039']);
const rows = (page: Page) => page.locator('.scores__grid .ant-table-tbody tr.ant-table-row');
const scoreBox = (row: Locator) => row.locator('input[data-score-input]');

test.describe('scores', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  test('the office types scores, changes one with a reason, reads its history, and imports a file only when it is clean', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, OFFICE);
    await openMenu(page, 'Admissions review', 'Scores');
    await expect(page.getByRole('heading', { level: 1, name: 'Scores' })).toBeVisible();
    await expect(page.getByText('Full marks: 100')).toBeVisible();
    await expect(rows(page).first()).toBeVisible();

    // Two cohort applicants next to each other in the list, both without a language score, that no other test touches.
    const numbers = await rows(page).locator('td:first-child').allTextContents();
    const values = await rows(page).locator('input[data-score-input]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    const free = (i: number) => numbers[i] !== undefined && !RESERVED.has(numbers[i]) && values[i] === '';
    const index = numbers.findIndex((_n, i) => free(i) && free(i + 1));
    expect(index, numbers.join()).toBeGreaterThanOrEqual(0);
    const [first, second] = [numbers[index]!, numbers[index + 1]!];
    const firstRow = rows(page).filter({ hasText: first });
    const secondRow = rows(page).filter({ hasText: second });

    // Enter saves, and the next row's score takes the focus.
    await scoreBox(firstRow).fill('72.5');
    await scoreBox(firstRow).press('Enter');
    await expect(page.getByText(`Saved: ${first}, 72.5`)).toBeVisible();
    await expect(scoreBox(secondRow)).toBeFocused();

    // A recorded score changes only with a reason, given in the row (Tab moves to it).
    await scoreBox(firstRow).fill('74');
    await scoreBox(firstRow).press('Enter');
    await expect(firstRow.getByRole('alert')).toContainText('The recorded score is 72.5: give the reason');
    await scoreBox(firstRow).press('Tab');
    await expect(firstRow.getByRole('textbox', { name: /^Reason for changing the score of/ })).toBeFocused();
    await page.keyboard.type('Second marker');
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Saved: ${first}, 74`)).toBeVisible();

    // The history: the value replaced, who, when, why.
    await firstRow.getByRole('button', { name: /^History of/ }).click();
    const drawer = page.getByRole('dialog', { name: new RegExp(`^Score history of ${first}`) });
    await expect(drawer).toContainText('Changed from 72.5 to 74 / 100');
    await expect(drawer).toContainText('Reason: Second marker');
    await expect(drawer).toContainText('by 周杰 (admin)');
    await expect(drawer).toContainText('Recorded 72.5 / 100');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-scores-history', 'en');
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);

    // The template of the list; uploaded as it is, it changes nothing.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download template' }).click();
    const template = fs.readFileSync((await (await downloading).path())!);
    expect((await downloading).suggestedFilename()).toBe('scores-language-2027.xlsx');
    const upload = async (name: string, buffer: Buffer) =>
      page.locator('.scores__excel input[type="file"]').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
    await upload('unchanged.xlsx', template);
    await expect(page.getByText('unchanged.xlsx is clean and changes nothing.')).toBeVisible();

    // A score above full marks: named by its row and column, no import offered, nothing written.
    const firstAt = templateRowOf(template, first);
    const secondAt = templateRowOf(template, second);
    await upload('bad.xlsx', withNumber(withNumber(template, `D${firstAt}`, 101), `D${secondAt}`, 65));
    await expect(page.getByText('1 problem(s) in the file')).toBeVisible();
    const problem = page.locator('.scores__problems tr', { hasText: '101 is above full marks (100).' });
    await expect(problem).toContainText(String(firstAt));
    await expect(problem.getByRole('cell', { name: 'D', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-scores-dry-run', 'en');
    await expect(scoreBox(secondRow)).toHaveValue('');

    // The clean file: checked, then imported on request.
    await upload('clean.xlsx', withNumber(template, `D${secondAt}`, 65));
    await expect(page.getByText('clean.xlsx is clean. Nothing is imported yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Import 1 change(s)' }).click();
    await expect(page.getByText('Imported 1 change(s).')).toBeVisible();
    await expect(scoreBox(secondRow)).toHaveValue('65');
  });

  test('the office sets a programme’s weights, shown as a formula, and computes final scores', async ({ page }) => {
    await signIn(page, OFFICE);
    await page.goto(SCORES);
    await page.getByRole('tab', { name: 'Final score weights' }).click();
    const ethnology = page.locator('.scores__weights tr', { hasText: 'Ethnology (PhD)' });
    await ethnology.getByRole('button', { name: 'Edit the weights of Ethnology (PhD)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Weights of Ethnology (PhD)' });
    await dialog.getByRole('spinbutton', { name: 'Material review' }).fill('30');
    await dialog.getByRole('spinbutton', { name: 'Comprehensive assessment' }).fill('60');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toContainText('The weights add up to 90%; they must add up to 100%.');
    await dialog.getByRole('spinbutton', { name: 'Comprehensive assessment' }).fill('70');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(ethnology).toContainText('Final = 30% × Material review + 70% × Comprehensive assessment');

    await page.getByRole('button', { name: 'Compute final scores' }).click();
    const ask = page.getByRole('dialog', { name: 'Compute the final scores of 2027?' });
    await ask.getByRole('button', { name: 'Compute final scores' }).click();
    const done = page.getByRole('dialog', { name: 'Final scores computed' });
    // 王磊's programme has no weights: his final score stays the one the journey recorded.
    await expect(done).toContainText('2027100002 王磊: no weights for the programme');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-scores-final', 'en');
    await done.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  });
});

for (const lang of ['en', 'zh-CN'] as const) {
  for (const [form, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`the scores page looks right and passes axe (${form}, ${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, OFFICE);
      await page.goto(SCORES);
      await expect(rows(page).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'staff-scores', lang);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
