import { DOCTOR_AREA, type ReviewSessionGrant } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';
import { freshFileFor } from '../../../test/review-fixtures';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox';

/**
 * The review's mail over a real SMTP exchange: the demo's two external links as it is seeded, a
 * link the office mails and the identity code the expert asks for, and an internal expert's notice
 * of a new file, each read as a mail client would (UTF-8, the link and the code in the text).
 */
describe('review mail over SMTP', () => {
  let inbox: SmtpInbox;
  let received: SmtpInbox['received'];
  let t: TestApp;
  const arrived = async (count: number) => {
    for (let i = 0; i < 250 && received.length < count; i++) await new Promise((res) => setTimeout(res, 20));
    expect(received.length).toBeGreaterThanOrEqual(count);
  };

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    received = inbox.received;
    t = await buildTestApp({ seed: 'demo', env: { SMTP_URL: inbox.url, MAIL_FROM: 'Admissions <admissions@gradus.test>' }, mailer: 'real' });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it('mails the demo external experts their links as the demo is seeded, in Chinese then English', async () => {
    await arrived(2);
    const demo = received.filter((r) => r.to[0]?.endsWith('.example.edu') || r.to[0]?.endsWith('.example.es'));
    expect(demo.map((r) => r.to[0]).sort()).toEqual(['chen.liqun@fudan.example.edu', 'maria.garcia@usal.example.es']);
    const chen = demo.find((r) => r.to[0] === 'chen.liqun@fudan.example.edu')!.mail;
    expect(chen.subject).toMatch(/^博士招生材料评审邀请/);
    expect(chen.text).toContain('陈立群，您好');
    expect(chen.text).toContain('Dear 陈立群');
    expect(chen.text).toMatch(/\/review\?token=[A-Za-z0-9_-]{43}/);
  });

  it('delivers the link the office sends, then the code the expert asks for, which opens the review', async () => {
    const office = await signIn(t.app, 'admin');
    const staff = (url: string, body: object) => call<{ userId: number }>(t.app, `/mucgrs-service/staff/review/${url}`, { token: office, body, lang: 'en' });
    const expert = await staff('saveExternalExpert', { name: 'Ana Ruiz', affiliation: 'Universidad de Granada', email: 'ana.ruiz@ugr.test' });
    const applicationId = (await t.app.ctx.db.selectFrom('application_form').select('id').where('area', '=', DOCTOR_AREA).where('qualification', '=', 'pass').where('status', '=', 'submitted').executeTakeFirstOrThrow()).id;
    expect((await staff('assign', { stage: 'materialReview', applicationId, expertUserId: expert.data.userId, reason: 'A third opinion' })).code).toBe(0);
    const before = received.length;
    expect((await staff('sendLink', { stage: 'materialReview', expertUserId: expert.data.userId })).code).toBe(0);
    await arrived(before + 1);
    const invitation = received[before]!;
    expect(invitation.to).toEqual(['ana.ruiz@ugr.test']);
    expect(invitation.mail.subject).toBe('Invitation to review doctoral applications (2027)');
    const token = /\/review\?token=([A-Za-z0-9_-]{43})/.exec(invitation.mail.text ?? '')![1]!;

    expect((await call(t.app, '/mucgrs-service/review-link/sendCode', { body: { token }, lang: 'es' })).code).toBe(0);
    await arrived(before + 2);
    const codeMail = received[before + 1]!.mail;
    expect(codeMail.subject).toMatch(/^Su código de evaluación: \d{6}$/);
    const code = /\n(\d{6})\n/.exec(codeMail.text ?? '')![1]!;
    const verified = await call<ReviewSessionGrant>(t.app, '/mucgrs-service/review-link/verify', { body: { token, code } });
    expect(verified.code, verified.msg).toBe(0);
  });

  it('delivers an internal expert the notice of a file assigned to them', async () => {
    const office = await signIn(t.app, 'admin');
    const zhao = (await t.app.ctx.db.selectFrom('app_user').select('id').where('login_name', '=', 'reviewer').executeTakeFirstOrThrow()).id;
    const { applicationId } = await freshFileFor(t.app.ctx.db, zhao);
    const before = received.length;
    const r = await call(t.app, '/mucgrs-service/staff/review/assign', { token: office, body: { stage: 'materialReview', applicationId, expertUserId: zhao, reason: 'Her field' }, lang: 'ja' });
    expect(r.code, r.msg).toBe(0);
    await arrived(before + 1);
    const notice = received[before]!;
    expect(notice.to).toEqual(['reviewer@gradus.example.edu']);
    expect(notice.mail.subject).toBe('審査する出願が 1 件割り当てられました');
    expect(notice.mail.text).toContain('赵敏 様');
    expect(notice.mail.text).toContain('/admissions/reviews');
  });
});
