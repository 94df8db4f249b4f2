import type { AppContext } from '../../../context';
import { bilingual, translate } from '../../../locales';
import { beijingTime } from '../../application-form/repo';

/** A waiting-list camper just offered a place, and their deadline (epoch ms). */
export interface PromotedCamper {
  userId: number;
  confirmBy: number;
}

/**
 * "A camp place is yours if you confirm by …": the deadline runs from the moment of the offer, so
 * the camper hears of it at once. Chinese, then English. A mail that cannot go is logged; the offer
 * stands and the qualification page shows it.
 */
export async function tellPromotedCampers(ctx: AppContext, promoted: readonly PromotedCamper[]): Promise<void> {
  for (const p of promoted) {
    ctx.applicantChanged.changed(p.userId);
    const user = await ctx.db.selectFrom('app_user').select(['name', 'email', 'applicant_number']).where('id', '=', p.userId).executeTakeFirst();
    if (!user?.email) continue;
    const params = { name: user.name, number: user.applicant_number ?? '', deadline: beijingTime(p.confirmBy), link: `${ctx.config.publicUrl}/summerCampQualification/index` };
    try {
      await ctx.mailer.send({ to: user.email, subject: translate('zh-CN', 'mail.campPlaceOffered.subject', params), text: bilingual('zh-CN', 'mail.campPlaceOffered.body', params) });
    } catch (err) {
      ctx.log.error({ err, userId: p.userId }, 'a camp place offer could not be mailed');
    }
  }
}
