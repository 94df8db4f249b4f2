import { DOCTOR_AREA, type RecheckListView, type RecheckRowView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type TestApp } from '../../../../test/harness';
import { startSmtpInbox, type SmtpInbox } from '../../../../test/smtp-inbox';

/**
 * A re-check's answer over a real SMTP exchange, on the demo: the office answers 王磊's waiting
 * request, and the mail a client reads says the answer is in the portal, in Chinese then English,
 * with neither the answer nor a score in it.
 */
describe('the re-check answer mail over SMTP', () => {
  let inbox: SmtpInbox;
  let t: TestApp;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ seed: 'demo', env: { SMTP_URL: inbox.url, MAIL_FROM: 'Admissions <admissions@gradus.test>' }, mailer: 'real' });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it('tells 王磊 the answer is in the portal, never the score', async () => {
    const office = await signIn(t.app, 'admin');
    const list = await call<RecheckListView>(t.app, '/mucgrs-service/staff/rechecks/list', { token: office, body: { area: DOCTOR_AREA, recruitYear: '2027', state: 'requested' }, lang: 'en' });
    const request = list.data.rows.find((r) => r.applicantNumber === '2027100002' && r.kind === 'assessment')!;
    expect(request).toMatchObject({ name: '王磊', currentScore: '88' });
    const wang = await t.app.ctx.db.selectFrom('app_user').select('email').where('applicant_number', '=', '2027100002').executeTakeFirstOrThrow();
    const before = inbox.received.length;
    const answered = await call<RecheckRowView>(t.app, '/mucgrs-service/staff/rechecks/answer', {
      token: office,
      body: { area: DOCTOR_AREA, id: request.id, outcome: 'corrected', answer: '专家乙的答辩分已补录。', score: '89.5' },
      lang: 'en',
    });
    expect(answered.code, answered.msg).toBe(0);
    for (let i = 0; i < 250 && inbox.received.length <= before; i++) await new Promise((res) => setTimeout(res, 20));
    const mail = inbox.received[before]!;
    expect(mail.to).toEqual([wang.email]);
    expect(mail.mail.subject).toBe('您的成绩复核申请已答复');
    expect(mail.mail.text).toContain('王磊，您好');
    expect(mail.mail.text).toContain('The answer is in the admissions portal');
    expect(mail.mail.text).not.toMatch(/89\.5|补录/);
  });
});
