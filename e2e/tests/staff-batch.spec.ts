import type { Page } from '@playwright/test';
import { DEMO } from '../fixtures/env';
import { seriousViolations } from '../fixtures/axe';
import { expect, signIn, test } from '../fixtures/app';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';

/**
 * Batch actions on the applications list (issue #9) in a real Chromium against the demo: the CS
 * secretary ticks applications on two pages of the list, returns them in one batch and reads, per
 * application, which were returned and which were refused and why.
 *
 * The demo is shared by every spec running at once, so this one acts on applications nobody else
 * touches: two submitted forms whose fee is unpaid (no queue lists them, no other spec names them),
 * returned here; and an eligible one, whose return is refused (a decided application stays as it was).
 */
const RETURNED = ['2027100022', '2027100039'];
const DECIDED = '2027100009';
// Every CS application, ten a page, by number: the three are spread over more than one page.
const LIST = '/admissions/applications?sortField=applicantNumber&sortOrder=ascend&pageSize=10';
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const bar = (page: Page) => page.getByRole('region', { name: 'Selected applications' });

/** Ticks the application with this number, going forward page by page until it is listed; returns the page it was on. */
async function tick(page: Page, number: string): Promise<number> {
  for (;;) {
    await expect(rows(page).first()).toBeVisible();
    const row = rows(page).filter({ hasText: number });
    if ((await row.count()) === 1) {
      await row.getByRole('checkbox').check();
      return Number(await page.locator('.ant-pagination-item-active').textContent());
    }
    const next = page.getByRole('listitem', { name: 'Next Page' });
    await expect(next).not.toHaveAttribute('aria-disabled', 'true');
    const before = await rows(page).first().textContent();
    await next.click();
    await expect(rows(page).first()).not.toHaveText(before ?? '');
  }
}

test.describe('batch actions on the applications list', () => {
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  test('a secretary ticks applications on two pages, returns them in one batch and sees each one’s result', async ({ page }) => {
    // Several sign-ins and pages in one story: past 45 s when CI's two cores are loaded (it was, once).
    test.setTimeout(90_000);
    await signIn(page, DEMO.secretary);
    await page.goto(LIST);
    await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();

    const pages = [await tick(page, DECIDED)];
    await expect(bar(page)).toContainText('Selected: 1');
    for (const number of RETURNED) pages.push(await tick(page, number));
    expect(new Set(pages).size, `the applications were on pages ${pages.join(', ')}`).toBeGreaterThan(1);
    await expect(bar(page)).toContainText('Selected: 3');

    // Sorting the other way keeps the selection: it is kept by application, not by row.
    await page.getByRole('columnheader', { name: /Applicant number/ }).click();
    await expect(page).toHaveURL(/sortOrder=descend/);
    await expect(rows(page).first()).toBeVisible();
    await expect(bar(page)).toContainText('Selected: 3');
    // A secretary decides and returns; assigning experts is the office's, and is not offered.
    await expect(bar(page).getByRole('button', { name: 'Assign an expert' })).toHaveCount(0);
    // The header's sorting tooltip would hide the bar in the picture.
    await page.mouse.move(0, 0);
    await screenshot(page, 'staff-batch-bar', 'en');
    expect(await seriousViolations(page)).toEqual([]);

    // From the keyboard: the bar's action, then the dialog's fields, then its confirmation.
    await bar(page).getByRole('button', { name: 'Return for correction' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Return 3 forms for correction' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/This applies to the 3 selected applications/)).toBeVisible();
    // Nothing goes without what the single return asks for.
    await dialog.getByRole('button', { name: 'Return the forms' }).click();
    await expect(dialog.getByText('Choose at least one section.')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Contact and mailing address' }).focus();
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('checkbox', { name: 'Contact and mailing address' })).toBeChecked();
    await dialog.getByRole('textbox', { name: 'What to correct' }).fill('The mobile number does not answer: give one that does.');
    await screenshot(page, 'staff-batch-dialog', 'en');
    expect(await seriousViolations(page)).toEqual([]);
    const sent = page.waitForResponse((r) => r.url().endsWith('/staff/applications/batchReturn'));
    await dialog.getByRole('button', { name: 'Return the forms' }).click();
    expect((await (await sent).json()).code).toBe(0);

    const results = page.getByRole('dialog', { name: 'Result of the batch' });
    await expect(results.getByText('Changed: 2. Refused: 1 (listed first, with the reason).')).toBeVisible();
    const refused = results.getByRole('row').filter({ hasText: DECIDED });
    await expect(refused).toContainText('Refused');
    await expect(refused).toContainText(`The eligibility of ${DECIDED} is decided: the form can no longer be returned.`);
    for (const number of RETURNED) await expect(results.getByRole('row').filter({ hasText: number })).toContainText('Done');
    expect(await seriousViolations(page)).toEqual([]);
    await results.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(bar(page)).toHaveCount(0);

    // The list, fetched again, shows the two forms returned and the decided one as it was.
    await page.goto(`/admissions/applications?q=${RETURNED[0]}`);
    await expect(rows(page).first()).toContainText('Returned for correction');
    await page.goto(`/admissions/applications?q=${DECIDED}`);
    await expect(rows(page).first()).toContainText('Eligible');
  });

});

test.describe('the selection bar on a phone', () => {
  test.use({ viewport: PHONE, locale: 'en-US' });

  test('the bar and its actions stay within the screen', async ({ page }) => {
    await signIn(page, DEMO.secretary);
    await page.goto('/admissions/applications?pageSize=10');
    await expect(rows(page).first()).toBeVisible();
    await rows(page).first().getByRole('checkbox').check();
    await expect(bar(page)).toContainText('Selected: 1');
    await expect(bar(page).getByRole('button', { name: /Select all \d+ matching this filter/ })).toBeVisible();
    await bar(page).getByRole('button', { name: /Select all \d+ matching this filter/ }).click();
    await expect(bar(page)).toContainText(/All \d+ applications matching this filter are selected/);
    const box = await bar(page).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'staff-batch-bar', 'en');
    expect(await seriousViolations(page)).toEqual([]);
    await bar(page).getByRole('button', { name: 'Clear selection' }).click();
    await expect(bar(page)).toHaveCount(0);
  });
});
