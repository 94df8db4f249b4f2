import { seriousViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/app';

/** zh-TW is generated from zh-CN (npm run locales:zh-TW): these are its converted strings. */
test.describe('with a Hong Kong browser', () => {
  test.use({ locale: 'zh-HK' });

  test('the sign-in screen is in Traditional Chinese, and passes axe', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: '登入', level: 1 })).toBeVisible();
    // antd spaces out a two-character button label: 登 入.
    await expect(page.locator('form#login').getByRole('button', { name: /^登\s?入$/ })).toBeVisible();
    await expect(page).toHaveTitle('登入 - 研究生招生平臺');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    await expect(page.getByRole('group', { name: '語言', exact: true }).getByRole('button', { name: '繁體中文' })).toHaveAttribute('aria-pressed', 'true');

    expect(await seriousViolations(page), 'sign-in screen in zh-TW').toEqual([]);
  });

  test('the server answers in Traditional Chinese too', async ({ page }) => {
    const res = await page.request.post('/api/v1/client/loginRecruit', { data: {}, headers: { 'Accept-Language': 'zh-HK' } });
    const reply = (await res.json()) as { code: number; msg: string };
    expect(reply.code).toBe(400);
    expect(reply.msg).toContain('不能為空');
  });
});
