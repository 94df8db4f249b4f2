import { ReplyCode, TMS_NATIONAL_OFFER_ANSWERED, type TmsNationalOfferView, type tmsNationalOfferRequest } from '@gradus/contract';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/app-error';
import { staffAudit, type StaffActor } from '../../admissions/staff-audit';
import { isoOrNull } from '../../application-form/repo';
import type { LoadedApplication } from '../../applications/target';
import { tellOfferSent } from './mail';
import { offerOf, offerView, type Who } from './offer-view';
import { assertTuimian, interviewOf, interviewResultsReleased } from './service';

/**
 * Records (or corrects) what the national system shows for an interviewee the school passed, once the
 * office released the interview results: the applicant must have read their pass before an offer of
 * ours appears on their page. Dates are what happened there, so neither may be in the future. The
 * applicant is mailed the first time the offer is recorded as sent, and never again: the national system's own notice is a
 * text message that is easy to miss, and their acceptance window there is short.
 */
export async function recordNationalOffer(ctx: AppContext, loaded: LoadedApplication, input: z.output<typeof tmsNationalOfferRequest>, actor: StaffActor): Promise<TmsNationalOfferView> {
  assertTuimian(loaded);
  const now = ctx.clock.now();
  const sentAt = Date.parse(input.sentAt);
  const answeredAt = TMS_NATIONAL_OFFER_ANSWERED.includes(input.state) && input.answeredAt ? Date.parse(input.answeredAt) : null;
  if (sentAt > now || (answeredAt ?? 0) > now) throw new AppError(ReplyCode.BAD_INPUT, 'tmsOffer.future');
  const who: Who = { userId: loaded.target.applicantUserId, recruitYear: loaded.target.recruitYear };
  const applicant = { applicant: `${loaded.name} (${loaded.applicantNumber})` };
  await inTransaction(ctx.db, async (trx) => {
    const interview = await interviewOf(trx, who);
    if (interview?.result !== 'pass') throw new AppError(ReplyCode.CONFLICT, 'tmsOffer.notPassed', applicant);
    if (!(await interviewResultsReleased(trx, who.recruitYear))) throw new AppError(ReplyCode.CONFLICT, 'tmsOffer.notReleased');
    const existing = await offerOf(trx, who);
    const fields = { state: input.state, sent_at: sentAt, answered_at: answeredAt, note: input.note, recorded_by: actor.staffUserId, recorded_at: now };
    // One row a year: two colleagues saving the first record at once both land on it (the later wins, as an update would).
    await trx
      .insertInto('tms_national_offer')
      .values({ ...fields, user_id: who.userId, recruit_year: who.recruitYear })
      .onConflict((oc) => oc.columns(['user_id', 'recruit_year']).doUpdateSet(fields))
      .execute();
    // What is stored, not what was sent: an answer date given with another state is dropped.
    await staffAudit(trx, now, 'tmsOffer.record', actor, {
      subject: loaded.applicantNumber,
      detail: { recruitYear: who.recruitYear, from: existing?.state ?? null, to: input.state, sentAt: isoOrNull(sentAt), answeredAt: isoOrNull(answeredAt), note: input.note },
    });
  });
  ctx.applicantChanged.changed(who.userId);
  let row = (await offerOf(ctx.db, who))!;
  // Once ever: a record corrected back to sent (a mistaken acceptance, say) does not mail again.
  if (row.state === 'sent' && row.notified_at === null) {
    await tellOfferSent(ctx, who.userId, row.sent_at);
    await ctx.db.updateTable('tms_national_offer').set({ notified_at: ctx.clock.now() }).where('id', '=', row.id).execute();
    row = (await offerOf(ctx.db, who))!;
  }
  return offerView(row);
}
