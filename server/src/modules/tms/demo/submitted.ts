import type { TmsDraftSectionsInput } from '@gradus/contract';
import type { AppContext } from '../../../context';
import { seedSubmittedTuimian } from './applicant';

/** The demo's tuimian applicant waiting for the school's review: the start-up banner and the README name her. */
export const SUBMITTED_TUIMIAN = { number: '2027500003', name: '罗欣怡' } as const;

function sectionsOf(ids: { programmeId: number; directionId: number }): TmsDraftSectionsInput {
  return {
    contact: {
      mobile: '13800138008',
      email: 'luo.xinyi@example.edu',
      mailingAddress: '四川省成都市武侯区一环路南一段24号',
      postcode: '610065',
      emergencyName: '罗文',
      emergencyRelation: '母亲',
      emergencyPhone: '13900139008',
    },
    undergraduate: {
      schoolKind: 'listed',
      schoolCode: '10610',
      schoolName: null,
      schoolRegion: null,
      major: '计算机科学与技术',
      entryMonth: '2022-09',
      graduationMonth: '2026-06',
      gpa: 3.86,
      gpaScale: '4',
      rankBasis: 'gpa',
      rank: 5,
      cohortSize: 186,
    },
    recommendation: { status: 'granted', universityCode: '10610', campPlaceId: null },
    english: [{ test: 'ielts', testName: null, score: 7, month: '2025-03' }],
    research: [{ kind: 'paper', title: '基于多任务学习的藏汉机器翻译方法', detail: '第二作者，全国机器翻译大会（CCMT 2025）录用' }],
    awards: [{ name: '中国大学生计算机设计大赛', level: 'national', month: '2025-07' }],
    choice: { degreeType: 'academicMaster', programmeId: ids.programmeId, directionId: ids.directionId, supervisorId: null, willingToTransfer: 'yes' },
    statement: {
      text: '我在本科阶段系统学习了计算机科学的核心课程，并在导师指导下从事藏汉机器翻译研究，作为第二作者完成的论文已被全国机器翻译大会录用。这段经历让我认识到，低资源语言的机器翻译既有重要的学术价值，也关系到民族地区的信息服务。推免攻读学术型硕士学位后，我希望在自然语言处理方向继续深造，重点研究低资源条件下的多语言预训练与评测方法，并尝试将研究成果应用于民族语言的教育与文化传播。我具备扎实的数学与编程基础，英语能力良好，能够阅读和撰写英文论文；我也乐于与不同背景的同学合作，愿意服从专业调剂，全身心投入研究生阶段的学习和科研工作。',
    },
  };
}

/**
 * 罗欣怡: a tuimian applicant who submitted her form and every required material, not paid yet, and
 * waits for the school's review: the demo secretary finds her in the first step of *Recommended-exempt
 * applications*, and she reads where she stands on her information page.
 */
export async function seedSubmittedTuimianApplicant(ctx: AppContext, recruitYear: string): Promise<void> {
  const person = { ...SUBMITTED_TUIMIAN, idFirst17: '51010720040923184', sex: '1', email: 'luo.xinyi@example.edu', mobile: '13800138008', primarySchoolCity: 'Chengdu' } as const;
  await seedSubmittedTuimian(ctx, recruitYear, person, sectionsOf, 'CS-MS-081200');
}
