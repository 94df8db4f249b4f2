import type { Page } from '@playwright/test';
import { RegisterType } from '@gradus/contract';
import { seriousViolations } from '../fixtures/axe';
import { clickUntilClosed, expect, signIn, test } from '../fixtures/app';
import { DEMO_PASSWORD, type Applicant, type Staff } from '../fixtures/env';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';
import { pick } from '../fixtures/controls';

/**
 * Paying the fee by bank transfer (issue #11) in a real Chromium against the real server: the demo
 * Taiwan applicant 林怡君, who has just registered, finds the university's account and her order
 * number on the fee page and uploads her bank's receipt; the admissions office opens it on
 * Admissions review → Bank transfers and confirms it; she then reads her fee as paid. Both pages
 * pass axe at desktop and phone widths. Data no other browser test reads: 林怡君's fee order.
 */
const LIN: Applicant = { kind: 'doctor', userRegisterType: RegisterType.DOCTOR_HMT, number: '2027400002', name: '林怡君', password: DEMO_PASSWORD };
const OFFICE: Staff = { kind: 'staff', loginName: 'admin', name: '周杰', password: DEMO_PASSWORD };
const FEE_PAGE = '/payManage/pay';
const OFFICE_PAGE = '/admissions/offlinePayments';
/** A one-page PDF, as a bank's app would save the transfer's confirmation. */
const SLIP = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const transferSection = (page: Page) => page.getByRole('region', { name: 'Pay by bank transfer' });

/** axe finds nothing serious, on a desktop and on a phone (390 x 844); the page never scrolls sideways on the phone. */
async function accessibleAtBothWidths(page: Page, ready: () => Promise<void>): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await ready();
    expect(await seriousViolations(page)).toEqual([]);
    if (viewport === PHONE) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  }
  await page.setViewportSize(DESKTOP);
}

test.describe('paying the fee by bank transfer', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  let orderNo = '';

  test('a Taiwan applicant finds the account and her order number, and uploads her receipt', async ({ page }) => {
    await signIn(page, LIN);
    await page.goto(FEE_PAGE);
    await expect(page.getByRole('heading', { level: 2, name: 'Pay online' })).toBeVisible();
    const section = transferSection(page);
    await expect(section.getByTestId('transfer-accountName')).toContainText('Gradus Demo University');
    await expect(section.getByTestId('transfer-amount')).toContainText('200.00');
    orderNo = ((await section.getByTestId('transfer-order-no').textContent()) ?? '').trim();
    expect(orderNo).toMatch(/^AF2027[0-9A-F]{12}$/);
    await expect(section).toContainText(`write ${orderNo} in the transfer’s remarks`);
    await accessibleAtBothWidths(page, () => expect(section.getByRole('button', { name: /Upload the transfer receipt/ })).toBeEnabled());
    await screenshot(page, 'payment-bank-transfer', 'en');

    await section.locator('input[type="file"]').setInputFiles({ name: 'transfer-slip.pdf', mimeType: 'application/pdf', buffer: SLIP });
    await expect(section.getByText('Waiting for confirmation')).toBeVisible();
    await expect(section.getByRole('button', { name: 'transfer-slip.pdf' })).toBeVisible();
    await expect(section.getByRole('button', { name: /Upload the transfer receipt/ })).toBeDisabled();
    // Paying online as well is paused while the receipt waits.
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeDisabled();
    await page.reload();
    await expect(transferSection(page).getByText('Waiting for confirmation')).toBeVisible();
    await accessibleAtBothWidths(page, () => expect(transferSection(page).getByText('Waiting for confirmation')).toBeVisible());
  });

  test('the office opens the receipt and confirms the transfer', async ({ page }) => {
    await signIn(page, OFFICE);
    await page.goto(OFFICE_PAGE);
    await expect(page.getByRole('heading', { level: 1, name: 'Bank transfers' })).toBeVisible();
    const table = page.locator('.offline-payments__table');
    await expect(table).toContainText('2027400002 林怡君');
    await expect(table).toContainText(orderNo);
    await accessibleAtBothWidths(page, () => expect(page.getByRole('button', { name: 'Confirm the transfer of 林怡君' })).toBeVisible());

    // The receipt comes through the staff file-download call, as an applicant's materials do.
    const fetched = page.waitForResponse((r) => r.url().endsWith('/mucgrs-service/system/files/getFileByte'));
    await page.getByRole('button', { name: 'Open the receipt of 林怡君: transfer-slip.pdf' }).click();
    const file = await fetched;
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('application/pdf');

    await page.getByRole('button', { name: 'Confirm the transfer of 林怡君' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Confirm the transfer of 林怡君 (2027400002)');
    await dialog.getByLabel('Bank reference (optional)').fill('BOC-2027-0042');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-offline-payments-confirm', 'en');
    await clickUntilClosed(dialog, 'Confirm payment');
    await expect(page.getByRole('button', { name: 'Confirm the transfer of 林怡君' })).toHaveCount(0);

    // Decided receipts are one filter away, with who confirmed it.
    await pick(page, page.getByRole('combobox', { name: 'State' }), 'Confirmed');
    await expect(table).toContainText('BOC-2027-0042');
    await expect(table).toContainText('周杰');
  });

  test('the applicant reads her fee as paid', async ({ page }) => {
    await signIn(page, LIN);
    await page.goto(FEE_PAGE);
    await expect(page.getByText('Your application fee is paid')).toBeVisible();
    await expect(page.getByText('Recorded by the graduate school')).toBeVisible();
    await expect(page.getByTestId('payment-order-no')).toHaveText(orderNo);
    await accessibleAtBothWidths(page, () => expect(page.getByText('Your application fee is paid')).toBeVisible());
  });
});
