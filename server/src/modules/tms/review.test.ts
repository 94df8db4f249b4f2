import { TMS_AREA, type ApplicationFileView, type ApplicationListView, type ApplicationProgressView, type TmsCatalogueView, type TmsFormDetailView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, type TestApp } from '../../../test/harness';
import { submitTmsApplication, tmsFormTestApp, type TmsIds } from './form/fixtures';

/**
 * The back office's review of tuimian applications (issue #11): the school of the chosen programme
 * reviews first, the graduate school (the office) decides after it, and a return reopens named
 * sections of the form. Secretaries of other schools, the applicant and other applicants are
 * refused, and every refusal changes nothing.
 */
let t: TestApp;
let ids: TmsIds;
let tokens: { wang: string; office: string; secretary: string; secretaryEcon: string; camper: string };
let applicationId = 0;

const staff = <T>(url: string, token: string, body: unknown, lang = 'en') => call<T>(t.app, `/mucgrs-service/staff/${url}`, { token, body, lang });
const tms = <T>(url: string, token = tokens.wang) => call<T>(t.app, `/mucgrs-service/tms/${url}`, { token, body: {}, lang: 'en' });
const decisions = () => t.app.ctx.db.selectFrom('review_decision').select(['user_id', 'stage', 'outcome', 'reason']).where('area', '=', TMS_AREA).orderBy('stage').execute();
const forms = () => t.app.ctx.db.selectFrom('application_form').select(['id', 'status', 'version', 'department_review', 'qualification', 'returned_until']).where('area', '=', TMS_AREA).execute();
const decide = (token: string, stage: string, outcome: string, reason?: string) => staff('applications/decide', token, { applicationId, stage, outcome, ...(reason === undefined ? {} : { reason }) });
const queue = (token: string, filter: Record<string, unknown> = {}) => staff<ApplicationListView>('applications/list', token, { area: TMS_AREA, formStatus: 'submitted', pageSize: 10, ...filter });

/** The reply, and the tuimian decisions and forms unchanged by it. */
async function unchanged<R>(act: () => Promise<R>): Promise<R> {
  const before = [await decisions(), await forms()];
  const r = await act();
  expect([await decisions(), await forms()]).toEqual(before);
  return r;
}

beforeAll(async () => {
  let wang: string;
  ({ t, wang, ids } = await tmsFormTestApp());
  tokens = { wang, office: await signIn(t.app, 'admin'), secretary: await signIn(t.app, 'secretary'), secretaryEcon: await signIn(t.app, 'secretaryEcon'), camper: await signIn(t.app, 'camper') };
  applicationId = await submitTmsApplication(t, wang, ids);
}, 120_000);
afterAll(async () => t?.close());

describe('the tuimian applications in the back office', () => {
  it('lists the application for the school of the chosen programme and the office, not for another school', async () => {
    expect((await queue(tokens.secretary, { departmentReview: 'pending' })).data.rows.map((r) => [r.name, r.departmentReview, r.qualification])).toEqual([['王芳', 'pending', 'pending']]);
    expect((await queue(tokens.office)).data.total).toBe(1);
    expect((await queue(tokens.secretaryEcon)).data.total).toBe(0);
  });

  it('opens the file with the tuimian form, its eight kinds of materials and what the secretary may decide', async () => {
    const f = (await staff<ApplicationFileView>('applications/file', tokens.secretary, { applicationId })).data;
    expect(f.area).toBe(TMS_AREA);
    const form = f.form as TmsFormDetailView;
    expect(form.sections.recommendation).toMatchObject({ status: 'granted', universityCode: '10610' });
    expect(form.sections.choice).toMatchObject({ degreeType: 'academicMaster', programmeId: ids.csMs, directionId: ids.msDirection });
    expect(f.choice.programme?.nameEn).toBe('Computer Science and Technology (Master)');
    expect(new Set(f.materials.map((m) => m.category))).toEqual(new Set(['recommendationCertificate', 'transcript', 'rankCertificate', 'refereeLetter', 'personalStatement', 'idDocument', 'integrityPledge']));
    expect(f.allowed).toMatchObject({ reviewPhoto: false, returnForm: true, decide: false, decideDepartment: true });
    // The back office's catalogue names the master's programmes of the choice (no applicant's camp results in it).
    const catalogue = await staff<TmsCatalogueView>('applications/catalogue', tokens.office, { area: TMS_AREA });
    expect(catalogue.code, catalogue.msg).toBe(0);
    expect(catalogue.data.campResults).toEqual([]);
    expect(catalogue.data.departments.flatMap((d) => d.programmes.map((p) => p.id))).toContain(ids.csMs);
  });

  it('another school’s secretary, the applicant and a camper cannot open or decide it, and nothing changes', async () => {
    for (const token of [tokens.secretaryEcon, tokens.wang, tokens.camper]) {
      const file = await staff('applications/file', token, { applicationId });
      expect([403, 404]).toContain(file.code);
      expect(file.data).toBeUndefined();
      expect([403, 404]).toContain((await unchanged(() => decide(token, 'departmentReview', 'pass'))).code);
    }
  });

  it('the graduate school decides only after the school passed; a fail needs a reason; bad input changes nothing', async () => {
    const early = await unchanged(() => decide(tokens.office, 'qualificationReview', 'pass'));
    expect(early.code).toBe(409);
    const noReason = await unchanged(() => decide(tokens.secretary, 'departmentReview', 'fail'));
    expect(noReason.code).toBe(400);
    expect(noReason.msg.length).toBeGreaterThan(0);
    expect((await unchanged(() => decide(tokens.secretary, 'departmentReview', 'maybe'))).code).toBe(400);
  });

  it('a return reopens the named tuimian sections until its deadline, and the applicant sees which', async () => {
    const r = await staff<{ returnedUntil: number }>('applications/return', tokens.office, { applicationId, sections: ['recommendation'], reason: 'Upload the granted recommendation: the certificate says pending.' });
    expect(r.code, r.msg).toBe(0);
    const detail = (await tms<TmsFormDetailView>('form/detail')).data;
    expect(detail.status).toBe('returned');
    expect(detail.reopenedSections).toEqual(['recommendation']);
    // A section the tuimian form does not have (the doctoral form's family) is refused.
    const bad = await unchanged(() => staff('applications/return', tokens.office, { applicationId, sections: ['family'], reason: 'Wrong section name for this form.' }));
    expect(bad.code).toBe(400);
    // Corrected and submitted again, it is back in the school's queue.
    const again = await call(t.app, '/mucgrs-service/tms/form/submit', { token: tokens.wang, body: { version: detail.version }, lang: 'en' });
    expect(again.code, again.msg).toBe(0);
    expect((await queue(tokens.secretary, { departmentReview: 'pending' })).data.total).toBe(1);
  });

  it('the school passes, the office passes, and the applicant reads both on the information query', async () => {
    expect((await decide(tokens.secretary, 'departmentReview', 'pass')).code).toBe(0);
    const office = await decide(tokens.office, 'qualificationReview', 'pass');
    expect(office.code, office.msg).toBe(0);
    expect(await decisions()).toEqual([
      { user_id: expect.any(Number), stage: 'departmentReview', outcome: 'pass', reason: null },
      { user_id: expect.any(Number), stage: 'qualificationReview', outcome: 'pass', reason: null },
    ]);
    const progress = (await tms<ApplicationProgressView>('application/progress')).data;
    expect(progress).toMatchObject({ state: 'eligible', schoolReview: 'pass', officeReview: 'pass' });
  });

});
