import { Readable } from 'node:stream';
import { DEPARTMENT_REVIEW_STAGE, IdType, QUALIFICATION_REVIEW_STAGE, RegisterType, TMS_AREA, type TmsDraftSectionsInput } from '@gradus/contract';
import type { AppContext } from '../../../context';
import { DEMO_PASSWORD, withCheckDigit } from '../../../db/seed/demo';
import { demoPdf } from '../../../db/seed/demo-pdf';
import { hashSecret, normalizeAnswer } from '../../../lib/passwords';
import type { Applicant } from '../../admissions/applicant';
import { recordDecision } from '../../admissions/decisions';
import { PORTAL_ACTOR } from '../../admissions/staff-audit';
import { loadApplication } from '../../applications/target';
import { commitUpload, planUpload, receiveMaterial } from '../../materials/service';
import { createApplicant } from '../../user/repo';
import { saveTmsDraft, submitTmsForm } from '../form/service';
import { inviteToInterview } from '../interview/staff';
import { TMS_MATERIALS } from '../materials/area';
import { tmsMissingMaterials } from '../materials/required';

const DAY = 86_400_000;

/** The demo's tuimian applicant invited to the interview: the start-up banner and the README name her. */
export const INVITED_TUIMIAN = { number: '2027500002', name: '何思远' } as const;

/** `days` from now at a whole hour, Beijing time (ISO with its offset), as the school would announce it. */
function beijingAt(now: number, days: number, hour: number): string {
  const d = new Date(now + days * DAY);
  d.setUTCHours(hour - 8, 0, 0, 0);
  return d.toISOString().replace('Z', '+00:00');
}

function sectionsOf(ids: { programmeId: number; directionId: number }): TmsDraftSectionsInput {
  return {
    contact: {
      mobile: '13800138007',
      email: 'he.siyuan@example.edu',
      mailingAddress: '湖北省武汉市洪山区珞喻路1037号',
      postcode: '430074',
      emergencyName: '何建华',
      emergencyRelation: '父亲',
      emergencyPhone: '13900139007',
    },
    undergraduate: {
      schoolKind: 'listed',
      schoolCode: '10486',
      schoolName: null,
      schoolRegion: null,
      major: '软件工程',
      entryMonth: '2022-09',
      graduationMonth: '2026-06',
      gpa: 3.91,
      gpaScale: '4',
      rankBasis: 'composite',
      rank: 3,
      cohortSize: 210,
    },
    recommendation: { status: 'granted', universityCode: '10486', campPlaceId: null },
    english: [{ test: 'cet6', testName: null, score: 612, month: '2024-06' }],
    research: [{ kind: 'project', title: '面向少数民族语言的语音识别数据集构建', detail: '国家级大学生创新训练项目，负责数据标注与基线模型' }],
    awards: [{ name: '全国大学生数学建模竞赛', level: 'national', month: '2024-11' }],
    choice: { degreeType: 'professionalMaster', programmeId: ids.programmeId, directionId: ids.directionId, supervisorId: null, willingToTransfer: 'no' },
    statement: {
      text: '本科期间我在软件工程专业打下了扎实的程序设计与系统开发基础，参与了少数民族语言语音数据集的构建工作，负责数据采集规范、标注工具开发与基线模型训练。推免攻读硕士学位后，我希望继续在自然语言处理与语音技术方向深入学习，将所学用于民族语言文化资源的数字化保护，并完成一篇能够服务实际应用的学位论文。在本科阶段的项目中，我深刻体会到高质量数据与严谨评测的重要性，也认识到跨学科合作的价值：语言学同学帮助我们制定了标注规范，民族学院的老师为我们联系了发音人。我希望在研究生阶段系统学习机器学习与信号处理的理论，参与导师团队的科研项目，提升独立发现问题和解决问题的能力。',
    },
  };
}

/**
 * 何思远: a tuimian applicant whose application the school and the graduate school passed, invited to
 * the interview on site in five days and asked to answer within two. She signs in with the demo
 * password and finds the invitation waiting for her answer. Walked there through the portal's own
 * services, so every row is as the real steps write it.
 */
export async function seedInvitedTuimian(ctx: AppContext, recruitYear: string): Promise<void> {
  const now = ctx.clock.now();
  const account = await createApplicant(ctx.db, now, {
    registerType: RegisterType.TUIMIAN,
    name: INVITED_TUIMIAN.name,
    idType: IdType.MAINLAND_ID,
    idNumber: withCheckDigit('42010620030412362'),
    sex: '1',
    email: 'he.siyuan@example.edu',
    mobile: '13800138007',
    recruitYear,
    passwordHash: await hashSecret(DEMO_PASSWORD),
    securityQuestion: 'In which city was your primary school?',
    securityAnswerHash: await hashSecret(normalizeAnswer('Wuhan')),
  });
  if (account.number !== INVITED_TUIMIAN.number) throw new Error(`the invited tuimian demo applicant got ${account.number}, not ${INVITED_TUIMIAN.number}`);
  const a: Applicant = { userId: account.userId, recruitYear, area: TMS_AREA, registerType: RegisterType.TUIMIAN, applicantNumber: account.number, name: INVITED_TUIMIAN.name };
  const programme = await ctx.db.selectFrom('programme').select('id').where('code', '=', 'CS-MS-081200').executeTakeFirstOrThrow();
  const direction = await ctx.db.selectFrom('research_direction').select('id').where('programme_id', '=', programme.id).orderBy('code').executeTakeFirstOrThrow();
  const saved = await saveTmsDraft(ctx, a, 'zh-CN', { version: 0, sections: sectionsOf({ programmeId: programme.id, directionId: direction.id }) });
  for (let missing = await tmsMissingMaterials(ctx.db, a); missing.length > 0; missing = await tmsMissingMaterials(ctx.db, a)) {
    for (const category of missing) {
      const plan = await planUpload(ctx, TMS_MATERIALS, a, { category });
      const received = await receiveMaterial(ctx, plan, Readable.from([demoPdf(`${a.applicantNumber} ${category}`)]), `${category}.pdf`);
      await commitUpload(ctx, TMS_MATERIALS, a, plan, received);
    }
  }
  await submitTmsForm(ctx, a, 'zh-CN', { version: saved.version });
  await recordDecision(ctx.db, now, TMS_AREA, a, { stage: DEPARTMENT_REVIEW_STAGE, outcome: 'pass' }, PORTAL_ACTOR);
  await recordDecision(ctx.db, now, TMS_AREA, a, { stage: QUALIFICATION_REVIEW_STAGE, outcome: 'pass' }, PORTAL_ACTOR);
  const form = await ctx.db.selectFrom('application_form').select('id').where('user_id', '=', a.userId).where('area', '=', TMS_AREA).executeTakeFirstOrThrow();
  await inviteToInterview(
    ctx,
    await loadApplication(ctx.db, form.id),
    {
      applicationId: form.id,
      startsAt: beijingAt(now, 5, 9),
      format: 'onsite',
      place: '计算机学院 412 会议室 / School of Computer Science, Room 412',
      link: '',
      notes: '请携带身份证、推免资格证明原件和本科成绩单原件。Bring your ID card and the originals of the recommendation certificate and the transcript.',
      respondBy: beijingAt(now, 2, 17),
    },
    PORTAL_ACTOR,
  );
}
