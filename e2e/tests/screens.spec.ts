import type { Page } from '@playwright/test';
import { DEMO } from '../fixtures/env';
import { expect, signIn, test } from '../fixtures/app';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';
import { seriousViolations } from '../fixtures/axe';

/**
 * A picture of every screen at desktop and phone width in two languages (kept as CI artefacts under
 * e2e/artifacts/screenshots), each checked for the text a person should see there.
 */
const LANGS = [
  { lang: 'en', locale: 'en-US', signIn: 'Sign in', register: 'Create your account', notes: 'Notes and precautions', notFound: 'Page not found', expandMenu: 'Expand menu' },
  { lang: 'zh-CN', locale: 'zh-CN', signIn: '登录', register: '注册账号', notes: '注意事项', notFound: '页面不存在', expandMenu: '展开菜单' },
] as const;
const FORMS = [
  { form: 'desktop', viewport: DESKTOP },
  { form: 'phone', viewport: PHONE },
] as const;

async function h1(page: Page): Promise<string> {
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect(heading).toBeVisible();
  return (await heading.textContent())?.trim() ?? '';
}

for (const { form, viewport } of FORMS) {
  for (const l of LANGS) {
    test.describe(`every screen, ${form}, ${l.lang}`, () => {
      test.use({ viewport, locale: l.locale });

      test(`the sign-in screens and not-found look right (${form}, ${l.lang})`, async ({ page }) => {
        await page.goto('/login');
        expect(await h1(page)).toBe(l.signIn);
        await screenshot(page, 'login', l.lang);

        await page.goto('/login/register');
        expect(await h1(page)).toBe(l.register);
        await screenshot(page, 'register', l.lang);

        for (const screen of ['forgot-number', 'forgot-password'] as const) {
          await page.goto(`/login/${screen}`);
          await h1(page);
          await screenshot(page, screen, l.lang);
        }
        await page.goto('/auth-redirect?token=preview');
        await h1(page);
        await screenshot(page, 'auth-redirect', l.lang);

        await page.goto('/error/404');
        expect(await h1(page)).toBe(l.notFound);
        await screenshot(page, 'not-found', l.lang);
      });

      test(`the signed-in pages look right (${form}, ${l.lang})`, async ({ page }) => {
        await signIn(page, DEMO.doctor);
        await page.goto('/dashboard');
        expect(await h1(page)).toBe(l.notes);
        await expect(page.getByRole('main')).toContainText(DEMO.doctor.name);
        await screenshot(page, 'dashboard', l.lang);

        await page.goto('/profile');
        await expect(page.getByRole('main')).toContainText(DEMO.doctor.number);
        await screenshot(page, 'profile', l.lang);

        await page.goto('/resetPassword');
        await h1(page);
        await screenshot(page, 'change-password', l.lang);

        if (form === 'phone') {
          await page.goto('/dashboard');
          await page.getByRole('button', { name: l.expandMenu }).click();
          await expect(page.getByRole('navigation').filter({ has: page.getByRole('link', { name: l.notes }) }).first()).toBeVisible();
          await screenshot(page, 'menu-drawer', l.lang);
        }

        await signIn(page, DEMO.summerCamp);
        await page.goto('/dashboard');
        await expect(page.getByRole('main')).toContainText(DEMO.summerCamp.name);
        await screenshot(page, 'dashboard-summer-camp', l.lang);
      });
    });
  }
}

/** No serious or critical axe-core violation (WCAG 2.1 A and AA) on the screens everyone meets first. */
test.describe('accessibility', () => {
  for (const { form, viewport } of FORMS) {
    test.describe(form, () => {
      test.use({ viewport });

      test(`the sign-in, register and notes screens have no serious or critical violation (${form})`, async ({ page }) => {
        await page.goto('/login');
        await h1(page);
        expect(await seriousViolations(page), 'sign-in screen').toEqual([]);

        await page.goto('/login/register');
        await h1(page);
        expect(await seriousViolations(page), 'register screen').toEqual([]);

        await signIn(page, DEMO.doctor);
        await page.goto('/dashboard');
        await h1(page);
        expect(await seriousViolations(page), 'notes screen (dashboard)').toEqual([]);
      });
    });
  }
});
