import type { Locator, Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '@gradus/contract';
import { baseURL, DEMO } from '../fixtures/env';
import { seriousViolations } from '../fixtures/axe';
import { expect, signIn, test } from '../fixtures/app';
import { DESKTOP, PHONE, screenshot, TABLET } from '../fixtures/screenshots';

/**
 * The back office's dashboard (issue #9) in a real Chromium against the demo: the office and a
 * secretary open it from the menu, its numbers are the list's, a card opens the list it counts,
 * the charts are drawn on a canvas, and it passes axe at desktop, tablet and phone widths.
 */
const DASHBOARD = '/admissions/dashboard';
const card = (page: Page, name: RegExp) => page.getByRole('list', { name: 'Where applications stand' }).getByRole('link', { name });
const numberIn = async (locator: Locator) => Number((await locator.textContent())?.replace(/\D/g, ''));

/** Pixels the chart painted: a canvas that is there but blank would pass a mere presence check. */
async function paintedPixels(chart: Locator): Promise<number> {
  const canvas = chart.locator('canvas').first();
  await expect(canvas).toBeVisible();
  return canvas.evaluate((c: HTMLCanvasElement) => {
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted += 1;
    return painted;
  });
}

/**
 * The card's number and the total of the list it opens, read again until they agree: other tests
 * share the demo and may move an applicant between the two readings.
 */
async function cardMatchesList(page: Page, name: RegExp, filter: RegExp): Promise<number> {
  let shown = 0;
  await expect(async () => {
    await page.goto(DASHBOARD);
    const link = card(page, name);
    shown = await numberIn(link.locator('.ant-statistic-content-value'));
    await link.click();
    await expect(page).toHaveURL(filter);
    await expect(page.locator('.applications__count')).toHaveText(/Applications: \d+/);
    expect(await numberIn(page.locator('.applications__count'))).toBe(shown);
  }).toPass({ timeout: 40_000 });
  return shown;
}

test.describe('the staff dashboard', () => {
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  test('the office opens it from the menu; its numbers are the list totals and the charts are drawn', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/');
    await page.getByRole('navigation').getByText('Admissions review').click();
    await page.getByRole('navigation').getByRole('link', { name: 'Overview' }).click();
    await expect(page).toHaveURL(/\/admissions\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByText('Recruitment year 2027: the applications your role covers, as of now.')).toBeVisible();

    for (const chart of ['chart-submissions', 'chart-programmes', 'chart-experts']) {
      await expect.poll(() => paintedPixels(page.getByTestId(chart)), { message: `${chart} is painted` }).toBeGreaterThan(500);
    }
    // The charts' figures are there for a screen reader too.
    await expect(page.getByRole('table', { name: 'Submissions per day, last 30 days' }).getByRole('row')).toHaveCount(31);
    await expect(page.getByRole('table', { name: 'Expert reviews' }).getByRole('row', { name: /^赵敏 \d+ \d+ \d+$/ })).toHaveCount(1);

    // The photo queue's card leads to the queue.
    await page.getByTestId('photos-waiting').click();
    await expect(page).toHaveURL(/\/admissions\/photos$/);

    expect(await cardMatchesList(page, /^All applications\s*\d+/, /area=doctor&recruitYear=2027$/)).toBeGreaterThan(50);
    expect(await cardMatchesList(page, /^Photo waiting for review\s*\d+/, /photo=uploaded/)).toBeGreaterThan(0);
  });

  test("a secretary's dashboard is their school's, and a card opens from the keyboard", async ({ page }) => {
    await signIn(page, DEMO.secretary);
    await page.goto('/');
    await page.getByRole('navigation').getByText('Admissions review').click();
    await page.getByRole('navigation').getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    // Only the School of Computer Science's programme is counted.
    const programmes = page.getByRole('table', { name: 'By programme' }).locator('tbody th');
    await expect(programmes.first()).toBeAttached();
    for (const programme of await programmes.allTextContents()) expect(programme).toBe('Computer Science and Technology (PhD)');

    const submitted = await cardMatchesList(page, /^Submitted\s*\d+/, /formStatus=submitted/);
    expect(submitted).toBeGreaterThan(0);
    const all = await cardMatchesList(page, /^All applications\s*\d+/, /recruitYear=2027$/);
    expect(all).toBeLessThan(60);

    await page.goto(DASHBOARD);
    const paid = card(page, /^Fee paid\s*\d+/);
    await paid.focus();
    await expect(paid).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/payment=paid/);
  });
});

for (const { form, viewport } of [
  { form: 'desktop', viewport: DESKTOP },
  { form: 'tablet', viewport: TABLET },
  { form: 'phone', viewport: PHONE },
] as const) {
  for (const { lang, title } of [
    { lang: 'en', title: 'Overview' },
    { lang: 'zh-CN', title: '工作概览' },
  ] as const) {
    test(`the staff dashboard looks right and passes axe (${form}, ${lang})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, DEMO.admin);
      await page.goto(DASHBOARD);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect.poll(() => paintedPixels(page.getByTestId('chart-experts'))).toBeGreaterThan(500);
      // Nothing wider than the screen: the cards wrap and the charts take the width they are given.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, 'staff-dashboard', lang);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}
