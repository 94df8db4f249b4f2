import type { DraftSectionsInput } from '@gradus/contract';
import type { DB } from '../../../db/database';
import { storeMaterial } from '../../application-form/fixtures';
import { refreshListStates } from '../../applications/list-states';
import { missingRequiredMaterials } from '../journey/service';

/** Test helpers of the form module: catalogue ids, a complete form, uploaded materials. */

export interface CatalogueIds {
  departmentId: number;
  programmeId: number;
  directionId: number;
  supervisorId: number;
  /** A second direction of the same programme and one of its supervisors. */
  otherDirectionId: number;
  otherSupervisorId: number;
  /** The master's programme of the same department: not a doctoral choice. */
  masterProgrammeId: number;
  /** A doctoral programme of another department. */
  foreignProgrammeId: number;
}

export async function catalogueIds(db: DB): Promise<CatalogueIds> {
  const programme = async (code: string) => db.selectFrom('programme').select(['id', 'department_id']).where('code', '=', code).executeTakeFirstOrThrow();
  const direction = async (code: string) => db.selectFrom('research_direction').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  const supervisorOf = async (directionId: number) => db.selectFrom('supervisor').select('id').where('direction_id', '=', directionId).orderBy('id').executeTakeFirstOrThrow();
  const cs = await programme('CS-PHD-081200');
  const d1 = await direction('CS-PHD-081200-01');
  const d2 = await direction('CS-PHD-081200-02');
  return {
    departmentId: cs.department_id,
    programmeId: cs.id,
    directionId: d1.id,
    supervisorId: (await supervisorOf(d1.id)).id,
    otherDirectionId: d2.id,
    otherSupervisorId: (await supervisorOf(d2.id)).id,
    masterProgrammeId: (await programme('CS-MS-081200')).id,
    foreignProgrammeId: (await programme('ECON-PHD-020100')).id,
  };
}

export const PLAN = '本研究拟围绕少数民族语言的低资源机器翻译展开，'.repeat(12);

export function completeSections(ids: CatalogueIds) {
  return {
    contact: {
      mobile: '13800138001',
      email: 'zhang.wei@example.edu',
      mailingAddress: '北京市海淀区中关村南大街27号',
      postcode: '100081',
      emergencyName: '张强',
      emergencyRelation: '父亲',
      emergencyPhone: '13900139000',
    },
    education: [
      { fromMonth: '2014-09', toMonth: '2018-06', school: '北京大学', major: '计算机科学与技术', degree: 'bachelor', degreeCertificateNo: '1000142018001234' },
      { fromMonth: '2018-09', toMonth: '2021-06', school: '清华大学', major: '软件工程', degree: 'master', degreeCertificateNo: '1000342021005678' },
    ],
    work: [{ fromMonth: '2021-07', toMonth: null, employer: '华为技术有限公司', position: '工程师' }],
    research: [{ kind: 'paper', title: '面向藏语的低资源神经机器翻译', detail: 'ACL 2023, first author' }],
    languages: [{ language: 'english', certificateType: 'CET-6', score: '560', obtainedMonth: '2016-12' }],
    intended: { departmentId: ids.departmentId, programmeId: ids.programmeId, directionId: ids.directionId, supervisorId: ids.supervisorId },
    plan: { summary: PLAN },
  } satisfies DraftSectionsInput;
}

/** Stores a small PDF record per required category, as the materials calls would. */
export async function uploadRequiredMaterials(db: DB, owner: { userId: number; recruitYear: string }, now: number): Promise<string[]> {
  const missing = await missingRequiredMaterials(db, owner);
  for (const category of missing) await storeMaterial(db, owner, 'doctor', category, now);
  await refreshListStates(db, { ...owner, area: 'doctor' });
  return missing;
}
