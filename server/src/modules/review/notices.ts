import type { Language } from '@gradus/contract';
import type { AppContext } from '../../context';
import { bilingual, translate } from '../../locales';
import type { ReviewCycle } from './cycle';

/**
 * Tells internal experts of the files just assigned to them: one mail each, naming how many are new
 * and how many wait in all, with the way to their list. Sent after the assignment is committed; a
 * mail that cannot go out is logged and never undoes the assignment. External experts are told by
 * their link's mail instead, and staff without an address are not told.
 */
export async function noticeAssignments(ctx: AppContext, cycle: ReviewCycle, added: ReadonlyMap<number, number>, lang: Language): Promise<void> {
  const ids = [...added.keys()];
  if (ids.length === 0) return;
  const experts = await ctx.db
    .selectFrom('app_user as u')
    .leftJoin('expert_assignment as a', (join) =>
      join.onRef('a.expert_user_id', '=', 'u.id').on('a.area', '=', cycle.area).on('a.recruit_year', '=', cycle.recruitYear).on('a.stage', '=', cycle.stage),
    )
    .select(['u.id', 'u.name', 'u.email', (eb) => eb.fn.count<number>('a.id').as('total')])
    .where('u.id', 'in', ids)
    .where('u.kind', '=', 'staff')
    .where('u.email', 'is not', null)
    .groupBy(['u.id', 'u.name', 'u.email'])
    .execute();
  const link = `${ctx.config.publicUrl}/admissions/reviews`;
  const sent = await Promise.allSettled(
    experts.map((e) => {
      const params = { name: e.name, count: added.get(e.id) ?? 0, total: Number(e.total), year: cycle.recruitYear, link };
      return ctx.mailer.send({ to: e.email!, subject: translate(lang, 'mail.assigned.subject', params), text: bilingual(lang, 'mail.assigned.body', params) });
    }),
  );
  for (const failed of sent.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) ctx.log.error({ err: failed.reason }, 'assignment notice could not be sent');
}
