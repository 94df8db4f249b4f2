import { TMS_AREA, TMS_INTERVIEW_RELEASE, type TmsInterviewListView, type TmsInterviewView, type TmsInvitationView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, type TestApp } from '../../../../test/harness';
import { setReleased } from '../../admissions/cycle';
import { PORTAL_ACTOR } from '../../admissions/staff-audit';
import { submitTmsApplication, tmsFormTestApp, type TmsIds } from '../form/fixtures';
import { interviewReleaseOutcomes } from './staff';

/**
 * The tuimian interview (复试, issue #11): the school invites an applicant the graduate school found
 * eligible; the applicant accepts or declines once before the answer date (an invitation changed
 * meanwhile must be read again; one not answered in time lapses, on the fake clock); the school
 * records the result, which the applicant reads only after the office's release. Bad input, other
 * schools and other people are refused, and a refusal changes nothing.
 */
let t: TestApp;
let ids: TmsIds;
let tokens: { wang: string; office: string; secretary: string; secretaryEcon: string; camper: string; doctoral: string };
let applicationId = 0;
const DAY = 86_400_000;

/** A Beijing-time instant `days` from the fake clock's now, as the office's form sends it. */
const at = (days: number, hour = 9) => {
  const d = new Date(t.clock.now() + days * DAY);
  d.setUTCHours(hour - 8, 0, 0, 0);
  return d.toISOString().replace('Z', '+00:00');
};
const staff = <T>(url: string, body: unknown, token = tokens.secretary, lang = 'en') => call<T>(t.app, `/mucgrs-service/staff/tmsInterviews/${url}`, { token, body, lang });
const detail = (token = tokens.wang) => call<TmsInterviewView>(t.app, '/mucgrs-service/tms/interview/detail', { token, body: {}, lang: 'en' });
const answer = (version: number, a: 'accept' | 'decline', token = tokens.wang) => call<TmsInterviewView>(t.app, '/mucgrs-service/tms/interview/answer', { token, body: { version, answer: a }, lang: 'en' });
const onsite = (extra: Record<string, unknown> = {}) => ({ applicationId, startsAt: at(5), format: 'onsite', place: '计算机学院 412 会议室', notes: 'Bring your ID card and the original transcript.', respondBy: at(2, 17), ...extra });
const rows = () => t.app.ctx.db.selectFrom('tms_interview').selectAll().execute();
const decide = (token: string, stage: string) => call(t.app, '/mucgrs-service/staff/applications/decide', { token, body: { applicationId, stage, outcome: 'pass' } });

/** The reply, with the invitations unchanged by it. */
async function unchanged<R>(act: () => Promise<R>): Promise<R> {
  const before = await rows();
  const r = await act();
  expect(await rows()).toEqual(before);
  return r;
}

/** Everyone signs in (again after the fake clock jumps days ahead: sessions expire too). */
async function signInAll(wang?: string) {
  tokens = {
    wang: wang ?? (await signIn(t.app, 'tuimian')),
    office: await signIn(t.app, 'admin'),
    secretary: await signIn(t.app, 'secretary'),
    secretaryEcon: await signIn(t.app, 'secretaryEcon'),
    camper: await signIn(t.app, 'camper'),
    doctoral: await signIn(t.app, 'assessment'),
  };
}

beforeAll(async () => {
  let wang: string;
  ({ t, wang, ids } = await tmsFormTestApp());
  await signInAll(wang);
  applicationId = await submitTmsApplication(t, wang, ids);
}, 120_000);
afterAll(async () => t?.close());

describe('inviting to the interview', () => {
  it('is only for an applicant the graduate school found eligible', async () => {
    const early = await unchanged(() => staff('invite', onsite()));
    expect(early.code).toBe(409);
    expect(early.msg).toContain('王芳 (2027500001) has not been found eligible');
    expect((await staff<TmsInterviewListView>('list', {})).data.rows).toEqual([]);
    expect((await decide(tokens.secretary, 'departmentReview')).code).toBe(0);
    expect((await decide(tokens.office, 'qualificationReview')).code).toBe(0);
    const list = (await staff<TmsInterviewListView>('list', {})).data;
    expect(list.rows.map((r) => [r.name, r.programmeNameEn, r.degreeType, r.invitation, r.result])).toEqual([['王芳', 'Computer Science and Technology (Master)', 'academicMaster', null, null]]);
    expect(list.released).toBe(false);
  });

  it('refuses bad input with a clear message: a missing place or link, a link that is not https, an answer date after the interview, the past', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ place: '' }, 'Place'],
      [{ format: 'online', place: '' }, 'Meeting link'],
      [{ format: 'online', link: 'javascript:alert(1)' }, 'https://'],
      [{ format: 'online', link: 'http://meeting.example.edu/r/412' }, 'https://'],
      [{ respondBy: at(6) }, 'before the interview'],
      [{ format: 'video' }, 'Format'],
      [{ startsAt: 'next Monday' }, ''],
      [{ notes: 'x'.repeat(501) }, 'Notes'],
      [{ extra: 1 }, ''],
    ];
    for (const [change, part] of cases) {
      const r = await unchanged(() => staff('invite', onsite(change)));
      expect(r.code, JSON.stringify(change)).toBe(400);
      expect(r.msg).toContain(part);
    }
    const past = await unchanged(() => staff('invite', onsite({ startsAt: at(-1), respondBy: at(-2) })));
    expect(past.code).toBe(400);
    expect(past.msg).toBe('The interview and the answer date must both be in the future.');
    // Translated: the same refusal in Chinese.
    const zh = await unchanged(() => staff('invite', onsite({ format: 'online', link: 'ftp://x' }), tokens.secretary, 'zh-CN'));
    expect(zh.msg).toContain('https://');
  });

  it('another school’s secretary, applicants and no session cannot list, invite or record, and see nothing', async () => {
    expect((await staff<TmsInterviewListView>('list', {}, tokens.secretaryEcon)).data.rows).toEqual([]);
    for (const token of [tokens.secretaryEcon, tokens.wang, tokens.camper, tokens.doctoral]) {
      for (const [url, body] of [['invite', onsite()], ['withdraw', { applicationId, reason: 'Because' }], ['result', { applicationId, outcome: 'pass' }]] as const) {
        const r = await unchanged(() => staff(url, body, token));
        expect([403, 404], `${url}`).toContain(r.code);
        expect(r.data).toBeUndefined();
      }
    }
    expect((await call(t.app, '/mucgrs-service/staff/tmsInterviews/list', { body: {} })).code).toBe(401);
    // The interview calls are the tuimian applicant's own: nobody else's session reaches them.
    for (const token of [tokens.camper, tokens.doctoral, tokens.office]) expect([403, 404]).toContain((await detail(token)).code);
  });
});

describe('the applicant’s answer', () => {
  let first: TmsInvitationView;

  it('sees the invitation at once, and is mailed its time, place and answer date', async () => {
    expect((await detail()).data.invitation).toBeNull();
    const r = await staff<TmsInvitationView>('invite', onsite());
    expect(r.code, r.msg).toBe(0);
    first = r.data;
    const view = (await detail()).data;
    expect(view.invitation).toMatchObject({ format: 'onsite', place: '计算机学院 412 会议室', state: 'awaitingAnswer', version: 1, answeredAt: null });
    expect(view.programmeNameEn).toBe('Computer Science and Technology (Master)');
    const mail = t.mail.sent.at(-1)!;
    const wang = await t.app.ctx.db.selectFrom('app_user').select('email').where('applicant_number', '=', '2027500001').executeTakeFirstOrThrow();
    expect(mail.to).toBe(wang.email);
    expect(mail.subject).toBe('推免复试通知');
    expect(mail.text).toContain('计算机学院 412 会议室');
    expect(mail.text).toContain('/recommendedStudentInfoQuery/recommendedStudentShowExInfo');
  });

  it('an invitation not answered by its date lapses, and an answer after it is refused with the date', async () => {
    t.clock.advance(3 * DAY);
    await signInAll();
    expect((await detail()).data.invitation?.state).toBe('lapsed');
    const late = await unchanged(() => answer(first.version, 'accept'));
    expect(late.code).toBe(409);
    expect(late.msg).toMatch(/The answer date \(.+, Beijing time\) has passed/);
  });

  it('the school withdraws it with a reason the applicant is mailed, then invites again with new dates', async () => {
    expect((await staff('withdraw', { applicationId, reason: '' })).code).toBe(400);
    const w = await staff('withdraw', { applicationId, reason: 'The first date passed unanswered; a new one follows.' });
    expect(w.code, w.msg).toBe(0);
    expect((await detail()).data.invitation).toBeNull();
    expect(t.mail.sent.at(-1)!.text).toContain('The first date passed unanswered');
    expect((await staff('invite', onsite())).code).toBe(0);
  });

  it('an answer sent from a page showing an invitation since changed is refused; the new one is accepted, once', async () => {
    const shown = (await detail()).data.invitation!;
    const changed = await staff<TmsInvitationView>('invite', onsite({ format: 'online', place: '', link: 'https://meeting.example.edu/j/4125', startsAt: at(6, 14) }));
    expect(changed.code).toBe(0);
    expect(changed.data.version).toBe(shown.version + 1);
    const stale = await unchanged(() => answer(shown.version, 'accept'));
    expect(stale.code).toBe(409);
    expect(stale.msg).toBe('The invitation has changed since you opened it. Read it again and answer.');
    const accepted = await answer(changed.data.version, 'accept');
    expect(accepted.code, accepted.msg).toBe(0);
    expect(accepted.data.invitation).toMatchObject({ state: 'accepted', format: 'online', link: 'https://meeting.example.edu/j/4125', place: '' });
    const again = await unchanged(() => answer(accepted.data.invitation!.version, 'decline'));
    expect(again.code).toBe(409);
    expect(again.msg).toBe('You have already answered this invitation.');
    expect((await answer(accepted.data.invitation!.version, 'maybe' as 'accept')).code).toBe(400);
    const list = (await staff<TmsInterviewListView>('list', {})).data;
    expect(list.rows[0]!.invitation?.state).toBe('accepted');
  });
});

describe('the result', () => {
  it('is recorded by the school, unseen by the applicant until released, then fixed', async () => {
    expect((await staff('result', { applicationId, outcome: 'excellent' })).code).toBe(400);
    expect((await staff('result', { applicationId, outcome: 'fail' })).code).toBe(0);
    expect((await staff('result', { applicationId, outcome: 'pass' })).code).toBe(0);
    expect((await staff<TmsInterviewListView>('list', {})).data.rows[0]!.result).toBe('pass');
    expect((await detail()).data).toMatchObject({ result: null, released: false });

    expect(await interviewReleaseOutcomes(t.app.ctx, { area: TMS_AREA, recruitYear: '2027' }, TMS_INTERVIEW_RELEASE)).toEqual([
      { userId: expect.any(Number), applicantNumber: '2027500001', name: '王芳', email: expect.any(String), outcome: 'pass' },
    ]);
    await setReleased(t.app.ctx.db, t.clock.now(), TMS_AREA, TMS_INTERVIEW_RELEASE, true, { recruitYear: '2027', actor: PORTAL_ACTOR });
    expect((await detail()).data).toMatchObject({ result: 'pass', released: true });

    const late = await unchanged(() => staff('result', { applicationId, outcome: 'fail' }));
    expect(late.code).toBe(409);
    expect(late.msg).toBe('The interview results have been released: they can no longer change.');
    expect((await unchanged(() => staff('invite', onsite()))).code).toBe(409);
    expect((await unchanged(() => staff('withdraw', { applicationId, reason: 'Too late now' }))).code).toBe(409);
  });

  it('each step left an audit row naming the applicant', async () => {
    const events = await t.app.ctx.db.selectFrom('audit_event').select(['event', 'subject']).where('event', 'like', 'tmsInterview.%').orderBy('id').execute();
    expect(events.map((e) => e.event)).toEqual(['tmsInterview.invite', 'tmsInterview.withdraw', 'tmsInterview.invite', 'tmsInterview.invite', 'tmsInterview.answer', 'tmsInterview.result', 'tmsInterview.result']);
    expect(new Set(events.map((e) => e.subject))).toEqual(new Set(['2027500001']));
  });
});
