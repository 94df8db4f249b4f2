import { DEMO } from '../fixtures/env';
import { expect, signIn, test } from '../fixtures/app';
import { PHONE } from '../fixtures/screenshots';
import { shell } from '../fixtures/shell';

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test.describe('on a phone (390x844)', () => {
  test('the menu opens as a drawer and closes when a page is chosen', async ({ page }) => {
    await signIn(page, DEMO.doctor);
    await page.goto('/profile');
    await expect(shell.heading(page)).toHaveText('My account');
    // No sidebar taking half the screen.
    await expect(shell.sidebar(page)).toBeHidden();

    await page.getByRole('button', { name: 'Expand menu' }).click();
    await expect(shell.sidebar(page)).toBeVisible();

    await shell.sidebar(page).getByRole('link', { name: 'Notes and precautions' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(shell.heading(page)).toHaveText('Notes and precautions');
    await expect(shell.sidebar(page)).toBeHidden();
  });

  test('the header fits the phone: the applicant still sees the system name and their number', async ({ page }) => {
    await signIn(page, DEMO.doctor);
    await page.goto('/dashboard');
    await expect(page.getByRole('banner')).toContainText('Doctoral registration management system');
    await expect(shell.fact(page, 'Registration number')).toHaveText(DEMO.doctor.number);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the page scrolls sideways on a phone').toBeLessThanOrEqual(0);
  });
});
