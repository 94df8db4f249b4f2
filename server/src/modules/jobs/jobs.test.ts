import { DOCTOR_AREA, ReplyCode, type JobsOverviewView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, type TestApp } from '../../../test/harness';

/**
 * Background work (issue #12): the system administrator follows the printings and the release
 * notices, as every instance recorded them in the database; nobody else reads it.
 */
let t: TestApp;
const overview = (token: string) => call<JobsOverviewView>(t.app, '/mucgrs-service/staff/jobs/overview', { token, body: {} });

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.app.ctx;
  const now = t.clock.now();
  const admin = await db.selectFrom('app_user').select(['id', 'name']).where('login_name', '=', 'admin').executeTakeFirstOrThrow();
  const session = await db
    .insertInto('exam_session')
    .values({ area: DOCTOR_AREA, recruit_year: '2027', kind: 'language', subject: '英语', starts_at: now, ends_at: now + 7_200_000, venue: '文华楼', notes: '', created_by: admin.id, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  // One printing done, one that failed for good, one under way (its job is this process's; it finds nobody to print and fails, which is fine here).
  await db
    .insertInto('ticket_batch')
    .values([
      { session_id: session.id, state: 'done', total: 120, done: 120, lang: 'zh-CN', revision: 0, requested_by: admin.id, requested_at: now - 60_000, finished_at: now - 30_000, size: 4096 },
      { session_id: session.id, state: 'failed', total: 80, done: 50, lang: 'zh-CN', revision: 0, requested_by: null, requested_at: now - 20_000, finished_at: now - 10_000, error: 'failed' },
    ])
    .execute();
  // Written in their final states at once: the app's own relay, ticking every second, has nothing to take.
  const notice = (i: number, state: string, more: object = {}) => ({
    dedupe_key: `release-plan:1:${i}`, topic: `release:${DOCTOR_AREA}:2027:qualificationReview:1`, recipient: `a${i}@example.edu`, subject: 'S', body: 'T', state, attempts: 0, next_at: now + 3_600_000, created_at: now - 5_000, sent_at: null, last_error: null, ...more,
  });
  await db
    .insertInto('mail_outbox')
    .values([
      notice(1, 'sent', { attempts: 1, sent_at: now }),
      notice(2, 'pending'),
      notice(3, 'failed', { attempts: 8, last_error: '550 5.1.1 mailbox unavailable' }),
      // An older refusal: its last try came earlier.
      notice(4, 'failed', { attempts: 8, last_error: '421 try again later', next_at: now - 1_000 }),
    ])
    .execute();
});
afterAll(async () => t.close());

describe('background work', () => {
  it('shows the system administrator the latest printings and release notices, newest first', async () => {
    const reply = await overview(await signIn(t.app, 'sysadmin'));
    expect(reply.code, reply.msg).toBe(0);
    expect(reply.data.runner).toBe('process');
    expect(reply.data.printings.map((p) => [p.state, p.done, p.total, p.subject, p.requestedBy])).toEqual([
      ['failed', 50, 80, '英语', null],
      ['done', 120, 120, '英语', expect.any(String)],
    ]);
    expect(reply.data.notices).toEqual([
      { area: DOCTOR_AREA, recruitYear: '2027', release: 'qualificationReview', sent: 1, waiting: 1, failed: 2, lastError: '550 5.1.1 mailbox unavailable', writtenAt: new Date(t.clock.now() - 5_000).toISOString() },
    ]);
    expect(reply.data.waiting).toEqual({ printing: 0, mail: 1 });
  });

  it('is the system administrator’s alone', async () => {
    for (const who of ['admin', 'assessment'] as const) expect((await overview(await signIn(t.app, who))).code).toBe(ReplyCode.FORBIDDEN);
    expect((await call(t.app, '/mucgrs-service/staff/jobs/overview', { body: {} })).code).toBe(ReplyCode.SESSION_EXPIRED);
  });

  it('refuses a request with anything in it', async () => {
    const reply = await call(t.app, '/mucgrs-service/staff/jobs/overview', { token: await signIn(t.app, 'sysadmin'), body: { all: true }, lang: 'en' });
    expect(reply.code).toBe(ReplyCode.BAD_INPUT);
    expect(reply.msg).toMatch(/all/);
  });
});
