import { DOCTOR_AREA, RECHECK_KINDS } from '@gradus/contract';
import type { AppContext } from '../../../context';

const DAY = 86_400_000;
/** 王磊, whose scores are out: his request waits for the office's answer. */
const ASKS = { number: '2027100002', kind: 'assessment', reason: '专家乙的评分似乎没有计入研究计划答辩部分，恳请核查。' } as const;

/**
 * Score re-checks in the demo (issue #10): the window of every component score open from five days
 * before the seed to twenty after, and one request waiting, so the office has a re-check to answer
 * on the README's tour.
 */
export async function seedRechecks(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const user = await ctx.db.selectFrom('app_user').select(['id', 'recruit_year']).where('applicant_number', '=', ASKS.number).executeTakeFirst();
  if (!user?.recruit_year) return;
  const recruitYear = user.recruit_year;
  await ctx.db
    .insertInto('score_recheck_window')
    .values(RECHECK_KINDS.map((kind) => ({ area: DOCTOR_AREA, recruit_year: recruitYear, kind, opens_at: now - 5 * DAY, closes_at: now + 20 * DAY, updated_by: null, updated_at: now })))
    .execute();
  const score = await ctx.db
    .selectFrom('exam_score')
    .select('score_hundredths')
    .where('user_id', '=', user.id)
    .where('recruit_year', '=', recruitYear)
    .where('area', '=', DOCTOR_AREA)
    .where('kind', '=', ASKS.kind)
    .executeTakeFirst();
  if (!score) return;
  await ctx.db
    .insertInto('score_recheck')
    .values({ user_id: user.id, recruit_year: recruitYear, area: DOCTOR_AREA, kind: ASKS.kind, reason: ASKS.reason, state: 'requested', requested_at: now - DAY, old_hundredths: Number(score.score_hundredths) })
    .execute();
}
