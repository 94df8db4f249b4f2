import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DEPARTMENT_REVIEW_STAGE, IdType, QUALIFICATION_REVIEW_STAGE, RegisterType, SUMMER_CAMP_AREA, type CampDraftSectionsInput } from '@gradus/contract';
import type { AppContext } from '../../../context';
import { DEMO_PASSWORD, withCheckDigit } from '../../../db/seed/demo';
import { demoPdf } from '../../../db/seed/demo-pdf';
import { hashSecret, normalizeAnswer } from '../../../lib/passwords';
import type { Applicant } from '../../admissions/applicant';
import { recordDecision } from '../../admissions/decisions';
import { PORTAL_ACTOR } from '../../admissions/staff-audit';
import { returnForm } from '../../application-form/staff';
import { commitUpload, planUpload, receiveMaterial } from '../../materials/service';
import { DEMO_PHOTO } from '../../doctor/demo/journeys';
import { createApplicant } from '../../user/repo';
import { campForm } from '../form/definition';
import { saveCampDraft, submitCampForm } from '../form/service';
import { CAMP_MATERIALS } from '../materials/area';
import { campMissingMaterials } from '../materials/required';
import { demoCampDays } from './camps';

const DAY = 86_400_000;

/**
 * The demo's submitted camp applications (issue #11), so the schools and the graduate school have
 * a queue to review: campers of the online computer-science camp (the demo secretary's school) and
 * of the ethnology camp, at each step of the review. All sign in with the demo password.
 */
type CamperStep = 'awaitingSchool' | 'schoolPassed' | 'eligible' | 'schoolFailed' | 'returned';

/**
 * Where an eligible camper stands in camp admission (admission.ts walks them there through the
 * portal's own services): confirmed, offered a place, declined, or on the waiting list.
 */
export type CamperPlace = 'confirmed' | 'declined' | 'promoted' | 'waitlisted';

/** A camp result the office recorded for a confirmed camper of a camp already held. */
export type CamperResult = 'outstanding' | 'passed';

export interface DemoCamper {
  name: string;
  programme: string;
  step: CamperStep;
  school: { code: string; major: string };
  gpa: number;
  rank: number;
  place?: CamperPlace;
  result?: CamperResult;
}

export const DEMO_CAMPERS: readonly DemoCamper[] = [
  { name: '赵雨桐', programme: 'CS-MS-081200', step: 'awaitingSchool', school: { code: '10003', major: '计算机科学与技术' }, gpa: 3.78, rank: 6 },
  { name: '钱浩然', programme: 'CS-MS-081200', step: 'awaitingSchool', school: { code: '10611', major: '软件工程' }, gpa: 3.65, rank: 11 },
  { name: '孙若曦', programme: 'CS-MS-081200', step: 'schoolPassed', school: { code: '10052', major: '人工智能' }, gpa: 3.86, rank: 3 },
  { name: '周明轩', programme: 'CS-MS-081200', step: 'eligible', school: { code: '10001', major: '计算机科学与技术' }, gpa: 3.91, rank: 2 },
  { name: '吴佳怡', programme: 'ETH-MS-030300', step: 'awaitingSchool', school: { code: '10052', major: '社会学' }, gpa: 3.72, rank: 8 },
  { name: '郑博文', programme: 'ETH-MS-030300', step: 'schoolFailed', school: { code: '10610', major: '社会工作' }, gpa: 3.1, rank: 58 },
  { name: '王诗琪', programme: 'ETH-MS-030300', step: 'returned', school: { code: '10284', major: '民族学' }, gpa: 3.69, rank: 9 },
  // The ethnology doctorate's two camp places (demo/admission.ts): 刘嘉 confirmed hers; 林晓 declined
  // his yesterday, so 陈思远, first on the waiting list, was offered it and must confirm by tomorrow;
  // 黄子涵 and 马骁 wait, in that order.
  { name: '刘嘉', programme: 'ETH-PHD-030400', step: 'eligible', school: { code: '10052', major: '民族学' }, gpa: 3.88, rank: 1, place: 'confirmed' },
  { name: '林晓', programme: 'ETH-PHD-030400', step: 'eligible', school: { code: '10284', major: '人类学' }, gpa: 3.84, rank: 2, place: 'declined' },
  { name: '陈思远', programme: 'ETH-PHD-030400', step: 'eligible', school: { code: '10003', major: '社会学' }, gpa: 3.8, rank: 3, place: 'promoted' },
  { name: '黄子涵', programme: 'ETH-PHD-030400', step: 'eligible', school: { code: '10610', major: '民族学' }, gpa: 3.76, rank: 4, place: 'waitlisted' },
  { name: '马骁', programme: 'ETH-PHD-030400', step: 'eligible', school: { code: '10611', major: '社会学' }, gpa: 3.71, rank: 5, place: 'waitlisted' },
  // The computer-science doctoral camp, held this week: 唐宁 was an outstanding camper, 宋雨 passed,
  // 许诺's result is still to record.
  { name: '唐宁', programme: 'CS-PHD-081200', step: 'eligible', school: { code: '10001', major: '计算机科学与技术' }, gpa: 3.93, rank: 1, place: 'confirmed', result: 'outstanding' },
  { name: '宋雨', programme: 'CS-PHD-081200', step: 'eligible', school: { code: '10003', major: '软件工程' }, gpa: 3.85, rank: 4, place: 'confirmed', result: 'passed' },
  { name: '许诺', programme: 'CS-PHD-081200', step: 'eligible', school: { code: '10052', major: '人工智能' }, gpa: 3.79, rank: 7, place: 'confirmed' },
];

const STATEMENT = '本科期间我系统学习了专业核心课程，参与了两项大学生创新训练项目，希望通过夏令营进一步了解学院的研究方向，与老师和同学交流，明确研究生阶段的研究计划。'.repeat(3);

function sectionsOf(c: DemoCamper, i: number, programmeId: number): CampDraftSectionsInput {
  return {
    contact: {
      mobile: `1370013${String(2000 + i).slice(-4)}`,
      email: `camper${i + 2}@example.edu`,
      mailingAddress: '北京市海淀区中关村南大街27号',
      postcode: '100081',
      emergencyName: '家长',
      emergencyRelation: '母亲',
      emergencyPhone: `1390014${String(2000 + i).slice(-4)}`,
    },
    undergraduate: {
      schoolKind: 'listed',
      schoolCode: c.school.code,
      schoolName: null,
      schoolRegion: null,
      major: c.school.major,
      entryMonth: '2023-09',
      graduationMonth: '2027-06',
      gpa: c.gpa,
      gpaScale: '4',
      rankBasis: 'gpa',
      rank: c.rank,
      cohortSize: 120,
    },
    english: [{ test: 'cet6', testName: null, score: 520 + i * 7, month: '2024-12' }],
    research: [{ kind: 'project', title: '大学生创新创业训练计划项目', detail: '项目负责人，已结题' }],
    awards: [{ name: '校级一等奖学金', level: 'university', month: '2025-10' }],
    choices: [{ programmeId }],
    statement: { text: STATEMENT },
  };
}

async function upload(ctx: AppContext, a: Applicant, category: string, name: string, bytes: Buffer): Promise<void> {
  const plan = await planUpload(ctx, CAMP_MATERIALS, a, { category });
  const received = await receiveMaterial(ctx, plan, Readable.from([bytes]), name);
  await commitUpload(ctx, CAMP_MATERIALS, a, plan, received);
}

/** Every required material, as the camper would upload them (the referee letters two files). */
async function uploadMaterials(ctx: AppContext, a: Applicant, photo: Buffer): Promise<void> {
  for (let missing = await campMissingMaterials(ctx.db, a); missing.length > 0; missing = await campMissingMaterials(ctx.db, a)) {
    for (const category of missing) {
      if (category === 'idPhoto') await upload(ctx, a, category, 'id-photo.jpg', photo);
      else await upload(ctx, a, category, `${category}.pdf`, demoPdf(`${a.applicantNumber} ${category}`));
    }
  }
}

/** The demo campers, created and walked to their step; returns each one's applicant as created. */
export async function seedDemoCampers(base: AppContext, recruitYear: string): Promise<Map<DemoCamper, Applicant>> {
  const created = new Map<DemoCamper, Applicant>();
  const photo = await readFile(DEMO_PHOTO);
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  const answerHash = await hashSecret(normalizeAnswer('Beijing'));
  for (const [i, c] of DEMO_CAMPERS.entries()) {
    // Each applied while their camp took applications: a camp already held, weeks ago.
    const applied = Math.max(0, -demoCampDays(c.programme).closes + 5);
    const ctx: AppContext = applied ? { ...base, clock: { now: () => base.clock.now() - applied * DAY } } : base;
    const now = ctx.clock.now();
    const account = await createApplicant(ctx.db, now, {
      registerType: RegisterType.SUMMER_CAMP,
      name: c.name,
      idType: IdType.MAINLAND_ID,
      idNumber: withCheckDigit(`1101082004${String(1 + i).padStart(2, '0')}15${String(300 + i)}`),
      sex: i % 2 === 0 ? '1' : '0',
      email: `camper${i + 2}@example.edu`,
      mobile: `1370013${String(2000 + i).slice(-4)}`,
      recruitYear,
      passwordHash,
      securityQuestion: 'In which city was your primary school?',
      securityAnswerHash: answerHash,
    });
    const a: Applicant = { userId: account.userId, recruitYear, area: SUMMER_CAMP_AREA, registerType: RegisterType.SUMMER_CAMP, applicantNumber: account.number, name: c.name };
    created.set(c, a);
    const programme = await ctx.db.selectFrom('programme').select('id').where('code', '=', c.programme).executeTakeFirstOrThrow();
    const saved = await saveCampDraft(ctx, a, 'zh-CN', { version: 0, sections: sectionsOf(c, i, programme.id) });
    await uploadMaterials(ctx, a, photo);
    await submitCampForm(ctx, a, 'zh-CN', { version: saved.version });
    const decide = (stage: string, outcome: 'pass' | 'fail', reason?: string) => recordDecision(ctx.db, now, SUMMER_CAMP_AREA, a, { stage, outcome, reason }, PORTAL_ACTOR);
    if (c.step === 'schoolPassed' || c.step === 'eligible') await decide(DEPARTMENT_REVIEW_STAGE, 'pass');
    if (c.step === 'eligible') await decide(QUALIFICATION_REVIEW_STAGE, 'pass');
    if (c.step === 'schoolFailed') await decide(DEPARTMENT_REVIEW_STAGE, 'fail', '专业排名未达到本营要求（前 30%）。');
    if (c.step === 'returned') {
      await returnForm(campForm, ctx.db, now, { userId: a.userId, recruitYear, subject: a.applicantNumber, sections: ['statement'], reason: '请在个人陈述中写明希望参加的研究方向。' });
    }
  }
  return created;
}
