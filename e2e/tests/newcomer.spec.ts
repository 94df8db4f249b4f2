import { CAPTCHA_CODE, DEMO } from '../fixtures/env';
import { checkCharacter, mainlandIdNumber, wrongCheckCharacter } from '../fixtures/id-number';
import { RegisterType } from '@gradus/contract';
import { chooseRegisterType, expect, signInWithForm, test } from '../fixtures/app';
import { chooseFromDropdown } from '../fixtures/controls';
import { finishRegistration } from '../fixtures/journey';
import { shell } from '../fixtures/shell';

/** Issue #3, "Done when": the whole first visit of a new doctoral applicant, then a summer-camp applicant. */
test.describe('a newcomer', () => {
  test('registers as a doctoral applicant, signs in with the issued number and finds their settings after a reload', async ({ page }) => {
    test.setTimeout(90_000);
    const idNumber = mainlandIdNumber();
    const password = `First-visit-${Date.now().toString(36)}`;

    await page.goto('/login');
    await page.getByRole('link', { name: 'No account? Register now' }).click();
    await expect(page).toHaveURL(/\/login\/register$/);
    await expect(page.getByRole('heading', { name: 'Create your account', level: 1 })).toBeVisible();
    await chooseRegisterType(page, RegisterType.DOCTOR_ASSESSMENT);

    await page.getByRole('textbox', { name: 'Full name' }).fill('林晓');

    // The ID number is checked while it is typed.
    const idField = page.getByRole('textbox', { name: 'ID number' });
    const first17 = idNumber.slice(0, 17);
    await idField.pressSequentially(first17);
    await expect(page.getByText('A mainland ID number has 18 characters.')).toBeVisible();
    await idField.press(wrongCheckCharacter(first17));
    await expect(page.getByText('The last character does not match; please check the ID number.')).toBeVisible();
    await idField.press('Backspace');
    await idField.press(checkCharacter(first17));
    await expect(page.getByText('The last character does not match; please check the ID number.')).toBeHidden();
    await expect(page.getByText('A mainland ID number has 18 characters.')).toBeHidden();
    // The 17th digit tells the sex; the form fills it in.
    const sex = Number(idNumber[16]) % 2 === 1 ? 'Male' : 'Female';
    await expect(page.getByRole('radio', { name: sex, exact: true })).toBeChecked();

    const number = await finishRegistration(page, 'newcomer', password);

    // The issued number, shown big, with the advice to write it down.
    await expect(page.getByText('Registration complete')).toBeVisible();
    await expect(page.getByText('Write down your Registration number now: you need it to sign in.')).toBeVisible();

    await page.getByRole('button', { name: 'Go to sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('textbox', { name: 'Registration number' })).toHaveValue(number);
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    await page.getByRole('textbox', { name: 'Verification code' }).fill(CAPTCHA_CODE);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // The doctoral shell, with the number just issued.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('banner')).toContainText('Doctoral registration management system');
    await expect(shell.fact(page, 'Registration number')).toHaveText(number);
    await expect(page.getByRole('main')).toContainText('Welcome, 林晓.');

    // Japanese, large text, a purple theme.
    await shell.switchLanguage(page, '日本語');
    await expect(shell.heading(page)).toHaveText('注意事項');
    const sizeButton = page.getByRole('button', { name: '文字サイズ' });
    const heightBefore = (await sizeButton.boundingBox())?.height ?? 0;
    await chooseFromDropdown(page, sizeButton, '大', true);
    await expect.poll(async () => (await sizeButton.boundingBox())?.height ?? 0).toBeGreaterThan(heightBefore);
    // The size change is animated: take the height once it has settled, not mid-way (CI once read 36.1 of 40).
    let heightLarge = 0;
    await expect
      .poll(async () => {
        const previous = heightLarge;
        heightLarge = (await sizeButton.boundingBox())?.height ?? 0;
        return heightLarge === previous;
      }, { intervals: [250] })
      .toBe(true);

    await page.getByRole('button', { name: 'ページ設定' }).click();
    const purple = page.getByRole('radio', { name: 'テーマカラー #722ed1' });
    await purple.click();
    await expect(purple).toHaveAttribute('aria-checked', 'true');
    // The colour shows where the theme colour shows: the current menu entry and the current tab.
    const currentEntry = shell.sidebar(page, 'メインメニュー').getByRole('link', { name: '注意事項' });
    const activeTab = shell.tabs(page, '開いているページ').locator('li').filter({ has: page.getByRole('link', { name: '注意事項' }) });
    await expect(currentEntry).toHaveCSS('color', 'rgb(114, 46, 209)');
    await expect.soft(activeTab, 'the current tab is drawn in the theme colour').toHaveCSS('background-color', 'rgb(114, 46, 209)', { timeout: 2000 });
    await page.keyboard.press('Escape');

    await page.reload();

    // Everything as they left it.
    await expect(shell.heading(page)).toHaveText('注意事項');
    await expect(page.getByRole('banner')).toContainText('博士課程出願管理システム');
    await expect(shell.fact(page, '登録番号')).toHaveText(number);
    await expect(currentEntry).toHaveCSS('color', 'rgb(114, 46, 209)');
    await expect.soft(activeTab, 'the current tab is drawn in the theme colour').toHaveCSS('background-color', 'rgb(114, 46, 209)', { timeout: 2000 });
    await expect.poll(async () => (await sizeButton.boundingBox())?.height ?? 0).toBe(heightLarge);
    await page.getByRole('button', { name: 'ページ設定' }).click();
    await expect(page.getByRole('radio', { name: 'テーマカラー #722ed1' })).toHaveAttribute('aria-checked', 'true');
  });

  test('the demo summer-camp applicant sees the summer-camp title and no change-password', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, DEMO.summerCamp);

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('banner')).toContainText('Summer camp registration management system');
    await expect(shell.fact(page, 'Candidate number')).toHaveText(DEMO.summerCamp.number);
    const menu = await shell.openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Change password' })).toHaveCount(0);
  });
});
