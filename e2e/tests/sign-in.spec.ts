import { DEMO } from '../fixtures/env';
import { expect, signIn, signInWithForm, test } from '../fixtures/app';
import { shell } from '../fixtures/shell';

test.describe('signing in and out', () => {
  test('a deep link opened while signed out asks for sign-in, then opens that page with its query', async ({ page }) => {
    await page.goto('/profile?section=notes&from=mail');

    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%3Fsection%3Dnotes%26from%3Dmail$/);
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();

    await signInWithForm(page, DEMO.doctor);

    await expect(page).toHaveURL(/\/profile\?section=notes&from=mail$/);
    await expect(shell.heading(page)).toHaveText('My account');
    await expect(page.getByTestId('profile-number')).toHaveText(DEMO.doctor.number);
  });

  test('a summer-camp applicant signs in with candidate number and name and lands on the notes page', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, DEMO.summerCamp);

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(shell.heading(page)).toHaveText('Notes and precautions');
    await expect(page).toHaveTitle('Notes and precautions - Graduate Admissions Portal');
  });

  test('a wrong password keeps the applicant on the sign-in screen with a message', async ({ page }) => {
    await page.goto('/login?redirect=%2Fprofile');
    await signInWithForm(page, { ...DEMO.tuimian, password: 'Not-the-password-1' });

    await expect(page.getByRole('alert').filter({ hasText: 'Candidate number, name or password is incorrect.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
    // The used captcha is single-use: the code field is cleared for the next try.
    await expect(page.getByRole('textbox', { name: 'Verification code' })).toHaveValue('');
  });

  test('a signed-in applicant who opens /login is sent to the notes page', async ({ page }) => {
    await signIn(page, DEMO.doctor);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(shell.heading(page)).toHaveText('Notes and precautions');
  });

  test('logging out returns to the sign-in screen with a way back to the page', async ({ page }) => {
    await signIn(page, DEMO.doctor);
    await page.goto('/profile');
    await expect(shell.heading(page)).toHaveText('My account');

    await shell.chooseFromUserMenu(page, 'Log out');

    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    // The session is really gone: the page behind it asks for sign-in again.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  });

  test('logging out from the change-password page returns to plain sign-in', async ({ page }) => {
    await signIn(page, DEMO.doctor);
    await page.goto('/resetPassword');
    await expect(shell.heading(page)).toHaveText('Change password');

    await shell.chooseFromUserMenu(page, 'Log out');

    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown address shows "Page not found" with a way home', async ({ page }) => {
    await signIn(page, DEMO.doctor);
    await page.goto('/no/such/page?x=1');

    await expect(page).toHaveURL(/\/error\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found - Graduate Admissions Portal');

    await page.getByRole('button', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
