import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE, RegisterType } from '@gradus/contract';
import { DEMO_PASSWORD, baseURL, type Applicant } from '../fixtures/env';
import { expect, signIn, test } from '../fixtures/app';
import { DESKTOP, PHONE, screenshot } from '../fixtures/screenshots';
import { axeOn } from '../fixtures/axe';

/**
 * Every doctoral page at desktop and phone width in English and Chinese, as the demo applicants see
 * them (README: 张伟 just registered, 王磊 proposed for admission; the seed never changes here):
 * each shows its title in the reader's language and real content, has no serious accessibility
 * violation, and is kept as a picture under e2e/artifacts/screenshots.
 */
const ZHANG: Applicant = { kind: 'doctor', userRegisterType: RegisterType.DOCTOR_ASSESSMENT, number: '2027100001', name: '张伟', password: DEMO_PASSWORD };
const WANG: Applicant = { kind: 'doctor', userRegisterType: RegisterType.DOCTOR_ASSESSMENT, number: '2027100002', name: '王磊', password: DEMO_PASSWORD };

interface Screen {
  path: string;
  screen: string;
  who: Applicant;
  title: { en: string; 'zh-CN': string };
  /** Text the page shows in each language: its real content, not only a frame. */
  shows: { en: string; 'zh-CN': string };
}

const SCREENS: Screen[] = [
  { path: '/doctorRegister/doctorRegisterApply', screen: 'doctor-form', who: ZHANG, title: { en: 'Exam registration form', 'zh-CN': '考试报名表' }, shows: { en: 'Contact and mailing address', 'zh-CN': '联系方式' } },
  { path: '/doctorRegister/fileManage', screen: 'doctor-materials', who: ZHANG, title: { en: 'Electronic materials', 'zh-CN': '电子材料管理' }, shows: { en: 'JPEG (.jpg) file only', 'zh-CN': '仅限 JPEG（.jpg）文件' } },
  { path: '/payManage/pay', screen: 'doctor-pay', who: ZHANG, title: { en: 'Pay the fee', 'zh-CN': '缴费' }, shows: { en: 'Pay now', 'zh-CN': '立即支付' } },
  { path: '/dashboard', screen: 'doctor-dashboard-admitted', who: WANG, title: { en: 'Notes and precautions', 'zh-CN': '注意事项' }, shows: { en: 'You are here', 'zh-CN': '当前阶段' } },
  { path: '/partInfo/showPartInfo', screen: 'doctor-submitted-form', who: WANG, title: { en: 'Registration form', 'zh-CN': '报名表' }, shows: { en: '王磊', 'zh-CN': '王磊' } },
  { path: '/partInfo/payInfo', screen: 'doctor-payment-record', who: WANG, title: { en: 'Fee payment', 'zh-CN': '缴费信息' }, shows: { en: 'Paid', 'zh-CN': '已支付' } },
  { path: '/partInfo/photoExamine', screen: 'doctor-photo-review', who: WANG, title: { en: 'Photo review result', 'zh-CN': '照片审核结果' }, shows: { en: 'Your photo has been approved', 'zh-CN': '您的照片审核通过' } },
  { path: '/partInfo/index7', screen: 'doctor-proposed-admission', who: WANG, title: { en: 'Proposed admission result', 'zh-CN': '拟录取结果' }, shows: { en: 'Passed', 'zh-CN': '通过' } },
  { path: '/print/index8', screen: 'doctor-language-ticket', who: WANG, title: { en: 'Foreign-language exam ticket', 'zh-CN': '外语考试准考证' }, shows: { en: '英语（博士入学外语考试）', 'zh-CN': '英语（博士入学外语考试）' } },
  { path: '/print/index9', screen: 'doctor-assessment-ticket', who: WANG, title: { en: 'Comprehensive assessment ticket', 'zh-CN': '综合考核准考证' }, shows: { en: '理工楼 412', 'zh-CN': '理工楼 412' } },
  { path: '/scoreQuery/showAssessmentScore', screen: 'doctor-assessment-score', who: WANG, title: { en: 'Comprehensive assessment and final score', 'zh-CN': '综合考核及总成绩' }, shows: { en: '专家乙', 'zh-CN': '专家乙' } },
  { path: '/scoreQuery/showFinalScore', screen: 'doctor-final-score', who: WANG, title: { en: 'Final score', 'zh-CN': '最终成绩' }, shows: { en: '85.7', 'zh-CN': '85.7' } },
  { path: '/Admission/admissionInformation', screen: 'doctor-archive-letter', who: WANG, title: { en: 'File transfer letter', 'zh-CN': '维护并打印调档函' }, shows: { en: 'Print file-transfer letter (PDF)', 'zh-CN': '打印调档函' } },
  { path: '/Admission/noticeInformation', screen: 'doctor-notice-mailing', who: WANG, title: { en: 'Admission notice mailing', 'zh-CN': '录取通知书信息' }, shows: { en: 'Tracking number', 'zh-CN': '快递单号' } },
];

const LANGS = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'zh-CN', locale: 'zh-CN' },
] as const;
const FORMS = [
  { form: 'desktop', viewport: DESKTOP },
  { form: 'phone', viewport: PHONE },
] as const;

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await axeOn(page).include('main').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? ''}`).join('; ')}`);
}

for (const { form, viewport } of FORMS) {
  for (const { lang, locale } of LANGS) {
    test.describe(`doctoral pages, ${form}, ${lang}`, () => {
      test.use({ viewport, locale });

      for (const who of [ZHANG, WANG]) {
        test(`${who.name}'s pages show their content (${form}, ${lang})`, async ({ page }) => {
          test.setTimeout(120_000);
          await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL() }]);
          await signIn(page, who);
          for (const s of SCREENS.filter((x) => x.who === who)) {
            await page.goto(s.path);
            const main = page.getByRole('main');
            await expect(main.getByRole('heading', { level: 1 }).filter({ visible: true })).toHaveText(s.title[lang]);
            await expect(main.getByText(s.shows[lang]).filter({ visible: true }).first()).toBeVisible();
            // The page fits the screen: nothing wider than the window (phones scroll only down).
            expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${s.path} fits the width`).toBe(true);
            expect(await seriousViolations(page), s.path).toEqual([]);
            await screenshot(page, s.screen, lang);
          }
        });
      }
    });
  }
}
