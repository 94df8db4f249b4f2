import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { cyclesOfJourney, DEFAULT_MATERIAL_CATEGORIES, DOCTOR_AREA, DOCTOR_STAGES, RELEASES, type DraftSectionsInput } from '@gradus/contract';
import type { AppContext } from '../../../context';
import { PORTAL_ACTOR } from '../../admissions/staff-audit';
import { applicationFeeOrder } from '../../payment/service';
import { settle } from '../../payment/settlement';
import { saveAdmission } from '../admission/service';
import type { DoctorApplicant } from '../applicant';
import { saveDraft, submitForm } from '../form/service';
import { setReleased, setStageWindow } from '../journey/releases';
import { commitUpload, planUpload, receiveMaterial } from '../materials/service';
import { currentPhotoId, reviewPhoto } from '../materials/staff';
import { assignTicket, decide, setScore } from '../results/staff';
import { demoPdf } from '../../../db/seed/demo-pdf';
import { SERVER_ROOT } from '../../../lib/server-root';

/**
 * The demo's doctoral applicants at four stages of the cycle, so a newcomer can sign in as each
 * and see every page with real content. Everything goes through the services the applicant's
 * calls and the staff CLI use, so the demo cannot hold a state the portal itself would refuse.
 */
export const DEMO_JOURNEYS = {
  registered: 'has just registered: walk the journey from here',
  underReview: 'form submitted, fee paid, photo approved, waiting for the eligibility review',
  ticketsIssued: 'passed the reviews, holds both admission tickets',
  proposedForAdmission: 'all scores published, proposed for admission, notice address filled in',
} as const;
export type DemoJourney = keyof typeof DEMO_JOURNEYS;

const DAY = 86_400_000;

/** `days` from now at a whole hour, Beijing time, as the graduate school would announce it. */
function beijing(now: number, days: number, hour: number): string {
  const d = new Date(now + days * DAY);
  d.setUTCHours(hour - 8, 0, 0, 0);
  return d.toISOString();
}

/**
 * Each stage's window as days from the seed (opens at 09:00, closes at 17:00 Beijing time). They
 * follow one another as a real cycle does, each opening and closing no earlier than the one before,
 * and all are open today, so each demo account can act on what its stage offers.
 */
const CYCLE: Record<(typeof DOCTOR_STAGES)[number], { opens: number; closes: number }> = {
  registration: { opens: -40, closes: 20 },
  formSubmitted: { opens: -40, closes: 20 },
  feePaid: { opens: -40, closes: 22 },
  photoReview: { opens: -38, closes: 25 },
  qualificationReview: { opens: -35, closes: 28 },
  languageReview: { opens: -33, closes: 30 },
  assessmentQualification: { opens: -30, closes: 32 },
  ticketsReleased: { opens: -25, closes: 35 },
  scoresReleased: { opens: -20, closes: 45 },
  proposedAdmission: { opens: -15, closes: 50 },
  admissionPaperwork: { opens: -10, closes: 60 },
};

async function openTheCycle(ctx: AppContext, now: number): Promise<void> {
  // Both cycles of the doctoral journey, the doctor area's and the Hong Kong, Macao and Taiwan one's, on the same dates.
  for (const cycle of cyclesOfJourney(DOCTOR_AREA)) {
    for (const stage of DOCTOR_STAGES) {
      // Registration too: the window demo.ts gives every area is counted from the exact seed time.
      await setStageWindow(ctx.db, now, stage, { opensAt: beijing(now, CYCLE[stage].opens, 9), closesAt: beijing(now, CYCLE[stage].closes, 17) }, { actor: PORTAL_ACTOR, cycle });
    }
    for (const release of RELEASES) await setReleased(ctx.db, now, release, true, { actor: PORTAL_ACTOR, cycle });
  }
}

const PROGRAMMES: Record<string, { programme: string; direction: string }> = {
  '2027200001': { programme: 'ECON-PHD-020100', direction: 'ECON-PHD-020100-02' },
  '2027400001': { programme: 'ETH-PHD-030400', direction: 'ETH-PHD-030400-02' },
  '2027100002': { programme: 'CS-PHD-081200', direction: 'CS-PHD-081200-01' },
};

/** A programme and research direction by code, as the demo names them. */
export interface DemoChoice {
  programme: string;
  direction: string;
}

async function intendedOf(ctx: AppContext, applicantNumber: string, chosen?: DemoChoice) {
  const choice = chosen ?? PROGRAMMES[applicantNumber];
  if (!choice) throw new Error(`no demo programme for ${applicantNumber}`);
  const programme = await ctx.db.selectFrom('programme').select(['id', 'department_id']).where('code', '=', choice.programme).executeTakeFirstOrThrow();
  const direction = await ctx.db.selectFrom('research_direction').select('id').where('code', '=', choice.direction).executeTakeFirstOrThrow();
  const supervisor = await ctx.db.selectFrom('supervisor').select('id').where('direction_id', '=', direction.id).orderBy('id').executeTakeFirstOrThrow();
  return { departmentId: programme.department_id, programmeId: programme.id, directionId: direction.id, supervisorId: supervisor.id };
}

export async function formOf(ctx: AppContext, a: DoctorApplicant, choice?: DemoChoice): Promise<DraftSectionsInput> {
  const user = await ctx.db.selectFrom('app_user').select(['email', 'mobile']).where('id', '=', a.userId).executeTakeFirstOrThrow();
  const hongKong = a.registerType === 4;
  return {
    contact: {
      mobile: user.mobile ?? '13800138000',
      email: user.email ?? 'applicant@example.edu',
      mailingAddress: hongKong ? '香港九龙塘达之路83号' : '北京市海淀区中关村南大街27号',
      postcode: hongKong ? '999077' : '100081',
      emergencyName: hongKong ? '陈志明' : '王建国',
      emergencyRelation: '父亲',
      emergencyPhone: hongKong ? '85261234567' : '13900139000',
    },
    education: [
      { fromMonth: '2015-09', toMonth: '2019-06', school: hongKong ? '香港大学' : '中央民族大学', major: '社会学', degree: 'bachelor', degreeCertificateNo: '1005242019001234' },
      { fromMonth: '2019-09', toMonth: '2022-06', school: hongKong ? '香港中文大学' : '北京大学', major: '人类学', degree: 'master', degreeCertificateNo: '1000142022005678' },
    ],
    work: [{ fromMonth: '2022-07', toMonth: null, employer: '中国社会科学院', position: '助理研究员' }],
    research: [{ kind: 'paper', title: '西南民族地区的社区治理与乡村振兴', detail: '《民族研究》2024年第2期，第一作者' }],
    languages: [{ language: 'english', certificateType: 'IELTS', score: '7.5', obtainedMonth: '2021-10' }],
    intended: await intendedOf(ctx, a.applicantNumber, choice),
    plan: { summary: '拟以民族地区经济社会发展为研究对象，结合田野调查与计量分析，探讨公共服务均等化对乡村振兴的作用机制。'.repeat(4) },
  };
}

async function upload(ctx: AppContext, a: DoctorApplicant, category: string, name: string, bytes: Buffer): Promise<void> {
  const plan = await planUpload(ctx, a, { category });
  const received = await receiveMaterial(ctx, plan, Readable.from([bytes]), name);
  await commitUpload(ctx, a, plan, received);
}

/** The form saved as a draft with the photo and every required material uploaded; returns the form's version. */
export async function prepareApplication(ctx: AppContext, a: DoctorApplicant, photo: Buffer, choice?: DemoChoice): Promise<number> {
  const saved = await saveDraft(ctx, a, 'zh-CN', { version: 0, sections: await formOf(ctx, a, choice) });
  await upload(ctx, a, 'idPhoto', 'id-photo.jpg', photo);
  for (const category of DEFAULT_MATERIAL_CATEGORIES.filter((c) => c.required && c.key !== 'idPhoto')) {
    await upload(ctx, a, category.key, `${category.key}.pdf`, demoPdf(`${a.applicantNumber} ${category.key}`));
  }
  return saved.version;
}

/** The fee paid through the sandbox gateway's settlement, as a real payment would be. */
export async function payFee(ctx: AppContext, a: DoctorApplicant): Promise<void> {
  const now = ctx.clock.now();
  const order = await applicationFeeOrder(ctx.db, now, a);
  await settle(ctx.db, now, order, { provider: 'sandbox', orderNo: order.order_no, tradeNo: `SBX${order.order_no}`, amountCents: order.amount_cents, paidAt: now });
}

/** Form, photo and required materials, submitted; the fee paid through the sandbox gateway's settlement. */
async function submitAndPay(ctx: AppContext, a: DoctorApplicant, photo: Buffer): Promise<void> {
  const version = await prepareApplication(ctx, a, photo);
  await submitForm(ctx, a, 'zh-CN', { version });
  await payFee(ctx, a);
  await reviewPhoto(ctx.db, ctx.clock.now(), { materialId: await currentPhotoId(ctx.db, a), outcome: 'approved' }, PORTAL_ACTOR);
}


/**
 * Each ticket holder's own seats (one seat, one applicant at a time), and when their exams are:
 * still ahead for 陳嘉欣, over for 王磊, whose scores are already out.
 */
const EXAMS: Record<string, { seats: { language: string; assessment: string }; languageDay: number; assessmentDay: number }> = {
  '2027400001': { seats: { language: '17', assessment: '5' }, languageDay: 14, assessmentDay: 21 },
  '2027100002': { seats: { language: '18', assessment: '6' }, languageDay: -14, assessmentDay: -7 },
};

async function issueTickets(ctx: AppContext, a: DoctorApplicant): Promise<void> {
  const now = ctx.clock.now();
  const exams = EXAMS[a.applicantNumber];
  if (!exams) throw new Error(`no demo exam seats for ${a.applicantNumber}`);
  for (const stage of ['qualificationReview', 'languageReview', 'assessmentQualification'] as const) {
    await decide(ctx.db, now, a, { stage, outcome: 'pass' }, PORTAL_ACTOR);
  }
  await assignTicket(ctx.db, now, a, {
    kind: 'language',
    subject: '英语（博士入学外语考试）',
    startsAt: beijing(now, exams.languageDay, 9),
    endsAt: beijing(now, exams.languageDay, 11),
    venue: '中央民族大学 文华楼',
    room: '西区 305',
    seat: exams.seats.language,
    notes: '请携带身份证件原件和本准考证，提前 30 分钟到达考场。',
  }, PORTAL_ACTOR);
  await assignTicket(ctx.db, now, a, {
    kind: 'assessment',
    subject: '综合考核（专业面试）',
    startsAt: beijing(now, exams.assessmentDay, 14),
    endsAt: beijing(now, exams.assessmentDay, 17),
    venue: '中央民族大学 民族学与社会学学院',
    room: '理工楼 412',
    seat: exams.seats.assessment,
    notes: '请携带研究计划书纸质版一份。',
  }, PORTAL_ACTOR);
}

async function publishScores(ctx: AppContext, a: DoctorApplicant): Promise<void> {
  const now = ctx.clock.now();
  await setScore(ctx.db, now, a, { kind: 'language', score: '78.5', maxScore: '100', detail: [{ item: '阅读', score: '40', max: '50' }, { item: '写作', score: '38.5', max: '50' }] }, PORTAL_ACTOR);
  await setScore(ctx.db, now, a, { kind: 'material', score: '86', maxScore: '100', remark: '科研基础扎实' }, PORTAL_ACTOR);
  await setScore(ctx.db, now, a, { kind: 'assessment', score: '88', maxScore: '100', detail: [{ item: '专家甲', score: '90' }, { item: '专家乙', score: '86' }] }, PORTAL_ACTOR);
  await setScore(ctx.db, now, a, { kind: 'final', score: '85.7', maxScore: '100' }, PORTAL_ACTOR);
  await decide(ctx.db, now, a, { stage: 'proposedAdmission', outcome: 'pass' }, PORTAL_ACTOR);
  await saveAdmission(ctx, a, 'notice', {
    noticeRecipient: a.name,
    noticeMobile: '13800138006',
    noticeProvince: '北京市',
    noticeCity: '北京市',
    noticeAddress: '海淀区中关村南大街27号 6号楼 502室',
    noticePostcode: '100081',
  });
}

const STEPS: Record<DemoJourney, Array<(ctx: AppContext, a: DoctorApplicant, photo: Buffer) => Promise<void>>> = {
  registered: [],
  underReview: [submitAndPay],
  ticketsIssued: [submitAndPay, issueTickets],
  proposedForAdmission: [submitAndPay, issueTickets, publishScores],
};

export const DEMO_PHOTO = path.join(SERVER_ROOT, 'src/db/seed/assets/demo-id-photo.jpg');

/** Where each doctoral demo applicant stands (README's table and the start-up banner say the same). */
export const DEMO_STAGE_OF: Readonly<Record<string, DemoJourney>> = {
  '2027100001': 'registered',
  '2027200001': 'underReview',
  '2027400001': 'ticketsIssued',
  '2027100002': 'proposedForAdmission',
};

export async function seedDemoJourneys(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  await openTheCycle(ctx, now);
  const photo = await readFile(DEMO_PHOTO);
  for (const [number, journey] of Object.entries(DEMO_STAGE_OF)) {
    const user = await ctx.db
      .selectFrom('app_user')
      .select(['id', 'recruit_year', 'user_register_type', 'name'])
      .where('applicant_number', '=', number)
      .executeTakeFirstOrThrow();
    const applicant: DoctorApplicant = {
      userId: user.id,
      recruitYear: user.recruit_year ?? '',
      area: DOCTOR_AREA,
      registerType: Number(user.user_register_type),
      applicantNumber: number,
      name: user.name,
    };
    for (const step of STEPS[journey]) await step(ctx, applicant, photo);
  }
}
