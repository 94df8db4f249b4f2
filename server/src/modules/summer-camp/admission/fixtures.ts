import { DEPARTMENT_REVIEW_STAGE, QUALIFICATION_REVIEW_STAGE, SUMMER_CAMP_AREA } from '@gradus/contract';
import { call, captcha, DEMO_PASSWORD, type TestApp } from '../../../../test/harness';
import type { Applicant } from '../../admissions/applicant';
import { recordDecision } from '../../admissions/decisions';
import { PORTAL_ACTOR } from '../../admissions/staff-audit';
import { completeCampSections, uploadCampMaterials, type CampSetup } from '../form/fixtures';
import { saveCampDraft, submitCampForm } from '../form/service';

/** A camper of the admission tests: their camp application, account and number. */
export interface Camper {
  applicationId: number;
  userId: number;
  number: string;
  name: string;
  email: string;
}

/**
 * A camper of 2027 (a copy of the demo camper's account and roles, so they can sign in) with a
 * submitted form choosing these programmes, ranked `rank` of 100, passed by the school and, when
 * `eligible`, by the graduate school.
 */
export async function eligibleCamper(t: TestApp, ids: CampSetup, n: number, rank: number, programmes: number[], eligible = true): Promise<Camper> {
  const db = t.app.ctx.db;
  const { id: liId, ...li } = await db.selectFrom('app_user').selectAll().where('applicant_number', '=', '2027300001').executeTakeFirstOrThrow();
  const number = `20273001${String(n).padStart(2, '0')}`;
  // A name of Chinese characters only (sign-in refuses digits): 营员 and the nth ideograph after 一.
  const name = `营员${String.fromCharCode(0x4e00 + n)}`;
  const email = `camper${n}@example.edu`;
  const { id } = await db
    .insertInto('app_user')
    .values({ ...li, applicant_number: number, name, id_number: null, email, mobile: `1380013${String(8000 + n)}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const role of await db.selectFrom('user_role').selectAll().where('user_id', '=', liId).execute()) await db.insertInto('user_role').values({ ...role, user_id: id }).execute();
  const a: Applicant = { userId: id, recruitYear: '2027', area: SUMMER_CAMP_AREA, registerType: 3, applicantNumber: number, name };
  const sections = completeCampSections(ids);
  const saved = await saveCampDraft(t.app.ctx, a, 'en', {
    version: 0,
    sections: { ...sections, undergraduate: { ...sections.undergraduate, rank, cohortSize: 100 }, choices: programmes.map((programmeId) => ({ programmeId })) },
  });
  await uploadCampMaterials(db, a, t.clock.now());
  await submitCampForm(t.app.ctx, a, 'en', { version: saved.version });
  await recordDecision(db, t.clock.now(), SUMMER_CAMP_AREA, a, { stage: DEPARTMENT_REVIEW_STAGE, outcome: 'pass' }, PORTAL_ACTOR);
  if (eligible) await recordDecision(db, t.clock.now(), SUMMER_CAMP_AREA, a, { stage: QUALIFICATION_REVIEW_STAGE, outcome: 'pass' }, PORTAL_ACTOR);
  const form = await db.selectFrom('application_form').select('id').where('user_id', '=', id).executeTakeFirstOrThrow();
  return { applicationId: form.id, userId: id, number, name, email };
}

/** Signs a test camper in through the real master login. */
export async function signInCamper(t: TestApp, c: Camper): Promise<string> {
  const r = await call<{ token: string }>(t.app, '/api/v1/client/masterLogin', { body: { userRegisterType: 3, candidateNo: c.number, name: c.name, password: DEMO_PASSWORD, ...(await captcha(t.app)) } });
  if (r.code !== 0) throw new Error(`sign-in of camper ${c.number}: ${r.msg}`);
  return r.data.token;
}
