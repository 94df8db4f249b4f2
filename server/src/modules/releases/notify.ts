import type { AdmissionArea } from '@gradus/contract';
import type { AppContext } from '../../context';
import { bilingual, translate } from '../../locales';
import { releasesSideOfCycle } from '../admissions/journey';

/**
 * Tells each applicant with something to read that a result is out, once it is: "your result is
 * available in the portal", never the result itself (a mail is read on a shared phone, forwarded,
 * kept). In the background, ten at a time, after the release is committed; a mail that cannot go
 * is logged and never undoes the release.
 */
const AT_ONCE = 10;
const pending = new Set<Promise<void>>();

export function notifyReleased(ctx: AppContext, cycle: { area: AdmissionArea; recruitYear: string; release: string }): void {
  const run = send(ctx, cycle).catch((err: unknown) => ctx.log.error({ err, ...cycle }, 'release notices could not be sent'));
  pending.add(run);
  void run.finally(() => pending.delete(run));
}

/** Resolves once every notice under way has been sent or given up (tests, and a graceful stop). */
export async function noticesSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

async function send(ctx: AppContext, cycle: { area: AdmissionArea; recruitYear: string; release: string }): Promise<void> {
  const rows = (await releasesSideOfCycle(ctx, cycle.area).releaseOutcomes(ctx, { area: cycle.area, recruitYear: cycle.recruitYear }, cycle.release)).filter((r) => r.outcome !== 'none' && r.email);
  const link = `${ctx.config.publicUrl}/login`;
  for (let i = 0; i < rows.length; i += AT_ONCE) {
    const sent = await Promise.allSettled(
      rows.slice(i, i + AT_ONCE).map((r) => {
        const params = { name: r.name, number: r.applicantNumber, year: cycle.recruitYear, link };
        return ctx.mailer.send({ to: r.email!, subject: translate('zh-CN', 'mail.resultOut.subject', params), text: bilingual('zh-CN', 'mail.resultOut.body', params) });
      }),
    );
    for (const failed of sent.filter((s): s is PromiseRejectedResult => s.status === 'rejected')) ctx.log.error({ err: failed.reason }, 'a release notice could not be sent');
  }
}
