import { DEMO } from '../fixtures/env';
import { expect, signIn, test } from '../fixtures/app';
import { shell } from '../fixtures/shell';

test.describe('the tab strip of opened pages', () => {
  test('typed text survives switching tabs; close others keeps the notes tab; refresh starts the page afresh', async ({ page }) => {
    await signIn(page, DEMO.doctor);
    await page.goto('/dashboard');
    await expect(shell.tab(page, 'Notes and precautions')).toBeVisible();

    // Three pages: the notes (fixed tab), my account, change password.
    await shell.chooseFromUserMenu(page, 'My account');
    await expect(page).toHaveURL(/\/profile$/);
    const note = page.getByRole('textbox', { name: /Personal notes/ });
    await note.fill('Bring my passport to the interview');
    await shell.chooseFromUserMenu(page, 'Change password');
    await expect(page).toHaveURL(/\/resetPassword$/);
    await page.getByRole('textbox', { name: 'Current password' }).fill('half-typed');

    const tabs = shell.tabs(page).getByRole('link');
    await expect(tabs).toHaveText(['Notes and precautions', 'My account', 'Change password']);
    await expect(shell.tab(page, 'Change password')).toHaveAttribute('aria-current', 'page');

    // Away and back: what was typed is still there, on both pages.
    await shell.tab(page, 'Notes and precautions').click();
    await expect(shell.heading(page)).toHaveText('Notes and precautions');
    await shell.tab(page, 'My account').click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(note).toHaveValue('Bring my passport to the interview');
    await shell.tab(page, 'Change password').click();
    await expect(page.getByRole('textbox', { name: 'Current password' })).toHaveValue('half-typed');

    // Close others from "My account": the fixed notes tab stays, change password goes.
    await shell.tab(page, 'My account').click();
    await shell.tabAction(page, 'Close others');
    await expect(tabs).toHaveText(['Notes and precautions', 'My account']);
    await expect(note).toHaveValue('Bring my passport to the interview');
    // The fixed tab cannot be closed.
    await expect(shell.tabs(page).getByRole('button', { name: 'Close Notes and precautions' })).toHaveCount(0);

    // Refresh reloads the page: the tab stays, the draft is gone.
    await shell.tabAction(page, 'Refresh');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(tabs).toHaveText(['Notes and precautions', 'My account']);
    await expect(note).toHaveValue('');

    // A reopened closed page starts empty too.
    await shell.chooseFromUserMenu(page, 'Change password');
    await expect(page.getByRole('textbox', { name: 'Current password' })).toHaveValue('');

    // Closing the current tab moves to the last one left.
    await shell.tabs(page).getByRole('button', { name: 'Close Change password' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(tabs).toHaveText(['Notes and precautions', 'My account']);

    // Close all keeps only the fixed tab and shows it.
    await shell.tabAction(page, 'Close all');
    await expect(tabs).toHaveText(['Notes and precautions']);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
