import { SUMMER_CAMP_AREA, type CampDraftSectionsInput } from '@gradus/contract';
import type { DB } from '../../../db/database';
import { buildTestApp, captcha, call, DEMO_PASSWORD, signIn, type TestApp } from '../../../../test/harness';
import { storeMaterial } from '../../application-form/fixtures';
import { seedCatalogue } from '../../doctor/demo/catalogue';
import { campMissingMaterials } from '../materials/required';

/** Test helpers of the camp form: the year's camps, a complete form, a second camper, uploaded materials. */

export const DAY = 86_400_000;

export interface CampSetup {
  /** Computer science (its doctoral and master's programmes): open for 30 days. */
  csCamp: number;
  /** Economics (its doctoral programme): open for 10 days. */
  econCamp: number;
  /** Ethnology: opens in 60 days. */
  ethCamp: number;
  csPhd: number;
  csMs: number;
  econPhd: number;
  ethPhd: number;
  /** The programme of last year's camp only. */
  lastYearProgramme: number;
  /** Two directions of the computer-science doctorate, a supervisor of each; a direction of economics. */
  direction: number;
  supervisor: number;
  otherDirection: number;
  otherSupervisor: number;
  econDirection: number;
}

async function insertCamp(db: DB, now: number, camp: { year: string; nameZh: string; nameEn: string; departmentId: number; opens: number; closes: number; programmes: number[] }): Promise<number> {
  const { id } = await db
    .insertInto('summer_camp')
    .values({
      recruit_year: camp.year,
      name_zh: camp.nameZh,
      name_en: camp.nameEn,
      department_id: camp.departmentId,
      starts_on: '2027-07-10',
      ends_on: '2027-07-14',
      mode: 'onsite',
      place_zh: '主楼 301',
      place_en: 'Main Building 301',
      apply_opens_at: camp.opens,
      apply_closes_at: camp.closes,
      confirm_closes_at: camp.closes + 20 * DAY,
      waitlist_confirm_hours: 48,
      rates_campers: 1,
      decline_undoable: 0,
      created_at: now,
      updated_at: now,
      updated_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const programmeId of camp.programmes) await db.insertInto('summer_camp_programme').values({ camp_id: id, programme_id: programmeId, capacity: 30 }).execute();
  return id;
}

/** The 2027 camps around `now` and one of 2026. Expects the demo catalogue (seedCatalogue) in place. */
export async function setUpCamps(db: DB, now: number): Promise<CampSetup> {
  const programme = (code: string) => db.selectFrom('programme').select(['id', 'department_id']).where('code', '=', code).executeTakeFirstOrThrow();
  const direction = (code: string) => db.selectFrom('research_direction').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  const supervisorOf = (directionId: number) => db.selectFrom('supervisor').select('id').where('direction_id', '=', directionId).orderBy('id').executeTakeFirstOrThrow();
  const [csPhd, csMs, econPhd, ethPhd, econMs] = await Promise.all(['CS-PHD-081200', 'CS-MS-081200', 'ECON-PHD-020100', 'ETH-PHD-030400', 'ECON-MS-020200'].map(programme));
  const [d1, d2, econD] = await Promise.all(['CS-PHD-081200-01', 'CS-PHD-081200-02', 'ECON-PHD-020100-01'].map(direction));
  const csCamp = await insertCamp(db, now, { year: '2027', nameZh: '计算机学院夏令营', nameEn: 'Computer Science Summer Camp', departmentId: csPhd!.department_id, opens: now - DAY, closes: now + 30 * DAY, programmes: [csPhd!.id, csMs!.id] });
  const econCamp = await insertCamp(db, now, { year: '2027', nameZh: '经济学院夏令营', nameEn: 'Economics Summer Camp', departmentId: econPhd!.department_id, opens: now - DAY, closes: now + 10 * DAY, programmes: [econPhd!.id] });
  const ethCamp = await insertCamp(db, now, { year: '2027', nameZh: '民族学夏令营', nameEn: 'Ethnology Summer Camp', departmentId: ethPhd!.department_id, opens: now + 60 * DAY, closes: now + 90 * DAY, programmes: [ethPhd!.id] });
  await insertCamp(db, now, { year: '2026', nameZh: '去年的夏令营', nameEn: 'Last Year’s Camp', departmentId: econMs!.department_id, opens: now - 400 * DAY, closes: now - 370 * DAY, programmes: [econMs!.id] });
  return {
    csCamp,
    econCamp,
    ethCamp,
    csPhd: csPhd!.id,
    csMs: csMs!.id,
    econPhd: econPhd!.id,
    ethPhd: ethPhd!.id,
    lastYearProgramme: econMs!.id,
    direction: d1!.id,
    supervisor: (await supervisorOf(d1!.id)).id,
    otherDirection: d2!.id,
    otherSupervisor: (await supervisorOf(d2!.id)).id,
    econDirection: econD!.id,
  };
}

export const STATEMENT = '我希望在夏令营中深入了解少数民族语言信息处理方向的研究工作，并与导师交流本科阶段的项目经历。'.repeat(6);

export function completeCampSections(ids: CampSetup) {
  return {
    contact: {
      mobile: '13800138003',
      email: 'li.na@example.edu',
      mailingAddress: '广东省深圳市南山区学苑大道1088号',
      postcode: '518055',
      emergencyName: '李强',
      emergencyRelation: '父亲',
      emergencyPhone: '13900139003',
    },
    undergraduate: {
      schoolKind: 'listed',
      schoolCode: '10052',
      schoolName: null,
      schoolRegion: null,
      major: '计算机科学与技术',
      entryMonth: '2023-09',
      graduationMonth: '2027-06',
      gpa: 3.82,
      gpaScale: '4',
      rankBasis: 'gpa',
      rank: 5,
      cohortSize: 120,
    },
    english: [{ test: 'cet6', testName: null, score: 568, month: '2024-12' }],
    research: [{ kind: 'paper', title: '面向藏语的低资源分词方法', detail: '本科生科研项目' }],
    awards: [{ name: '全国大学生数学建模竞赛', level: 'national', month: '2025-10' }],
    choices: [{ programmeId: ids.csPhd, directionId: ids.direction, supervisorId: ids.supervisor }],
    statement: { text: STATEMENT },
  } satisfies CampDraftSectionsInput;
}

/** Another summer-camp applicant of 2027 (a copy of the demo camper's account and roles); returns their token. */
export async function secondCamper(t: TestApp): Promise<string> {
  const db = t.app.ctx.db;
  const { id, ...li } = await db.selectFrom('app_user').selectAll().where('applicant_number', '=', '2027300001').executeTakeFirstOrThrow();
  const other = await db
    .insertInto('app_user')
    .values({ ...li, applicant_number: '2027300002', name: '周敏', id_number: null, email: 'zhou.min@example.edu', mobile: '13800138097' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const role of await db.selectFrom('user_role').selectAll().where('user_id', '=', id).execute()) await db.insertInto('user_role').values({ ...role, user_id: other.id }).execute();
  return signInSecondCamper(t);
}

/** A new session of the second camper: it reads their account as it is now. */
export async function signInSecondCamper(t: TestApp): Promise<string> {
  const r = await call<{ token: string }>(t.app, '/api/v1/client/masterLogin', {
    body: { userRegisterType: 3, candidateNo: '2027300002', name: '周敏', password: DEMO_PASSWORD, ...(await captcha(t.app)) },
  });
  if (r.code !== 0) throw new Error(`sign-in of the second camper: ${r.msg}`);
  return r.data.token;
}

/** Stores small PDF records until no required category is missing, as the materials calls would. */
export async function uploadCampMaterials(db: DB, owner: { userId: number; recruitYear: string; registerType: number }, now: number): Promise<void> {
  for (let missing = await campMissingMaterials(db, owner); missing.length > 0; missing = await campMissingMaterials(db, owner)) {
    for (const category of missing) await storeMaterial(db, owner, SUMMER_CAMP_AREA, category, now);
  }
}

/** A test app with the demo catalogue and the year's camps, and the demo camper (李娜) signed in. */
export async function campFormTestApp(): Promise<{ t: TestApp; li: string; ids: CampSetup }> {
  const t = await buildTestApp();
  await seedCatalogue(t.app.ctx.db);
  const ids = await setUpCamps(t.app.ctx.db, t.clock.now());
  return { t, li: await signIn(t.app, 'camper'), ids };
}
