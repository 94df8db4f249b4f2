import { DEPARTMENT_REVIEW_STAGE, QUALIFICATION_REVIEW_STAGE, TMS_AREA, type TmsDraftSectionsInput } from '@gradus/contract';
import type { AppContext } from '../../../context';
import { recordDecision } from '../../admissions/decisions';
import { PORTAL_ACTOR } from '../../admissions/staff-audit';
import { loadApplication } from '../../applications/target';
import { inviteToInterview } from '../interview/staff';
import { seedSubmittedTuimian } from './applicant';

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
 * password and finds the invitation waiting for her answer.
 */
export async function seedInvitedTuimian(ctx: AppContext, recruitYear: string): Promise<void> {
  const now = ctx.clock.now();
  const person = { ...INVITED_TUIMIAN, idFirst17: '42010620030412362', sex: '1', email: 'he.siyuan@example.edu', mobile: '13800138007', primarySchoolCity: 'Wuhan' } as const;
  const { applicant: a, formId } = await seedSubmittedTuimian(ctx, recruitYear, person, sectionsOf, 'CS-MS-081200');
  await recordDecision(ctx.db, now, TMS_AREA, a, { stage: DEPARTMENT_REVIEW_STAGE, outcome: 'pass' }, PORTAL_ACTOR);
  await recordDecision(ctx.db, now, TMS_AREA, a, { stage: QUALIFICATION_REVIEW_STAGE, outcome: 'pass' }, PORTAL_ACTOR);
  await inviteToInterview(
    ctx,
    await loadApplication(ctx.db, formId),
    {
      applicationId: formId,
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
