import { TMS_AREA, type TmsDraftSectionsInput } from '@gradus/contract';
import type { DB } from '../../../db/database';
import { buildTestApp, call, signIn, type TestApp } from '../../../../test/harness';
import { storeMaterial } from '../../application-form/fixtures';
import { seedCatalogue } from '../../doctor/demo/catalogue';
import { tmsMissingMaterials } from '../materials/required';

/** Test helpers of the tuimian form: the catalogue's ids, a complete form, uploaded materials. */

export interface TmsIds {
  csPhd: number;
  csMs: number;
  /** A direction of the computer-science doctorate and its first supervisor; a direction of the master's. */
  phdDirection: number;
  phdSupervisor: number;
  msDirection: number;
  msSupervisor: number;
  econPhd: number;
}

export async function tmsIds(db: DB): Promise<TmsIds> {
  const programme = (code: string) => db.selectFrom('programme').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  const directionOf = (programmeId: number) => db.selectFrom('research_direction').select('id').where('programme_id', '=', programmeId).orderBy('code').executeTakeFirstOrThrow();
  const supervisorOf = (directionId: number) => db.selectFrom('supervisor').select('id').where('direction_id', '=', directionId).orderBy('id').executeTakeFirstOrThrow();
  const [csPhd, csMs, econPhd] = await Promise.all(['CS-PHD-081200', 'CS-MS-081200', 'ECON-PHD-020100'].map(programme));
  const phdDirection = await directionOf(csPhd!.id);
  const msDirection = await directionOf(csMs!.id);
  return {
    csPhd: csPhd!.id,
    csMs: csMs!.id,
    econPhd: econPhd!.id,
    phdDirection: phdDirection.id,
    phdSupervisor: (await supervisorOf(phdDirection.id)).id,
    msDirection: msDirection.id,
    msSupervisor: (await supervisorOf(msDirection.id)).id,
  };
}

export const STATEMENT = '我在本科阶段参与了少数民族语言信息处理方向的科研项目，希望推免攻读硕士学位，继续在该方向深入研究并完成高质量的学位论文。'.repeat(5);

/** 王芳's complete application: an academic master's in computer science, recommended by Sichuan University (10610). */
export function completeTmsSections(ids: TmsIds) {
  return {
    contact: {
      mobile: '13800138005',
      email: 'wang.fang@example.edu',
      mailingAddress: '四川省成都市武侯区一环路南一段24号',
      postcode: '610065',
      emergencyName: '王建国',
      emergencyRelation: '父亲',
      emergencyPhone: '13900139005',
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
      rankBasis: 'composite',
      rank: 4,
      cohortSize: 156,
    },
    recommendation: { status: 'granted', universityCode: '10610', campPlaceId: null },
    english: [{ test: 'cet6', testName: null, score: 590, month: '2024-06' }],
    research: [{ kind: 'paper', title: '彝文古籍图像的字符识别', detail: '大学生创新训练项目负责人' }],
    awards: [{ name: '中国大学生计算机设计大赛', level: 'national', month: '2025-07' }],
    choice: { degreeType: 'academicMaster', programmeId: ids.csMs, directionId: ids.msDirection, supervisorId: null, willingToTransfer: 'yes' },
    statement: { text: STATEMENT },
  } satisfies TmsDraftSectionsInput;
}

/** Stores small PDF records until no required category is missing, as the materials calls would. */
export async function uploadTmsMaterials(db: DB, owner: { userId: number; recruitYear: string; registerType: number }, now: number): Promise<void> {
  for (let missing = await tmsMissingMaterials(db, owner); missing.length > 0; missing = await tmsMissingMaterials(db, owner)) {
    for (const category of missing) await storeMaterial(db, owner, TMS_AREA, category, now);
  }
}

/** A test app with the demo catalogue and 王芳, the demo tuimian applicant, signed in. */
export async function tmsFormTestApp(): Promise<{ t: TestApp; wang: string; ids: TmsIds }> {
  const t = await buildTestApp();
  await seedCatalogue(t.app.ctx.db);
  return { t, wang: await signIn(t.app, 'tuimian'), ids: await tmsIds(t.app.ctx.db) };
}

/** 王芳's complete application saved, its materials stored and submitted through the real calls; the form's id. */
export async function submitTmsApplication(t: TestApp, token: string, ids: TmsIds): Promise<number> {
  const db = t.app.ctx.db;
  const user = await db.selectFrom('app_user').select(['id', 'recruit_year', 'user_register_type']).where('applicant_number', '=', '2027500001').executeTakeFirstOrThrow();
  const saved = await call(t.app, '/mucgrs-service/tms/form/saveDraft', { token, body: { version: 0, sections: completeTmsSections(ids) } });
  if (saved.code !== 0) throw new Error(`saveDraft: ${saved.msg}`);
  await uploadTmsMaterials(db, { userId: user.id, recruitYear: user.recruit_year!, registerType: user.user_register_type! }, t.clock.now());
  const submitted = await call(t.app, '/mucgrs-service/tms/form/submit', { token, body: { version: 1 }, lang: 'en' });
  if (submitted.code !== 0) throw new Error(`submit: ${submitted.msg}`);
  return (await db.selectFrom('application_form').select('id').where('user_id', '=', user.id).where('area', '=', TMS_AREA).executeTakeFirstOrThrow()).id;
}
