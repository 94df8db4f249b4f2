import { DEMO } from '../fixtures/env';
import { expect, signIn, test } from '../fixtures/app';
import { shell } from '../fixtures/shell';

/** The role decides title, number label, change-password and menus (spec 6). */
test.describe('doctoral and summer-camp applicants see their own shell', () => {
  test('a doctoral applicant sees the doctoral system, their registration number and can change the password', async ({ page }) => {
    await signIn(page, DEMO.doctor);
    await page.goto('/');

    await expect(page).toHaveURL(/\/dashboard$/);
    const header = page.getByRole('banner');
    await expect(header).toContainText('Admissions platform');
    await expect(header).toContainText('Doctoral registration management system');
    await expect(header).not.toContainText('Summer camp registration management system');
    await expect(shell.fact(page, 'Registration number')).toHaveText(DEMO.doctor.number);
    await expect(header.getByRole('term').filter({ hasText: 'Candidate number' })).toHaveCount(0);
    await expect(shell.fact(page, 'User type')).toHaveText('Applicant');
    await expect(shell.fact(page, 'Admissions year')).toHaveText('2027');

    // Menus: the notes page, and no summer-camp group.
    const sidebar = shell.sidebar(page);
    await expect(sidebar.getByRole('link', { name: 'Notes and precautions' })).toBeVisible();
    await expect(sidebar).not.toContainText('Summer camp registration');
    await expect(sidebar).not.toContainText('Camp admission');

    const menu = await shell.openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Change password' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/resetPassword$/);
    await expect(shell.heading(page)).toHaveText('Change password');
    await expect(page.getByRole('button', { name: 'Change password', exact: true })).toBeVisible();
  });

  test('a summer-camp applicant sees the summer-camp system, their candidate number and no password change', async ({ page }) => {
    await signIn(page, DEMO.summerCamp);
    await page.goto('/');

    const header = page.getByRole('banner');
    await expect(header).toContainText('Summer camp registration management system');
    await expect(header).not.toContainText('Doctoral registration management system');
    await expect(shell.fact(page, 'Candidate number')).toHaveText(DEMO.summerCamp.number);
    await expect(header.getByRole('term').filter({ hasText: 'Registration number' })).toHaveCount(0);

    const sidebar = shell.sidebar(page);
    await expect(sidebar.getByRole('link', { name: 'Notes and precautions' })).toBeVisible();
    await expect(sidebar).not.toContainText('Fill in registration information');
    await expect(sidebar).not.toContainText('Print admission ticket');

    const menu = await shell.openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'My account' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Change password' })).toHaveCount(0);

    // Typing the address does not offer it either.
    await page.goto('/resetPassword');
    await expect(page.getByText('Password change is not offered for this account type.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change password', exact: true })).toHaveCount(0);
  });

  test('each applicant reads the notes of their own area', async ({ page }) => {
    await signIn(page, DEMO.doctor);
    await page.goto('/dashboard');
    await expect(page.getByRole('main')).toContainText('Doctoral applicants: please read');
    await expect(page.getByRole('main')).toContainText(`Welcome, ${DEMO.doctor.name}.`);

    await shell.chooseFromUserMenu(page, 'Log out');
    await signIn(page, DEMO.summerCamp);
    await page.goto('/dashboard');
    await expect(page.getByRole('main')).toContainText(`Welcome, ${DEMO.summerCamp.name}.`);
    await expect(page.getByRole('main')).not.toContainText('Doctoral applicants: please read');
  });
});
