import { DOCTOR_AREA } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, runAdmin, type TestApp } from '../../test/harness';
import { newDoctoralApplicant, type TestApplicant } from '../modules/doctor/results/fixtures/applicants';
import { runAdminCommand, UsageError } from './commands';

/**
 * Staff commands act as a named staff member, judged by the same policies as the back office
 * (issue #8): role, scope (a secretary's departments) and the publish permission, which no role implies.
 */
let t: TestApp;
let inCs: TestApplicant;
let inEcon: TestApplicant;
beforeAll(async () => {
  t = await buildTestApp();
  inCs = await newDoctoralApplicant(t, '陈一');
  inEcon = await newDoctoralApplicant(t, '王二');
  const db = t.app.ctx.db;
  for (const [applicant, code] of [[inCs, 'CS'], [inEcon, 'ECON']] as const) {
    const dept = await db.selectFrom('department').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    await db
      .insertInto('application_form')
      .values({ user_id: applicant.userId, recruit_year: applicant.recruitYear, area: DOCTOR_AREA, status: 'submitted', sections_json: '{}', department_id: dept.id, version: 1, saved_at: 0, submitted_at: 0, created_at: 0 })
      .execute();
  }
});
afterAll(async () => t.close());

const decide = (applicant: TestApplicant, ...as: string[]) =>
  runAdmin(t, 'decide', '--applicant', applicant.number, '--stage', 'qualificationReview', '--outcome', 'pass', ...as);
const decisions = async (applicant: TestApplicant) =>
  t.app.ctx.db.selectFrom('review_decision').select(['decided_by']).where('user_id', '=', applicant.userId).execute();
const idOf = async (login: string) => (await t.app.ctx.db.selectFrom('app_user').select('id').where('login_name', '=', login).executeTakeFirstOrThrow()).id;

describe('who acts', () => {
  it('refuses a staff command that names nobody', async () => {
    const attempt = runAdminCommand(['decide', '--applicant', inCs.number, '--stage', 'qualificationReview', '--outcome', 'pass'], {
      db: t.app.ctx.db,
      now: t.clock.now(),
      readPassword: async () => '',
    });
    await expect(attempt).rejects.toThrow(UsageError);
    await expect(attempt).rejects.toThrow(/--as <login name>/);
    expect(await decisions(inCs)).toEqual([]);
  });

  it('refuses an unknown or applicant login', async () => {
    await expect(decide(inCs, '--as', 'nobody')).rejects.toThrow(/no active staff account with login name nobody/);
    await expect(decide(inCs, '--as', inCs.number)).rejects.toThrow(/no active staff account/);
    expect(await decisions(inCs)).toEqual([]);
  });
});

describe('scope', () => {
  it("lets a secretary decide on their department's applicant, recorded as theirs", async () => {
    await decide(inCs, '--as', 'secretary');
    expect(await decisions(inCs)).toEqual([{ decided_by: await idOf('secretary') }]);
  });

  it("refuses a secretary another department's applicant, and changes nothing", async () => {
    await expect(decide(inEcon, '--as', 'secretary')).rejects.toThrow(/secretary may not do this \(review\.decide\)/);
    expect(await decisions(inEcon)).toEqual([]);
  });

  it('refuses an internal expert (not assigned) and the system administrator', async () => {
    await expect(decide(inEcon, '--as', 'reviewer')).rejects.toThrow(/reviewer may not do this/);
    await expect(decide(inEcon, '--as', 'sysadmin')).rejects.toThrow(/sysadmin may not do this/);
    expect(await decisions(inEcon)).toEqual([]);
  });

  it('keeps tickets and scores to the admissions office', async () => {
    await expect(runAdmin(t, 'set-score', '--applicant', inCs.number, '--kind', 'language', '--score', '80', '--max', '100', '--as', 'secretary')).rejects.toThrow(
      /may not do this \(score\.record\)/,
    );
    expect(await runAdmin(t, 'set-score', '--applicant', inCs.number, '--kind', 'language', '--score', '80', '--max', '100')).toContain('80 / 100');
  });
});

describe('publishing is its own permission', () => {
  const released = async () =>
    (await t.app.ctx.db.selectFrom('system_config').select('system_value').where('system_key', '=', `release.${inCs.recruitYear}.languageScore`).executeTakeFirst())?.system_value;

  it('is refused to an admissions officer without it, and to everyone else', async () => {
    await runAdminCommand(['create-admin', '--login', 'officer2', '--name', 'Officer Two'], { db: t.app.ctx.db, now: t.clock.now(), readPassword: async () => 'Granite-Orchid-19' });
    for (const login of ['officer2', 'secretary', 'reviewer', 'sysadmin']) {
      await expect(runAdmin(t, 'release', '--what', 'languageScore', '--as', login)).rejects.toThrow(/may not do this \(results\.publish\)/);
    }
    expect(await released()).toBeUndefined();
  });

  it('is granted with create-admin --publish, and then works', async () => {
    await runAdminCommand(['create-admin', '--login', 'publisher-cli', '--name', 'Publisher', '--publish'], {
      db: t.app.ctx.db,
      now: t.clock.now(),
      readPassword: async () => 'Granite-Orchid-19',
    });
    expect(await runAdmin(t, 'release', '--what', 'languageScore', '--as', 'publisher-cli')).toMatch(/published/);
    expect(await released()).toBe('1');
  });
});
