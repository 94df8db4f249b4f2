import type { AdmissionArea } from '@gradus/contract';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { bilingual, translate } from '../../locales';
import { releasesSideOfCycle } from '../admissions/journey';
import { enqueueMail } from '../outbox/outbox';

export interface FiredPlan {
  id: number;
  area: AdmissionArea;
  recruitYear: string;
  release: string;
}

/**
 * The outbox topic of one publication's notices: the Releases page counts them by it. By plan, so a
 * result withdrawn and published again counts its new notices, not both rounds.
 */
export const noticeTopic = (p: { id: number; area: string; recruitYear: string; release: string }) => `release:${p.area}:${p.recruitYear}:${p.release}:${p.id}`;

/**
 * Tells each applicant with something to read that a result is out: "your result is available in
 * the portal", never the result itself (a mail is read on a shared phone, forwarded, kept). The
 * notices are written to the outbox in the transaction that publishes the result, so a crash
 * after it loses none; the relay sends them, and a mail that cannot go never undoes the release.
 * Keyed by plan: a result withdrawn and published again by a new plan is announced again.
 */
export async function queueReleaseNotices(ctx: AppContext, trx: DB, now: number, plan: FiredPlan): Promise<number> {
  const rows = await releasesSideOfCycle(ctx, plan.area).releaseOutcomes({ ...ctx, db: trx }, { area: plan.area, recruitYear: plan.recruitYear }, plan.release);
  const link = `${ctx.config.publicUrl}/login`;
  const topic = noticeTopic(plan);
  const mails = rows
    .filter((r) => r.outcome !== 'none' && r.email)
    .map((r) => {
      const params = { name: r.name, number: r.applicantNumber, year: plan.recruitYear, link };
      return { dedupeKey: `release-plan:${plan.id}:${r.userId}`, topic, to: r.email!, subject: translate('zh-CN', 'mail.resultOut.subject', params), text: bilingual('zh-CN', 'mail.resultOut.body', params) };
    });
  await enqueueMail(trx, now, mails);
  return mails.length;
}
