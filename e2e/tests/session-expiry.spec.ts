import type { Route } from '@playwright/test';
import { revokeToken } from '../fixtures/api';
import { DEMO } from '../fixtures/env';
import { expect, signIn, test } from '../fixtures/app';
import { shell } from '../fixtures/shell';
import { pick } from '../fixtures/controls';

/**
 * A session that ends on the server while the page still holds its token: every call in flight comes
 * back 401, and the person sees one re-login dialog, not one per call (spec 4, 8).
 */
test.describe('an expired session', () => {
  test('several calls in flight when the session ends bring up exactly one re-login dialog', async ({ page }) => {
    // The administrator is the one account whose shell makes two calls at once: change password and role switch.
    const token = await signIn(page, DEMO.admin);

    // Hold both calls until both have been made, so they are in flight together.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    const hold = async (route: Route) => {
      held.push(route.request().url());
      await gate;
      await route.continue();
    };
    await page.route('**/api/v1/client/changePasswd', hold);
    await page.route('**/mucgrs-service/system/user/switchRole', hold);

    // Everything prepared first: the calls are held for less than the request layer's 5 s time-out.
    await page.goto('/profile');
    await pick(page, page.getByRole('combobox', { name: 'Switch role' }), 'Reviewer');
    await shell.chooseFromUserMenu(page, 'Change password');
    // A wrong current password: even if the session somehow survived, nothing would change.
    await page.getByRole('textbox', { name: 'Current password' }).fill('Not-the-current-password-1');
    await page.getByRole('textbox', { name: 'New password' }).fill('Another-pass-2027');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('Another-pass-2027');

    // The session ends on the server; the page does not know yet.
    await revokeToken(page.request, token);

    const answered = Promise.all([
      page.waitForResponse('**/api/v1/client/changePasswd'),
      page.waitForResponse('**/mucgrs-service/system/user/switchRole'),
    ]);
    await page.getByRole('button', { name: 'Change password', exact: true }).click();
    await shell.tab(page, 'My account').click();
    await page.getByRole('button', { name: 'Switch', exact: true }).click();
    await expect.poll(() => held.length).toBe(2);
    release();
    await answered;

    const dialogs = page.getByRole('dialog').filter({ hasText: 'Please sign in again' });
    await expect(dialogs).toHaveCount(1);
    await expect(dialogs).toContainText('Your login information is no longer valid.');
    // Nothing else pops up a moment later either.
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(1);

    // Cancel keeps the page; the next failing call asks again, once.
    await dialogs.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await shell.tab(page, 'Change password').click();
    await page.getByRole('button', { name: 'Change password', exact: true }).click();
    await expect(dialogs).toHaveCount(1);

    await dialogs.getByRole('button', { name: 'Sign in again' }).click();
    await expect(page).toHaveURL(/\/login(\?redirect=.*)?$/);
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('opening the portal with a session that has ended goes to sign-in with the way back', async ({ page }) => {
    const token = await signIn(page, DEMO.doctor);
    await revokeToken(page.request, token);

    await page.goto('/profile');

    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  });
});
