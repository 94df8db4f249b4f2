import { TMS_AREA, TMS_INTERVIEW_RELEASE, type TmsInterviewListView, type TmsInterviewView, type TmsInvitationView, type TmsNationalOfferView, type ReleasePreviewView, type ViewAsApplicantView } from '@gradus/contract';
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
const offer = (body: Record<string, unknown>, token = tokens.office, lang = 'en') => call<TmsNationalOfferView>(t.app, '/mucgrs-service/staff/tmsInterviews/offer', { token, body, lang });
/** An offer the office sent in the national system an hour ago (Beijing time), with `extra` changed. */
const sentOffer = (extra: Record<string, unknown> = {}) => ({ applicationId, state: 'sent', sentAt: new Date(t.clock.now() - 3_600_000).toISOString().replace('Z', '+00:00'), ...extra });
const offers = () => t.app.ctx.db.selectFrom('tms_national_offer').selectAll().execute();
const decide = (token: string, stage: string) => call(t.app, '/mucgrs-service/staff/applications/decide', { token, body: { applicationId, stage, outcome: 'pass' } });

/** The reply, with the invitations unchanged by it. */
async function unchanged<R>(act: () => Promise<R>): Promise<R> {
  const before = await rows();
  const r = await act();
  expect(await rows()).toEqual(before);
  return r;
}

/** The reply, with the offers recorded unchanged by it. */
async function unchangedOffers<R>(act: () => Promise<R>): Promise<R> {
  const before = await offers();
  const r = await act();
  expect(await offers()).toEqual(before);
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
      [{ startsAt: 'next Monday' }, 'a date and time with its time zone'],
      [{ notes: 'x'.repeat(501) }, 'Notes'],
      [{ extra: 1 }, 'not an accepted field'],
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
    const noReason = await unchanged(() => staff('withdraw', { applicationId, reason: '' }));
    expect(noReason.code).toBe(400);
    expect(noReason.msg).toBe('Reason: required');
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
    const maybe = await unchanged(() => answer(accepted.data.invitation!.version, 'maybe' as 'accept'));
    expect(maybe.code).toBe(400);
    expect(maybe.msg).toBe('Answer: not one of the allowed choices');
    const list = (await staff<TmsInterviewListView>('list', {})).data;
    expect(list.rows[0]!.invitation?.state).toBe('accepted');
  });
});

describe('the result', () => {
  it('is recorded by the school, unseen by the applicant until released, then fixed', async () => {
    const excellent = await unchanged(() => staff('result', { applicationId, outcome: 'excellent' }));
    expect(excellent.code).toBe(400);
    expect(excellent.msg).toBe('Outcome: not one of the allowed choices');
    expect((await staff('result', { applicationId, outcome: 'fail' })).code).toBe(0);
    const failed = await unchangedOffers(() => offer(sentOffer(), tokens.office));
    expect(failed.code).toBe(409);
    expect(failed.msg).toBe('王芳 (2027500001) has not passed the interview: an offer is recorded only for an interviewee who passed.');
    expect((await staff('result', { applicationId, outcome: 'pass' })).code).toBe(0);
    expect((await staff<TmsInterviewListView>('list', {})).data.rows[0]!.result).toBe('pass');
    expect((await detail()).data).toMatchObject({ result: null, released: false, nationalOffer: null });
    const unreleased = await unchangedOffers(() => offer(sentOffer(), tokens.office));
    expect(unreleased.code).toBe(409);
    expect(unreleased.msg).toBe('Release the interview results first: the applicant must see their pass before our offer.');

    expect(await interviewReleaseOutcomes(t.app.ctx, { area: TMS_AREA, recruitYear: '2027' }, TMS_INTERVIEW_RELEASE)).toEqual([
      { userId: expect.any(Number), applicantNumber: '2027500001', name: '王芳', email: expect.any(String), outcome: 'pass' },
    ]);
    // The office's Releases page previews the release and shows her page as it will read.
    const cycle = { area: TMS_AREA, recruitYear: '2027', release: TMS_INTERVIEW_RELEASE };
    const preview = await call<ReleasePreviewView>(t.app, '/mucgrs-service/staff/releases/preview', { token: tokens.office, body: cycle });
    expect(preview.code, preview.msg).toBe(0);
    expect(preview.data.outcomes).toEqual([{ outcome: 'pass', count: 1 }]);
    const viewAs = await call<ViewAsApplicantView>(t.app, '/mucgrs-service/staff/releases/viewAs', { token: tokens.office, body: { ...cycle, applicantNumber: '2027500001' } });
    expect(viewAs.data).toEqual({ applicantNumber: '2027500001', name: '王芳', result: { kind: 'tmsInterview', outcome: 'pass' } });
    expect((await call(t.app, '/mucgrs-service/staff/releases/viewAs', { token: tokens.office, body: { ...cycle, applicantNumber: '2027300001' } })).code).toBe(404);
    await setReleased(t.app.ctx.db, t.clock.now(), TMS_AREA, TMS_INTERVIEW_RELEASE, true, { recruitYear: '2027', actor: PORTAL_ACTOR });
    expect((await detail()).data).toMatchObject({ result: 'pass', released: true });

    const late = await unchanged(() => staff('result', { applicationId, outcome: 'fail' }));
    expect(late.code).toBe(409);
    expect(late.msg).toBe('The interview results have been released: they can no longer change.');
    expect((await unchanged(() => staff('invite', onsite()))).code).toBe(409);
    expect((await unchanged(() => staff('withdraw', { applicationId, reason: 'Too late now' }))).code).toBe(409);
  });

  it('each step left an audit row naming the applicant', async () => {
    // (the offer's own rows are the next describe's)
    const events = await t.app.ctx.db.selectFrom('audit_event').select(['event', 'subject']).where('event', 'like', 'tmsInterview.%').orderBy('id').execute();
    expect(events.map((e) => e.event)).toEqual(['tmsInterview.invite', 'tmsInterview.withdraw', 'tmsInterview.invite', 'tmsInterview.invite', 'tmsInterview.answer', 'tmsInterview.result', 'tmsInterview.result']);
    expect(new Set(events.map((e) => e.subject))).toEqual(new Set(['2027500001']));
  });
});

describe('the offer in the national recommended-exemption system', () => {
  it('refuses bad input with a clear message, translated, and records nothing', async () => {
    const sentAt = sentOffer().sentAt;
    const cases: [Record<string, unknown>, string][] = [
      [{ state: 'maybe' }, 'State'],
      [{ sentAt: 'yesterday' }, 'a date and time with its time zone'],
      [{ state: 'accepted' }, 'Answered'],
      [{ state: 'declined', answeredAt: new Date(Date.parse(sentAt) - 60_000).toISOString() }, 'cannot come before the offer was sent'],
      [{ note: 'x'.repeat(201) }, 'Note'],
      [{ admitted: true }, 'not an accepted field'],
    ];
    for (const [change, part] of cases) {
      const r = await unchangedOffers(() => offer(sentOffer(change)));
      expect(r.code, JSON.stringify(change)).toBe(400);
      expect(r.msg).toContain(part);
    }
    const future = await unchangedOffers(() => offer(sentOffer({ sentAt: new Date(t.clock.now() + DAY).toISOString() })));
    expect(future.code).toBe(400);
    expect(future.msg).toBe('The dates are what happened in the national system: neither can be in the future.');
    const zh = await unchangedOffers(() => offer(sentOffer({ state: 'accepted', answeredAt: new Date(Date.parse(sentAt) - 60_000).toISOString() }), tokens.office, 'zh-CN'));
    expect(zh.msg).toContain('不能早于发送待录取通知的时间');
  });

  it('is the office’s to record: the school’s secretary, another school, applicants and no session are refused', async () => {
    const secretary = await unchangedOffers(() => offer(sentOffer(), tokens.secretary));
    expect(secretary.code).toBe(403);
    // Those who cannot read the file do not learn it exists: another school, and applicants (王芳's own too: it is no staff file to her).
    for (const token of [tokens.secretaryEcon, tokens.wang, tokens.camper, tokens.doctoral]) {
      const r = await unchangedOffers(() => offer(sentOffer(), token));
      expect(r.code).toBe(404);
      expect(r.data).toBeUndefined();
    }
    expect((await unchangedOffers(() => call(t.app, '/mucgrs-service/staff/tmsInterviews/offer', { body: sentOffer() }))).code).toBe(401);
  });

  it('sent: the applicant reads it with the date and is mailed once; the school’s list shows it', async () => {
    const before = t.mail.sent.length;
    const r = await offer(sentOffer({ note: '请在 48 小时内接受。' }));
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ state: 'sent', answeredAt: null, note: '请在 48 小时内接受。' });
    expect((await detail()).data.nationalOffer).toEqual(r.data);
    expect((await staff<TmsInterviewListView>('list', {})).data.rows[0]!.nationalOffer).toEqual(r.data);
    expect(t.mail.sent.length).toBe(before + 1);
    const mail = t.mail.sent.at(-1)!;
    expect(mail.subject).toBe('我校已在推免服务系统向您发送待录取通知');
    expect(mail.text).toContain('推免服务系统');
    expect(mail.text).toContain('You can accept one offer only, and an acceptance is final.');
    // Recorded again as sent (a corrected date): no second mail.
    expect((await offer(sentOffer({ sentAt: new Date(t.clock.now() - 7_200_000).toISOString() }))).code).toBe(0);
    expect(t.mail.sent.length).toBe(before + 1);
  });

  it('once recorded, a refusal still changes nothing: not the record, not the trail', async () => {
    const trail = () => t.app.ctx.db.selectFrom('audit_event').select(['id']).execute();
    const before = await trail();
    expect((await unchangedOffers(() => offer(sentOffer({ state: 'lapsed', note: 'Mistake' }), tokens.secretary))).code).toBe(403);
    expect((await unchangedOffers(() => offer(sentOffer({ state: 'accepted', note: 'x'.repeat(201) })))).code).toBe(400);
    expect((await unchangedOffers(() => offer(sentOffer({ sentAt: new Date(t.clock.now() + DAY).toISOString() })))).code).toBe(400);
    expect(await trail()).toEqual(before);
  });

  it('accepted there: the applicant’s page says so with the date', async () => {
    const answeredAt = new Date(t.clock.now() - 60_000).toISOString();
    const r = await offer(sentOffer({ state: 'accepted', answeredAt }));
    expect(r.code, r.msg).toBe(0);
    expect((await detail()).data.nationalOffer).toMatchObject({ state: 'accepted', answeredAt });
    const rows = await offers();
    expect(rows.map((o) => [o.state, o.answered_at])).toEqual([['accepted', Date.parse(answeredAt)]]);
  });

  it('a mistaken acceptance corrected back to sent does not mail the applicant again; a date given with it is dropped', async () => {
    const before = t.mail.sent.length;
    const r = await offer(sentOffer({ answeredAt: new Date(t.clock.now() - 60_000).toISOString() }));
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ state: 'sent', answeredAt: null });
    expect(t.mail.sent.length).toBe(before);
  });

  it('each record left an audit row with what it changed', async () => {
    const events = await t.app.ctx.db.selectFrom('audit_event').select(['event', 'subject', 'detail']).where('event', '=', 'tmsOffer.record').orderBy('id').execute();
    const details = events.map((e) => JSON.parse(e.detail ?? '{}') as { from: string | null; to: string; answeredAt: string | null; note: string });
    expect(events.map((e, i) => [e.subject, details[i]!.from, details[i]!.to])).toEqual([
      ['2027500001', null, 'sent'],
      ['2027500001', 'sent', 'sent'],
      ['2027500001', 'sent', 'accepted'],
      ['2027500001', 'accepted', 'sent'],
    ]);
    // What was stored: the note the applicant reads, and no answer date on a record that is not an answer.
    expect(details[0]!.note).toBe('请在 48 小时内接受。');
    expect(details.map((d) => d.answeredAt === null)).toEqual([true, true, false, true]);
  });
});
