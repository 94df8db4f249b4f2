import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCTOR_AREA, DOCTOR_STAGES, RegisterType, type JourneyView } from '@gradus/contract';
import { DEMO_YEAR } from '../../../db/seed/demo';
import { buildTestApp, call, captcha, DEMO_PASSWORD, type TestApp } from '../../../../test/harness';
import { stageWindows } from './releases';

/** The demo cycle a newcomer sees on the dashboard: stage windows that read like a real one. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: 'demo' });
});
afterAll(async () => t.close());

const beijingClock = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

describe('the demo cycle', () => {
  it('has every stage open today, at whole hours, Beijing time', async () => {
    const windows = await stageWindows(t.app.ctx.db, DOCTOR_AREA, DEMO_YEAR);
    const now = t.clock.now();
    for (const stage of DOCTOR_STAGES) {
      const { opensAt, closesAt } = windows[stage];
      expect(beijingClock(opensAt!), `${stage} opens`).toBe('09:00:00');
      expect(beijingClock(closesAt!), `${stage} closes`).toBe('17:00:00');
      expect(Date.parse(opensAt!)).toBeLessThan(now);
      expect(Date.parse(closesAt!)).toBeGreaterThan(now);
    }
  });

  it('runs in order: no stage opens or closes before the one it follows', async () => {
    const windows = await stageWindows(t.app.ctx.db, DOCTOR_AREA, DEMO_YEAR);
    for (const [i, stage] of DOCTOR_STAGES.entries()) {
      if (i === 0) continue;
      const before = windows[DOCTOR_STAGES[i - 1]!];
      expect(Date.parse(windows[stage].opensAt!), `${stage} opens`).toBeGreaterThanOrEqual(Date.parse(before.opensAt!));
      expect(Date.parse(windows[stage].closesAt!), `${stage} closes`).toBeGreaterThanOrEqual(Date.parse(before.closesAt!));
    }
    expect(Date.parse(windows.registration.closesAt!)).toBeLessThan(Date.parse(windows.admissionPaperwork.closesAt!));
  });

  it('publishes the results of the demo year only', async () => {
    const keys = await t.app.ctx.db.selectFrom('system_config').select('system_key').where('system_type', '=', 'doctor').where('system_key', 'like', 'release.%').execute();
    expect(keys.length).toBeGreaterThan(0);
    for (const { system_key } of keys) expect(system_key).toMatch(/^release\.2027\./);
  });

  it('陳嘉欣 is asked to print a ticket for an exam ahead; 王磊, whose exams are over, is not', async () => {
    const journeyOf = async (registerNo: string) => {
      const login = await call<{ token: string }>(t.app, '/api/v1/client/loginRecruit', {
        body: { userRegisterType: registerNo.startsWith('20274') ? RegisterType.DOCTOR_HMT : RegisterType.DOCTOR_ASSESSMENT, registerNo, password: DEMO_PASSWORD, ...(await captcha(t.app)) },
      });
      return (await call<JourneyView>(t.app, '/mucgrs-service/doctor/journey', { token: login.data.token, body: {} })).data;
    };
    expect((await journeyOf('2027400001')).next.action).toBe('printAssessmentTicket');
    const wang = await t.app.ctx.db
      .selectFrom('exam_ticket as e')
      .innerJoin('app_user as u', 'u.id', 'e.user_id')
      .select('e.ends_at')
      .where('u.applicant_number', '=', '2027100002')
      .execute();
    expect(wang).toHaveLength(2);
    for (const ticket of wang) expect(Number(ticket.ends_at)).toBeLessThan(t.clock.now());
    expect((await journeyOf('2027100002')).next.action).toBe('fillAdmissionInfo');
  });
});
