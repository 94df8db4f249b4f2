import { readFile } from 'node:fs/promises';
import { DOCTOR_AREA, IdType, RegisterType } from '@gradus/contract';
import type { AppContext } from '../../../context';
import { DEMO_PASSWORD, DEMO_YEAR, withCheckDigit } from '../../../db/seed/demo';
import { hashSecret, normalizeAnswer } from '../../../lib/passwords';
import { PORTAL_ACTOR } from '../../admissions/staff-audit';
import { createApplicant } from '../../user/repo';
import type { DoctorApplicant } from '../applicant';
import { submitForm } from '../form/service';
import { returnForm } from '../form/staff';
import { currentPhotoId, reviewPhoto } from '../materials/staff';
import { decide } from '../results/staff';
import { DEMO_PHOTO, payFee, prepareApplication, type DemoChoice } from './journeys';

/**
 * The rest of the demo's doctoral cohort (issue #9): 56 applicants besides the four the README
 * names, spread over every state the back office works through, so that the applications list,
 * its filters and the review screens have real content. All sign in with the demo password.
 */
export const COHORT_SIZE = 56;

const SURNAMES = ['李', '王', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭'];
const GIVEN = ['子涵', '浩然', '思远', '雨桐', '欣怡', '宇航', '梓萱', '俊杰', '诗琪', '博文', '佳怡', '明轩', '若曦', '天佑'];
const CHOICES: readonly DemoChoice[] = [
  { programme: 'CS-PHD-081200', direction: 'CS-PHD-081200-01' },
  { programme: 'CS-PHD-081200', direction: 'CS-PHD-081200-02' },
  { programme: 'ECON-PHD-020100', direction: 'ECON-PHD-020100-02' },
  { programme: 'ETH-PHD-030400', direction: 'ETH-PHD-030400-02' },
  { programme: 'CS-PHD-081200', direction: 'CS-PHD-081200-03' },
  { programme: 'ETH-PHD-030400', direction: 'ETH-PHD-030400-01' },
  { programme: 'ECON-PHD-020100', direction: 'ECON-PHD-020100-01' },
];

/** Where the i-th applicant of the cohort stands; a ten-step cycle so every state has several. */
type CohortState = 'registered' | 'draft' | 'unpaid' | 'photoWaiting' | 'photoRejected' | 'awaitingReview' | 'eligible' | 'ineligible' | 'returned';
const CYCLE: readonly CohortState[] = ['registered', 'draft', 'unpaid', 'photoWaiting', 'photoWaiting', 'photoRejected', 'awaitingReview', 'eligible', 'eligible', 'returned'];
export const cohortStateOf = (i: number): CohortState => (i % 20 === 17 ? 'ineligible' : CYCLE[i % CYCLE.length]!);

export async function seedCohort(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const photo = await readFile(DEMO_PHOTO);
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  const answerHash = await hashSecret(normalizeAnswer('Beijing'));
  for (let i = 0; i < COHORT_SIZE; i++) {
    const registerType = i % 7 === 3 ? RegisterType.DOCTOR_SUCCESSIVE : RegisterType.DOCTOR_ASSESSMENT;
    const name = `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 5) % GIVEN.length]}`;
    const created = await createApplicant(ctx.db, now, {
      registerType,
      name,
      idType: IdType.MAINLAND_ID,
      idNumber: withCheckDigit(`1101051996${String(1 + (i % 12)).padStart(2, '0')}${String(10 + (i % 18)).padStart(2, '0')}${String(100 + i).slice(-3)}`),
      sex: i % 2 === 0 ? '0' : '1',
      email: `cohort${i + 1}@example.edu`,
      mobile: `1390013${String(1000 + i).slice(-4)}`,
      recruitYear: DEMO_YEAR,
      passwordHash,
      securityQuestion: 'In which city was your primary school?',
      securityAnswerHash: answerHash,
    });
    const applicant: DoctorApplicant = { userId: created.userId, recruitYear: DEMO_YEAR, area: DOCTOR_AREA, registerType, applicantNumber: created.number, name };
    const state = cohortStateOf(i);
    const choice = CHOICES[i % CHOICES.length]!;
    await walk(ctx, applicant, state, photo, choice);
  }
}

async function walk(ctx: AppContext, a: DoctorApplicant, state: CohortState, photo: Buffer, choice: DemoChoice): Promise<void> {
  if (state === 'registered') return;
  const version = await prepareApplication(ctx, a, photo, choice);
  if (state === 'draft') return;
  await submitForm(ctx, a, 'zh-CN', { version });
  if (state === 'returned') {
    await returnForm(ctx.db, ctx.clock.now(), { userId: a.userId, recruitYear: a.recruitYear, subject: a.applicantNumber, sections: ['education'], reason: '请补充硕士阶段的学位证书编号。' });
    return;
  }
  if (state === 'unpaid') return;
  await payFee(ctx, a);
  if (state === 'photoWaiting') return;
  const materialId = await currentPhotoId(ctx.db, a);
  if (state === 'photoRejected') {
    await reviewPhoto(ctx.db, ctx.clock.now(), { materialId, outcome: 'rejected', reason: '背景不是纯色，请上传白色或浅蓝色背景的证件照。' }, PORTAL_ACTOR);
    return;
  }
  await reviewPhoto(ctx.db, ctx.clock.now(), { materialId, outcome: 'approved' }, PORTAL_ACTOR);
  if (state === 'eligible') await decide(ctx.db, ctx.clock.now(), a, { stage: 'qualificationReview', outcome: 'pass' }, PORTAL_ACTOR);
  if (state === 'ineligible') await decide(ctx.db, ctx.clock.now(), a, { stage: 'qualificationReview', outcome: 'fail', reason: '硕士学位尚未取得，不符合申请-考核制报考条件。' }, PORTAL_ACTOR);
}
