import { registerApplicant } from '../fixtures/api';
import { CAPTCHA_CODE } from '../fixtures/env';
import { expect, signInWithForm, test } from '../fixtures/app';
import { resetLinkFor } from '../fixtures/mail';
import { shell } from '../fixtures/shell';

/** Forgotten numbers and passwords, on accounts registered for the test so the demo accounts stay as they are. */
test.describe('account help on the sign-in screen', () => {
  test('an applicant who forgot the registration number finds it with name and ID number', async ({ page }) => {
    const applicant = await registerApplicant(page.request);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot registration number?' }).click();
    await expect(page.getByRole('heading', { name: 'Find my registration number', level: 1 })).toBeVisible();

    // Nothing filled in: each field says what it needs, and nothing is looked up.
    await page.getByRole('button', { name: 'Find my number' }).click();
    await expect(page.getByText('Please enter Full name.')).toBeVisible();
    await expect(page.getByText('Please enter ID number.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Full name' }).fill(applicant.name);
    await page.getByRole('textbox', { name: 'ID number' }).fill(applicant.idNumber);
    await page.getByRole('textbox', { name: 'Verification code' }).fill(CAPTCHA_CODE);
    await page.getByRole('button', { name: 'Find my number' }).click();

    await expect(page.getByText('We found your account')).toBeVisible();
    await expect(page.getByLabel('Registration number')).toHaveText(applicant.number);
    await page.getByRole('button', { name: 'Go to sign in' }).click();
    await expect(page.getByRole('textbox', { name: 'Registration number' })).toHaveValue(applicant.number);
  });

  test('an applicant resets a forgotten password by answering the security question, then signs in with it', async ({ page }) => {
    test.setTimeout(75_000);
    const applicant = await registerApplicant(page.request);
    const newPassword = `Answered-${Date.now().toString(36)}`;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset password', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'By security question' })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('textbox', { name: 'Full name' }).fill(applicant.name);
    await page.getByRole('textbox', { name: 'ID number' }).fill(applicant.idNumber);
    await page.getByRole('textbox', { name: 'Verification code' }).fill(CAPTCHA_CODE);
    await page.getByRole('button', { name: 'Next' }).click();

    // The account and its question are shown back.
    await expect(page.getByText(applicant.number)).toBeVisible();
    await expect(page.getByText(applicant.securityQuestion)).toBeVisible();

    // A wrong answer is refused with a message and changes nothing.
    await page.getByRole('textbox', { name: 'Security answer' }).fill('Shanghai');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm password' }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Verification code' }).fill(CAPTCHA_CODE);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /answer|incorrect|wrong/i })).toBeVisible();
    await expect(page.getByText('Your password has been changed')).toBeHidden();

    await page.getByRole('textbox', { name: 'Security answer' }).fill(applicant.securityAnswer);
    await page.getByRole('textbox', { name: 'Verification code' }).fill(CAPTCHA_CODE);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your password has been changed')).toBeVisible();

    await page.getByRole('button', { name: 'Go to sign in' }).click();
    await signInWithForm(page, { ...applicant, password: newPassword });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(shell.fact(page, 'Registration number')).toHaveText(applicant.number);
  });

  test('an applicant resets the password through the emailed link, which works once', async ({ page }) => {
    test.setTimeout(75_000);
    const applicant = await registerApplicant(page.request);
    const newPassword = `Mailed-${Date.now().toString(36)}`;

    await page.goto('/login/forgot-password');
    await page.getByRole('tab', { name: 'By email' }).click();
    const form = page.getByRole('tabpanel', { name: 'By email' });
    await form.getByRole('textbox', { name: 'Registration or candidate number' }).fill(applicant.number);
    await form.getByRole('textbox', { name: 'ID number' }).fill(applicant.idNumber);
    await form.getByRole('textbox', { name: 'Email' }).fill(applicant.email);
    await form.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect(page.getByText('Check your mailbox')).toBeVisible();

    const link = await resetLinkFor(applicant.email);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Reset password - Graduate Admissions Portal');

    // A mismatch is caught before anything is sent.
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm password' }).fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('The two passwords do not match.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Confirm password' }).fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your password has been changed')).toBeVisible();

    await page.getByRole('button', { name: 'Go to sign in' }).click();
    await signInWithForm(page, { ...applicant, password: newPassword });
    await expect(page).toHaveURL(/\/dashboard$/);

    // The same link a second time is refused.
    await shell.chooseFromUserMenu(page, 'Log out');
    await page.goto(link);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(`${newPassword}-again`);
    await page.getByRole('textbox', { name: 'Confirm password' }).fill(`${newPassword}-again`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /link/i })).toBeVisible();
    await expect(page.getByText('Your password has been changed')).toBeHidden();
  });

  test('a reset link without its token says it is incomplete', async ({ page }) => {
    await page.goto('/auth-redirect');
    await expect(page.getByText('This link is incomplete')).toBeVisible();
    await page.getByRole('button', { name: 'Go to sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
