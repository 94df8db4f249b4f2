import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE, RegisterType } from '@gradus/contract';
import { expect, signIn, test } from '../fixtures/app';
import { baseURL, DEMO_PASSWORD, type Applicant } from '../fixtures/env';
import { DESKTOP } from '../fixtures/screenshots';

/**
 * Issue #11's "Done when", kept true: every demo applicant of the README signs in and opens every
 * page of their sidebar, each in a different language (the five languages go round), and finds real
 * content on each: a heading, no page still loading, no error or "not found" page, no message key
 * shown in place of its text. What each page says is the business of its own tests; this walk
 * catches the page a new stage or a new language left broken. It only reads.
 */
const LANGUAGES = ['en', 'zh-CN', 'es', 'ja', 'zh-TW'] as const;

const doctor = (number: string, name: string, type: number = RegisterType.DOCTOR_ASSESSMENT): Applicant => ({ kind: 'doctor', userRegisterType: type, number, name, password: DEMO_PASSWORD });
const master = (number: string, name: string, type: number): Applicant => ({ kind: 'master', userRegisterType: type, number, name, password: DEMO_PASSWORD });

const DEMO_APPLICANTS: readonly Applicant[] = [
  doctor('2027100001', '张伟'),
  doctor('2027200001', '刘洋', RegisterType.DOCTOR_SUCCESSIVE),
  doctor('2027400001', '陳嘉欣', RegisterType.DOCTOR_HMT),
  doctor('2027400002', '林怡君', RegisterType.DOCTOR_HMT),
  doctor('2027100002', '王磊'),
  master('2027300001', '李娜', RegisterType.SUMMER_CAMP),
  master('2027300011', '陈思远', RegisterType.SUMMER_CAMP),
  master('2027300012', '黄子涵', RegisterType.SUMMER_CAMP),
  master('2027300009', '刘嘉', RegisterType.SUMMER_CAMP),
  master('2027300014', '唐宁', RegisterType.SUMMER_CAMP),
  master('2027500001', '王芳', RegisterType.TUIMIAN),
  master('2027500002', '何思远', RegisterType.TUIMIAN),
  master('2027500003', '罗欣怡', RegisterType.TUIMIAN),
];

/**
 * A message key shown as text (i18next answers a missing key with the key): dotted words, three or
 * more ('form.sex.2'), or two with a camelCase one ('route.notFound'). Web addresses and file names are not keys.
 */
function shownKeys(text: string): string[] {
  return [...text.matchAll(/\b[a-z][A-Za-z]*(?:\.[a-z0-9][A-Za-z0-9]*)+\b/g)]
    .map((m) => m[0])
    .filter((k) => k.split('.').length >= 3 || /[A-Z]/.test(k))
    .filter((k) => !/\.(edu|com|cn|org|net|hk|mo|tw|es|jp|pdf|jpg|png)$/.test(k));
}

/** Every page the sidebar offers: each group opened in turn (the menu may keep one open at a time). */
async function sidebarPages(page: Page): Promise<string[]> {
  const nav = page.locator('nav.sidebar-container:visible');
  await expect(nav.locator('a[href]').or(nav.locator('.ant-menu-submenu-title')).first()).toBeVisible();
  const hrefs = new Set<string>();
  const collect = async () => {
    for (const href of await nav.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) hrefs.add(href);
  };
  await collect();
  const groups = nav.locator('.ant-menu-submenu-title');
  for (let i = 0; i < (await groups.count()); i++) {
    const group = groups.nth(i);
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await collect();
  }
  return [...hrefs].filter((h) => h.startsWith('/') && h !== '/dashboard');
}

DEMO_APPLICANTS.forEach((applicant, i) => {
  const lang = LANGUAGES[i % LANGUAGES.length]!;
  test(`${applicant.name} (${applicant.number}) finds every page of the sidebar working, in ${lang}`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(DESKTOP);
    await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
    await signIn(page, applicant);
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    const pages = await sidebarPages(page);
    test.info().annotations.push({ type: 'pages', description: pages.join(' ') });
    // Every applicant has a form and somewhere to read where they stand.
    expect(pages.length, pages.join(', ')).toBeGreaterThanOrEqual(3);
    for (const path of pages) {
      await page.goto(path);
      await expect(page, path).toHaveURL((url) => url.pathname === path);
      await expect(main.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expect(main.locator('.ant-skeleton'), `${path} still loading`).toHaveCount(0, { timeout: 20_000 });
      await expect(main.locator('.ant-result-error, .ant-result-404, .ant-result-500'), `${path} shows an error`).toHaveCount(0);
      expect(shownKeys(await main.innerText()), `${path} shows message keys`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.lang), path).toBe(lang);
    }
  });
});
