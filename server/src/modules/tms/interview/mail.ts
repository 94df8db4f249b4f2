import type { AppContext } from '../../../context';
import { bilingual, translate } from '../../../locales';
import { beijingTime } from '../../application-form/repo';
import { TMS_AREA, menuPagePath } from '@gradus/contract';
import type { InterviewRow } from './service';

/** Where the applicant answers: the information query's interview page. */
const pageLink = (ctx: AppContext) => `${ctx.config.publicUrl}${menuPagePath('recommendedStudent/showExInfo')}`;

async function recipient(ctx: AppContext, userId: number) {
  const user = await ctx.db.selectFrom('app_user').select(['name', 'email', 'applicant_number', 'recruit_year']).where('id', '=', userId).executeTakeFirst();
  if (!user?.email) return null;
  const programme = await ctx.db
    .selectFrom('application_form as f')
    .innerJoin('programme as p', 'p.id', 'f.programme_id')
    .select(['p.name_zh', 'p.name_en'])
    .where('f.user_id', '=', userId)
    .where('f.area', '=', TMS_AREA)
    .where('f.recruit_year', '=', user.recruit_year ?? '')
    .executeTakeFirst();
  return { email: user.email, name: user.name, number: user.applicant_number ?? '', programme: programme ? `${programme.name_zh} / ${programme.name_en}` : '' };
}

/**
 * "You are invited to the interview …, answer by …": sent on every invitation and change, Chinese then
 * English. A mail that cannot go is logged; the invitation stands and the applicant's page shows it.
 */
export async function tellInvited(ctx: AppContext, userId: number, row: InterviewRow): Promise<void> {
  const to = await recipient(ctx, userId);
  if (!to) return;
  const link = pageLink(ctx);
  const where = (lang: 'zh-CN' | 'en') => (row.format === 'online' ? translate(lang, 'mail.tmsInterview.online', { link: row.link }) : row.place);
  const params = { name: to.name, number: to.number, programme: to.programme, startsAt: beijingTime(Number(row.starts_at)), respondBy: beijingTime(Number(row.respond_by)), notes: row.notes, link };
  try {
    await ctx.mailer.send({
      to: to.email,
      subject: translate('zh-CN', 'mail.tmsInterviewInvited.subject', params),
      text: `${translate('zh-CN', 'mail.tmsInterviewInvited.body', { ...params, where: where('zh-CN') })}\n\n----\n\n${translate('en', 'mail.tmsInterviewInvited.body', { ...params, where: where('en') })}`,
    });
  } catch (err) {
    ctx.log.error({ err, userId }, 'a tuimian interview invitation could not be mailed');
  }
}

export async function tellWithdrawn(ctx: AppContext, userId: number, reason: string): Promise<void> {
  const to = await recipient(ctx, userId);
  if (!to) return;
  const params = { name: to.name, number: to.number, programme: to.programme, reason, link: pageLink(ctx) };
  try {
    await ctx.mailer.send({ to: to.email, subject: translate('zh-CN', 'mail.tmsInterviewWithdrawn.subject', params), text: bilingual('zh-CN', 'mail.tmsInterviewWithdrawn.body', params) });
  } catch (err) {
    ctx.log.error({ err, userId }, 'a withdrawn tuimian interview invitation could not be mailed');
  }
}

/**
 * "Our offer is waiting for you in the national system": accepting it there is the applicant's step,
 * in a short window, and the system's own text message is easy to miss.
 */
export async function tellOfferSent(ctx: AppContext, userId: number, sentAt: number): Promise<void> {
  const to = await recipient(ctx, userId);
  if (!to) return;
  const params = { name: to.name, number: to.number, programme: to.programme, sentAt: beijingTime(Number(sentAt)), link: pageLink(ctx) };
  try {
    await ctx.mailer.send({ to: to.email, subject: translate('zh-CN', 'mail.tmsOfferSent.subject', params), text: bilingual('zh-CN', 'mail.tmsOfferSent.body', params) });
  } catch (err) {
    ctx.log.error({ err, userId }, 'a tuimian offer notice could not be mailed');
  }
}
