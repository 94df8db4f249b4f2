import { RegisterType } from '@gradus/contract';
import { seriousViolations } from '../fixtures/axe';
import { CAPTCHA_CODE } from '../fixtures/env';
import { chooseRegisterType, expect, signInWithForm, test } from '../fixtures/app';
import { openMenu, pick } from '../fixtures/controls';

/**
 * Issue #11, Hong Kong, Macao and Taiwan applicants: a Taiwan applicant registers with her Taiwan
 * compatriot permit, a name with the middle dot and a +886 mobile, then finds her form asking for
 * the country code and not for a postcode. No mainland-only rule stands in her way.
 */
test('a Taiwan applicant registers with her permit and a +886 mobile, and her form needs no postcode', async ({ page }) => {
  test.setTimeout(90_000);
  // Eight digits no earlier run used (the same person may register once per type and year).
  const permit = String(10_000_000 + (Date.now() % 89_999_999)).slice(0, 8);
  const password = `Taipei-${Date.now().toString(36)}-Pw`;

  await page.goto('/login/register');
  await chooseRegisterType(page, RegisterType.DOCTOR_HMT);
  const name = page.getByRole('textbox', { name: 'Full name' });
  await name.fill('瑪拉‧達利');
  await expect(page.getByText('As on your permit, in Traditional or Simplified characters; a middle dot (·) between parts of the name is fine.')).toBeVisible();

  await pick(page, page.getByRole('combobox', { name: 'ID document type' }), 'Mainland travel permit for Taiwan residents');
  await expect(page.getByText('8 digits, as on your Taiwan compatriot permit.')).toBeVisible();
  const idNumber = page.getByRole('textbox', { name: 'ID number' });
  await idNumber.fill('1234567890');
  await expect(page.getByText('ID number is not in a valid format.')).toBeVisible();
  await idNumber.fill(permit);
  await expect(page.getByText('ID number is not in a valid format.')).toBeHidden();
  await page.getByRole('radio', { name: 'Female', exact: true }).check();

  await page.getByRole('textbox', { name: 'Email' }).fill(`taiwan-${Date.now().toString(36)}@example.edu`);
  await expect(page.getByText('With its country code: +852 Hong Kong, +853 Macao, +886 Taiwan (for example +852 9123 4567). A mainland number works too.')).toBeVisible();
  const mobile = page.getByRole('textbox', { name: 'Mobile phone' });
  await mobile.fill('0912345678');
  await mobile.blur();
  const needsCode = 'Please enter the mobile number with its country code, for example +852 9123 4567, +853 6123 4567 or +886 912 345 678.';
  await expect(page.getByText(needsCode)).toBeVisible();
  await mobile.fill('+886 912 345 678');
  await expect(page.getByText(needsCode)).toBeHidden();

  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(password);
  await page.getByRole('textbox', { name: 'Security question' }).fill('Name of my first school?');
  await page.getByRole('textbox', { name: 'Security answer' }).fill('Taipei First Girls');
  await page.getByRole('textbox', { name: 'Verification code' }).fill(CAPTCHA_CODE);
  await page.getByRole('button', { name: 'Register' }).click();
  const issued = page.getByLabel('Registration number');
  await expect(issued).toHaveText(/^20274\d{5}$/);
  const number = (await issued.textContent())?.trim() ?? '';

  await page.goto('/login');
  await signInWithForm(page, { kind: 'doctor', userRegisterType: RegisterType.DOCTOR_HMT, number, name: '瑪拉·達利', password });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('main')).toContainText('瑪拉·達利');

  await openMenu(page, 'Fill in registration information', 'Exam registration form');
  const contact = page.locator('#form-section-contact');
  // Registration's number, stored without the spaces typed, and the hint that says what a number needs.
  await expect(contact.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('+886912345678');
  await expect(contact.getByText('With its country code: +852 Hong Kong')).toBeVisible();
  await expect(contact.getByText('Leave it empty if your address has none (Hong Kong addresses have no postcode).')).toBeVisible();
  const postcode = contact.getByRole('textbox', { name: 'Postcode' });
  await postcode.fill('');
  await postcode.blur();
  await expect(contact.getByText('Please enter Postcode.')).toBeHidden();
  const formMobile = contact.getByRole('textbox', { name: 'Mobile number' });
  await formMobile.fill('912345678');
  await formMobile.blur();
  await expect(contact.getByText(needsCode)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
