import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '@gradus/contract';
import { baseURL, DEMO } from '../fixtures/env';
import { seriousViolations } from '../fixtures/axe';
import { expect, signIn, test } from '../fixtures/app';
import { reviewCodeFor, reviewLinkFor } from '../fixtures/mail';
import { DESKTOP, PHONE, screenshot, TABLET } from '../fixtures/screenshots';

/**
 * The material review (issue #9) in a real Chromium on the demo: the office assigns experts
 * automatically, an internal expert scores blind, an external expert scores by the link mailed to
 * them, and the ranked list shows the combined scores with their formula and records who
 * qualifies for the comprehensive assessment. In order: each step works on what the one before left.
 */
/** The demo's external expert whose link the suite follows (the other one's stays for the screenshots). */
const MARIA = { name: 'María García', email: 'maria.garcia@usal.example.es' };
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

async function pickProgramme(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Programme' }).click();
  await page.getByTitle(name).click();
}

test.describe('the material review', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  test('the office takes an expert off a file and the automatic assignment fills the place again', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/admissions/reviewSetup?tab=assign');
    await expect(page.getByRole('heading', { level: 1, name: 'Expert review setup' })).toBeVisible();
    await pickProgramme(page, 'Ethnology (PhD) ETH-PHD-030400');
    await expect(rows(page).last()).toBeVisible();
    // A file nobody has scored yet: its last row. Take one expert off.
    const row = rows(page).filter({ hasNotText: 'Submitted' }).last();
    const number = (await row.locator('td').first().textContent())!.trim();
    const tag = row.locator('.ant-tag').first();
    const expert = (await tag.textContent())!.trim();
    await row.getByRole('button', { name: `Remove ${expert}` }).click();
    const again = rows(page).filter({ hasText: number });
    await expect(again.getByText('1 missing')).toBeVisible();

    await page.getByRole('spinbutton', { name: 'Seed' }).fill('7');
    await page.getByRole('button', { name: 'Assign automatically' }).click();
    await expect(page.getByText('New assignments: 1.')).toBeVisible();
    await expect(again.getByText('1 missing')).toHaveCount(0);
    await expect(again.locator('.ant-tag')).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an internal expert scores a file blind, and sees the others once submitted', async ({ page }) => {
    await signIn(page, DEMO.reviewer);
    await page.goto('/admissions/reviews');
    await expect(page.getByRole('heading', { level: 1, name: 'My reviews' })).toBeVisible();
    await expect(page.getByText(/^Submitted \d+ of \d+$/)).toBeVisible();
    const open = rows(page).filter({ hasText: 'Not started' }).first();
    const name = (await open.locator('td').nth(1).textContent())!.trim();
    await open.getByRole('link', { name: `Score ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Material review of ${name}` })).toBeVisible();
    await expect(page.getByText('Other experts’ scores appear once you submit yours.')).toBeVisible();
    // The materials are beside the sheet.
    await expect(page.locator('.file-materials__viewer img, .file-materials__viewer iframe')).toBeVisible();

    const research = page.getByRole('textbox', { name: /^Research ability and output/ });
    await research.fill('45');
    await page.getByRole('textbox', { name: /^Research plan/ }).fill('30.5');
    await page.getByRole('textbox', { name: /^Foreign language/ }).fill('15');
    await page.getByRole('button', { name: 'Submit score' }).click();
    await expect(page.getByText('Between 0 and 40.')).toBeVisible();
    await research.fill('35');
    await expect(page.getByText('Total: 80.50 of 100.00')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Submit score' }).click();
    await expect(page.getByText('Score submitted.')).toBeVisible();
    await expect(page.getByText('Other experts’ scores appear once you submit yours.')).toHaveCount(0);
    await expect(page.locator('.scoring__others .ant-table')).toBeVisible();
  });

  test('the office records an external expert, refusing a bad address, and sees where the demo’s links stand', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/admissions/reviewSetup?tab=external');
    await expect(page.getByRole('tab', { name: 'External experts', selected: true })).toBeVisible();
    const maria = rows(page).filter({ hasText: MARIA.name });
    await expect(maria.getByText('Sent', { exact: true })).toBeVisible();
    await expect(maria.getByRole('button', { name: `Mail a new link to ${MARIA.name}` })).toBeVisible();

    await page.getByRole('button', { name: 'Add an external expert' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Kenji Sato');
    await dialog.getByLabel('Affiliation').fill('Kyoto University');
    await dialog.getByLabel('E-mail').fill('kenji.sato@');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Give a valid e-mail address, e.g. name@university.edu.')).toBeVisible();
    // The same address as a recorded expert: the server refuses, in the dialog.
    await dialog.getByLabel('E-mail').fill(MARIA.email);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(`An external expert with the address ${MARIA.email} is already recorded.`)).toBeVisible();
    await dialog.getByLabel('E-mail').fill('kenji.sato@kyoto-u.example.jp');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const kenji = rows(page).filter({ hasText: 'Kenji Sato' });
    await expect(kenji.getByText('Not sent')).toBeVisible();
    // No file yet: nothing to mail a link for.
    await expect(kenji.getByRole('button', { name: 'Mail the link to Kenji Sato' })).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an external expert opens the mailed link, confirms with the mailed code, declares, and scores', async ({ page, browser }) => {
    // A whole visit with seven axe checks: about 40 s alone, past 60 s on a loaded machine.
    test.setTimeout(120_000);
    const link = await reviewLinkFor(MARIA.email);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible();
    await expect(page.getByText(/we send a six-digit code to m\*\*\*@usal\.example\.es/)).toBeVisible();
    await screenshot(page, 'external-review-identity', 'en');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send me the code' }).click();
    await expect(page.getByText('A code was sent to m***@usal.example.es. It is valid for 10 minutes.')).toBeVisible();
    const code = await reviewCodeFor(MARIA.email);
    await page.getByLabel('Code from the mail').fill(code === '000000' ? '000001' : '000000');
    await page.getByLabel('Code from the mail').press('Enter');
    await expect(page.getByText('The code is not right. 4 tries left.')).toBeVisible();
    await page.getByLabel('Code from the mail').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Declaration of no conflict of interest' })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    const files = await rows(page).count();
    await screenshot(page, 'external-review-declaration', 'en');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Confirm and start the review' }).click();
    await expect(page.getByText('Tick the declaration to go on.')).toBeVisible();
    await page.getByRole('checkbox', { name: /I declare that I have no conflict of interest/ }).check();
    await page.getByRole('button', { name: 'Confirm and start the review' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Applications to review' })).toBeVisible();
    await expect(page.getByText(`Submitted 0 of ${files}`)).toBeVisible();
    await screenshot(page, 'external-review-list', 'en');
    expect(await seriousViolations(page)).toEqual([]);
    const first = rows(page).first();
    const name = (await first.locator('td').nth(1).textContent())!.trim();
    await first.getByRole('link', { name: `Score ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Material review of ${name}` })).toBeVisible();
    await expect(page.locator('.file-materials__viewer img, .file-materials__viewer iframe')).toBeVisible();
    await expect(page.getByText('Other experts’ scores appear once you submit yours.')).toBeVisible();
    await page.getByRole('textbox', { name: /^Research ability and output/ }).fill('36');
    await page.getByRole('textbox', { name: /^Research plan/ }).fill('33.5');
    await page.getByRole('textbox', { name: /^Foreign language/ }).fill('17');
    await expect(page.getByText('Total: 86.50 of 100.00')).toBeVisible();
    await screenshot(page, 'external-review-scoring', 'en');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Submit score' }).click();
    await expect(page.getByText('Score submitted.')).toBeVisible();
    await page.getByRole('button', { name: 'Back to my list' }).click();
    await expect(page.getByText(`Submitted 1 of ${files}`)).toBeVisible();
    // On a phone too: the list, and a file with its sheet below the materials.
    await page.setViewportSize(PHONE);
    await screenshot(page, 'external-review-list', 'en');
    expect(await seriousViolations(page)).toEqual([]);
    await rows(page).first().getByRole('link').click();
    await expect(page.locator('.score-form')).toBeVisible();
    await screenshot(page, 'external-review-scoring', 'en');
    expect(await seriousViolations(page)).toEqual([]);

    // The same link in another browser: the identity step was passed already, nothing opens.
    const other = await browser.newContext();
    const elsewhere = await other.newPage();
    await elsewhere.goto(link);
    await expect(elsewhere.getByText(/This link was already used to confirm an identity, in another browser/)).toBeVisible();
    await other.close();
  });

  test('the ranked list shows each combined score with its formula, and the cut-off records who qualifies', async ({ page }) => {
    await signIn(page, DEMO.admin);
    // The cut-off applies to final scores: the office closes the review first.
    await page.goto('/admissions/reviewSetup?tab=rules');
    await page.getByRole('button', { name: 'Close the review' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close the review' }).click();
    await expect(page.getByText(/^Closed since /)).toBeVisible();
    await page.goto('/admissions/ranking');
    await pickProgramme(page, 'Computer Science and Technology (PhD) CS-PHD-081200');
    await expect(page.getByText('Rule: Mean, at least 2 scores.')).toBeVisible();
    const ranked = rows(page).filter({ has: page.locator('code') });
    await expect(ranked.first()).toBeVisible();
    await expect(ranked.first().locator('code')).toHaveText(/^\(\d+\.\d\d \+ \d+\.\d\d\) \/ 2 = \d+\.\d\d$/);
    await expect(ranked.first().locator('td').first()).toHaveText('1');
    const top = Number((await ranked.first().locator('strong').textContent())!.trim());

    await page.getByRole('textbox', { name: 'Cut-off score' }).fill(String(Math.floor(top)));
    await expect(page.getByText(/^At or above the cut-off: [1-9]\d*$/)).toBeVisible();
    await page.getByRole('button', { name: 'Record who qualifies' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Record who qualifies' }).click();
    await expect(page.getByText(/^Recorded: \d+ qualified, \d+ not qualified, \d+ undecided\.$/)).toBeVisible();
    await expect(ranked.first().getByText('Qualified', { exact: true })).toBeVisible();
    await expect(ranked.first().getByText('At or above', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

for (const viewport of [DESKTOP, TABLET]) {
  for (const { lang, titles } of [
    { lang: 'en', titles: { setup: 'Expert review setup', ranking: 'Ranked lists', mine: 'My reviews' } },
    { lang: 'zh-CN', titles: { setup: '专家评审设置', ranking: '排名名单', mine: '我的评审' } },
  ] as const) {
    test(`the material review's pages look right and pass axe (${viewport.width}px, ${lang})`, async ({ page }) => {
      // Nine pages, each drawn and checked by axe: more than one page's time.
      test.slow();
      await page.setViewportSize(viewport);
      await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
      await signIn(page, DEMO.admin);
      for (const tab of ['rules', 'sheets', 'assign', 'external']) {
        await page.goto(`/admissions/reviewSetup?tab=${tab}`);
        await expect(page.getByRole('heading', { level: 1, name: titles.setup })).toBeVisible();
        await expect(page.locator('.ant-skeleton')).toHaveCount(0);
        await screenshot(page, `staff-review-setup-${tab}`, lang);
        expect(await seriousViolations(page)).toEqual([]);
      }
      await page.goto('/admissions/ranking');
      await expect(page.getByRole('heading', { level: 1, name: titles.ranking })).toBeVisible();
      await page.getByRole('combobox').first().click();
      await page.getByTitle(/CS-PHD-081200$/).click();
      await expect(rows(page).first()).toBeVisible();
      await screenshot(page, 'staff-ranking', lang);
      expect(await seriousViolations(page)).toEqual([]);

      await page.context().clearCookies({ name: 'Admin-Token' });
      await signIn(page, DEMO.reviewer);
      await page.goto('/admissions/reviews');
      await expect(page.getByRole('heading', { level: 1, name: titles.mine })).toBeVisible();
      await expect(rows(page).first()).toBeVisible();
      await screenshot(page, 'staff-my-reviews', lang);
      expect(await seriousViolations(page)).toEqual([]);
      await rows(page).first().getByRole('link').first().click();
      await expect(page.locator('.score-form')).toBeVisible();
      await screenshot(page, 'staff-scoring', lang);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}
