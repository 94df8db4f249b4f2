import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '@gradus/contract';
import { seriousViolations } from '../fixtures/axe';
import { clickUntilClosed, expect, signIn, test } from '../fixtures/app';
import { baseURL, DEMO } from '../fixtures/env';
import { opensPdf } from '../fixtures/journey';
import { DESKTOP, screenshot, TABLET } from '../fixtures/screenshots';

/**
 * Interview sessions (issue #9) in a real Chromium on the demo: the office sees the assessment
 * session and its results; the demo's reviewer, its panel secretary, scores the applicants the
 * other members have already scored, on the tablet screen, blind until each score is submitted;
 * locks the session; prints the record, which names the panel; and a locked session refuses an
 * edit. In order: each step works on what the one before left.
 */
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

/** The text of a PDF as a reader extracts it (pdf.js, as the browser's own viewer does). */
async function pdfText(data: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await doc.destroy();
  return pages.join('\n');
}

test.describe('interview sessions', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  test('the office sees the sessions, their panels and results, and sets one up in a dialog', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/admissions/interviews');
    await expect(page.getByRole('heading', { level: 1, name: 'Interview sessions' })).toBeVisible();
    const assessment = rows(page).filter({ hasText: 'Comprehensive assessment' });
    await expect(assessment).toHaveCount(1);
    await expect(assessment.getByText('7 of 9')).toBeVisible();
    await expect(assessment.getByText('赵敏 (secretary)', { exact: false })).toBeVisible();
    await expect(rows(page).filter({ hasText: 'Foreign-language review' })).toHaveCount(1);
    // Its results: the first applicant has every member's total and the combined score.
    await assessment.getByRole('button', { name: /expand row/i }).click();
    await expect(page.getByText('Combined by the mean once the whole panel has submitted.')).toBeVisible();
    await expect(page.getByText(/^\(\d+\.\d\d \+ \d+\.\d\d \+ \d+\.\d\d\) \/ 3 = \d+\.\d\d$/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-interviews', 'en');

    // Each stage's sheet per programme: the demo's Computer Science sheet is in use, so fixed.
    await page.getByRole('tab', { name: 'Sheets and rules' }).click();
    await page.getByRole('combobox', { name: 'Programme' }).click();
    await page.getByTitle('Computer Science and Technology (PhD) CS-PHD-081200').click();
    await expect(page.getByText('A panel has scored with this sheet: it can no longer change.')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Item 1' }).getByRole('textbox', { name: 'Key' })).toHaveValue('knowledge');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Sessions' }).click();

    await page.getByRole('button', { name: 'New session' }).click();
    const dialog = page.getByRole('dialog', { name: 'New interview session' });
    await expect(dialog).toBeVisible();
    // Nothing chosen: each field says what it needs, and nothing is sent.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Choose the programme.')).toBeVisible();
    await expect(dialog.getByText('Give the room.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the office sets up a foreign-language session: panel, secretary, applicants in order', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/admissions/interviews');
    await page.getByRole('button', { name: 'New session' }).click();
    const dialog = page.getByRole('dialog', { name: 'New interview session' });
    /** Picks an option from a select's own list (each list of the dialog is named by its class). */
    const choose = async (name: string, list: string, option?: string) => {
      await dialog.getByRole('combobox', { name }).click();
      const options = page.locator(`.${list} .ant-select-item-option`);
      await (option ? options.filter({ hasText: option }) : options).first().click();
      // A list that stays open (several choices) closes on a click elsewhere in the dialog.
      await dialog.getByText('New interview session').click();
      await expect(page.locator(`.${list}`)).toBeHidden();
    };
    // The stage is a button group: its radio input is hidden under the button's label.
    await dialog.locator('label').filter({ hasText: 'Foreign-language review' }).click();
    await expect(dialog.getByRole('radio', { name: 'Foreign-language review' })).toBeChecked();
    await choose('Programme', 'interview-dialog__programmes', 'Ethnology (PhD) ETH-PHD-030400');
    // Who may sit it and who may sit on the panel arrive with the programme.
    await expect(dialog.getByText(/^Add an applicant \([1-9]\d* may sit it\)$/)).toBeVisible();
    await dialog.getByLabel('Date and time (Beijing time)').fill('2027-03-21T09:00');
    await dialog.getByRole('textbox', { name: 'Room' }).fill('文华楼 402');
    await choose('Panel, in seating order', 'interview-dialog__experts', '赵敏');
    await choose('Panel secretary', 'interview-dialog__secretaries', '赵敏');
    // Two applicants from those who may sit it; the second goes first.
    for (let i = 0; i < 2; i++) await choose('Applicants, in interview order', 'interview-dialog__candidates');
    const order = dialog.getByRole('listitem');
    await expect(order).toHaveCount(2);
    const second = (await order.nth(1).locator('span').first().textContent())!.trim();
    await dialog.getByRole('button', { name: `Move ${second} up` }).click();
    await expect(order.first()).toContainText(second);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const created = rows(page).filter({ hasText: 'Ethnology (PhD)' });
    await expect(created.getByText('Foreign-language review')).toBeVisible();
    await expect(created.getByText('0 of 2')).toBeVisible();
    await expect(created.getByText('赵敏 (secretary)')).toBeVisible();
    await created.getByRole('button', { name: /expand row/i }).click();
    await expect(page.locator('.interview__results .ant-table-row').first()).toContainText(second.split(' ')[0]!);
  });

  test('the panel secretary scores blind on the tablet screen, locks the session and prints the record', async ({ page }) => {
    await page.setViewportSize(TABLET);
    const token = await signIn(page, DEMO.reviewer);
    await page.goto('/admissions/myInterviews');
    await expect(page.getByRole('heading', { level: 1, name: 'My interview sessions' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const session = rows(page).filter({ hasText: 'Comprehensive assessment' });
    await expect(session.getByText('1 of 3')).toBeVisible();
    await session.getByRole('link', { name: 'Score' }).click();

    await expect(page).toHaveURL(/\/scoresReview\?session=\d+/);
    const sessionId = Number(new URL(page.url()).searchParams.get('session'));
    await expect(page.getByRole('heading', { level: 1, name: /^Comprehensive assessment · / })).toBeVisible();
    const applicants = page.getByRole('navigation', { name: 'Applicants, in interview order' }).getByRole('button');
    await expect(applicants).toHaveCount(3);
    expect(await seriousViolations(page)).toEqual([]);

    for (const [position, scores] of [
      [2, ['34', '31.5', '17']],
      [3, ['30', '28', '15.5']],
    ] as const) {
      await applicants.nth(position - 1).click();
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Applicant ${position} of 3`) })).toBeVisible();
      // Blind: nothing of the others before this member's own score is in.
      await expect(page.getByText('The other members’ scores appear once yours is submitted.')).toBeVisible();
      await page.getByRole('textbox', { name: 'Subject knowledge (0–40)' }).fill(scores[0]);
      await page.getByRole('textbox', { name: 'Research potential (0–40)' }).fill(scores[1]);
      await page.getByRole('textbox', { name: 'Expression and response (0–20)' }).fill(scores[2]);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(page.getByText('Your score is submitted: it can no longer change.')).toBeVisible();
      const others = page.getByRole('region', { name: 'The other members’ scores' });
      await expect(others.getByRole('listitem')).toHaveCount(2);
      await expect(applicants.nth(position - 1)).toContainText('Submitted');
    }
    await screenshot(page, 'interview-scoring', 'en');

    await page.getByRole('button', { name: 'Lock the session' }).click();
    // A click while the confirmation still zooms in can go unheard: click until it closes.
    await clickUntilClosed(page.getByRole('dialog', { name: 'Lock the session?' }), 'Lock the session');
    await expect(page.getByText('Locked by 赵敏: the scores are final.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const pdf = await opensPdf(page, '/staff/interview/record', () => page.getByRole('button', { name: 'Print the record' }).click());
    const text = await pdfText(pdf);
    expect(text).toContain('Comprehensive assessment record');
    for (const name of ['周文华', '吴敏', '赵敏', '王磊', 'Signature']) expect(text).toContain(name);

    // A locked session refuses an edit, saying which and by whom, and nothing changes.
    const first = await page.request.post(`${baseURL()}/mucgrs-service/staff/interview/panel`, { headers: { authorization: `Bearer ${token}` }, data: { sessionId } });
    const view = (await first.json()) as { data: { applicants: { applicationId: number; mine: { version: number; total: string } }[] } };
    const target = view.data.applicants[1]!;
    const refused = await page.request.post(`${baseURL()}/mucgrs-service/staff/interview/saveScore`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      data: { sessionId, applicationId: target.applicationId, scores: { knowledge: '1', research: '1', expression: '1' }, submit: false, version: target.mine.version },
    });
    const reply = (await refused.json()) as { code: number; msg: string };
    expect(reply.code).toBe(409);
    expect(reply.msg).toMatch(/^Scores: the session of .+ is locked by 赵敏; nothing in it can change\.$/);
    await page.reload();
    await applicants.nth(1).click();
    await expect(page.getByRole('textbox', { name: 'Subject knowledge (0–40)' })).toHaveValue('34');
    await expect(page.getByRole('textbox', { name: 'Subject knowledge (0–40)' })).toBeDisabled();
  });

  test('the scoring screen and the office’s list in Chinese, at tablet width', async ({ page }) => {
    await page.setViewportSize(TABLET);
    await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: 'zh-CN', url: baseURL() }]);
    await signIn(page, DEMO.admin);
    await page.goto('/admissions/interviews');
    await expect(page.getByRole('heading', { level: 1, name: '考核场次' })).toBeVisible();
    await expect(rows(page).filter({ hasText: '综合考核' }).getByText('已由 赵敏 锁定')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-interviews', 'zh-CN');
  });
});
