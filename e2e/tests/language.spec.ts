import { DEMO } from '../fixtures/env';
import { expect, signIn, test } from '../fixtures/app';
import { shell } from '../fixtures/shell';

test.describe('language', () => {
  test('switching to Japanese retranslates the open tabs and stays after a reload', async ({ page }) => {
    await signIn(page, DEMO.doctor);
    await page.goto('/dashboard');
    await shell.chooseFromUserMenu(page, 'My account');
    await expect(shell.tabs(page).getByRole('link')).toHaveText(['Notes and precautions', 'My account']);

    await shell.switchLanguage(page, '日本語');

    await expect(page.getByText('言語を切り替えました')).toBeVisible();
    const jaTabs = shell.tabs(page, '開いているページ').getByRole('link');
    await expect(jaTabs).toHaveText(['注意事項', 'マイアカウント']);
    await expect(shell.heading(page)).toHaveText('マイアカウント');
    await expect(page.getByRole('banner')).toContainText('博士課程出願管理システム');
    await expect(page).toHaveTitle('マイアカウント - 大学院入試ポータル');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');

    await page.reload();

    await expect(shell.heading(page)).toHaveText('マイアカウント');
    await expect(page.getByRole('banner')).toContainText('博士課程出願管理システム');
    await expect(shell.tab(page, '注意事項', '開いているページ')).toBeVisible();
    await expect(page).toHaveTitle('マイアカウント - 大学院入試ポータル');

    // And back: English everywhere again, also on the sign-in screen after logging out.
    await shell.switchLanguage(page, 'English', '言語');
    await expect(shell.tabs(page).getByRole('link', { name: 'Notes and precautions' })).toBeVisible();
    await shell.chooseFromUserMenu(page, 'Log out');
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  });

  test.describe('with a Chinese browser', () => {
    test.use({ locale: 'zh-CN' });

    test('the sign-in screen follows the browser language and remembers another choice', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: '登录', level: 1 })).toBeVisible();
      await expect(page).toHaveTitle('登录 - 研究生招生平台');

      await shell.switchLanguage(page, 'Español', '语言');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      const spanishTitle = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
      expect(spanishTitle).not.toBe('登录');

      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(spanishTitle);
    });
  });
});
