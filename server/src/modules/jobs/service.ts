import type { JobsOverviewView, NoticeJobView, PrintingJobView } from '@gradus/contract';
import type { AppContext } from '../../context';
import { JOB_KIND } from '../../lib/jobs';
import { outboxDepth, outboxProgress } from '../outbox/outbox';

/** Rows shown of each kind: the latest, which is what an administrator on release day looks for. */
const LATEST = 20;
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/**
 * What the portal is doing in the background, read from the database (the record every instance
 * writes) rather than from one instance's queue: the latest printings with their progress, the
 * latest releases' notices with how many went, and what waits now.
 */
export async function jobsOverview(ctx: AppContext): Promise<JobsOverviewView> {
  const [printings, notices, printingNow, mailNow] = await Promise.all([latestPrintings(ctx), latestNotices(ctx), ctx.jobs.depth(JOB_KIND.ticketPrinting), outboxDepth(ctx.db)]);
  return { runner: ctx.config.redisUrl ? 'redis' : 'process', waiting: { printing: printingNow, mail: mailNow }, printings, notices };
}

async function latestPrintings(ctx: AppContext): Promise<PrintingJobView[]> {
  const rows = await ctx.db
    .selectFrom('ticket_batch as b')
    .innerJoin('exam_session as s', 's.id', 'b.session_id')
    .leftJoin('app_user as u', 'u.id', 'b.requested_by')
    .selectAll('b')
    .select(['s.subject', 's.kind', 's.recruit_year', 'u.name as requested_by_name'])
    .orderBy('b.id', 'desc')
    .limit(LATEST)
    .execute();
  // Read across areas, as operations does: the exams module writes these rows (its batch-store.ts reads them for the office).
  return rows.map((r) => ({
    id: r.id,
    sessionId: r.session_id,
    state: r.state as PrintingJobView['state'],
    total: r.total,
    done: r.done,
    requestedAt: iso(r.requested_at),
    finishedAt: r.finished_at === null ? null : iso(r.finished_at),
    size: r.size,
    error: r.error === 'interrupted' || r.error === 'failed' ? r.error : null,
    subject: r.subject,
    kind: r.kind,
    recruitYear: r.recruit_year,
    requestedBy: r.requested_by_name,
  }));
}

/** Release notices by topic (`release:<area>:<year>:<release>:<plan>`, releases/notify.ts: one publication each), newest first. */
async function latestNotices(ctx: AppContext): Promise<NoticeJobView[]> {
  const topics = await ctx.db
    .selectFrom('mail_outbox')
    .select(['topic', (eb) => eb.fn.max('created_at').as('written_at')])
    .where('topic', 'like', 'release:%')
    .groupBy('topic')
    .orderBy('written_at', 'desc')
    .limit(LATEST)
    .execute();
  if (topics.length === 0) return [];
  const progress = await outboxProgress(ctx.db, topics.map((t) => t.topic));
  // The latest refusal of each topic with failed mail: the one whose last try came last.
  const refusals = new Map<string, string | null>();
  for (const [topic, p] of progress) {
    if (p.failed === 0) continue;
    const row = await ctx.db.selectFrom('mail_outbox').select('last_error').where('topic', '=', topic).where('state', '=', 'failed').orderBy('next_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    refusals.set(topic, row?.last_error ?? null);
  }
  return topics.map(({ topic, written_at }) => {
    const [, area = '', recruitYear = '', release = ''] = topic.split(':');
    const { sent, waiting, failed } = progress.get(topic) ?? { sent: 0, waiting: 0, failed: 0 };
    return {
      area,
      recruitYear,
      release,
      sent,
      waiting,
      failed,
      lastError: refusals.get(topic) ?? null,
      writtenAt: iso(written_at as number | string),
    };
  });
}
