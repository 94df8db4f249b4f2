import { applicationScope, tmsInterviewListRequest, tmsNationalOfferRequest, tmsInterviewResultRequest, tmsInviteRequest, tmsWithdrawInvitationRequest, type Actor } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../http/route';
import type { StaffActor } from '../../admissions/staff-audit';
import { loadReadable } from '../../applications/target';
import { recordNationalOffer } from './national-offer';
import { interviewList, inviteToInterview, recordInterviewResult, withdrawInvitation } from './staff';

const base = '/mucgrs-service/staff/tmsInterviews';
const staffOf = (actor: Actor): StaffActor => ({ staffUserId: actor.kind === 'staff' ? actor.userId : null });

/**
 * The tuimian interviews in the back office (issue #11): the school of the chosen programme, or the
 * office, invites eligible applicants and records the results of those who came; the office records
 * its offers in the national recommended-exemption system. Each call names
 * an application: one the caller cannot read is unknown (404), one they read but do not run is 403.
 */
export const tmsInterviewStaffRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, {
    url: `${base}/list`,
    body: tmsInterviewListRequest,
    authorize: () => ({ kind: 'review.queue' }),
    act: (_none, { actor, input }) => interviewList(ctx, applicationScope(actor), input),
  });
  const onApplication = {
    load: ({ actor, input }: { actor: Actor; input: { applicationId: number } }) => loadReadable(ctx.db, actor, input.applicationId),
    authorize: (loaded: Awaited<ReturnType<typeof loadReadable>>) => ({ kind: 'tmsInterview.manage' as const, application: loaded.target }),
  };
  route(app, { url: `${base}/invite`, body: tmsInviteRequest, ...onApplication, act: (loaded, { actor, input }) => inviteToInterview(ctx, loaded, input, staffOf(actor)) });
  route(app, { url: `${base}/withdraw`, body: tmsWithdrawInvitationRequest, ...onApplication, act: (loaded, { actor, input }) => withdrawInvitation(ctx, loaded, input, staffOf(actor)) });
  route(app, { url: `${base}/result`, body: tmsInterviewResultRequest, ...onApplication, act: (loaded, { actor, input }) => recordInterviewResult(ctx, loaded, input, staffOf(actor)) });
  // The offer in the national system: the office sends it there, so only the office records it here.
  route(app, {
    url: `${base}/offer`,
    body: tmsNationalOfferRequest,
    load: onApplication.load,
    authorize: (loaded) => ({ kind: 'tmsOffer.record', application: loaded.target }),
    act: (loaded, { actor, input }) => recordNationalOffer(ctx, loaded, input, staffOf(actor)),
  });
};
