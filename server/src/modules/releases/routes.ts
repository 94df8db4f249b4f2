import {
  cancelReleaseRequest,
  confirmReleaseRequest,
  holds,
  planReleaseRequest,
  releaseListRequest,
  releasePreviewRequest,
  viewAsApplicantRequest,
  withdrawReleaseRequest,
  type Actor,
  type AdmissionArea,
} from '@gradus/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import { clientOf } from '../../lib/reply';
import { cancelRelease, confirmRelease, listReleases, planRelease, previewRelease, viewAsApplicant, withdrawRelease, type Publisher } from './service';

const base = '/mucgrs-service/staff/releases';
const publisherOf = (request: FastifyRequest, actor: Actor): Publisher => ({ userId: request.auth!.userId, ip: clientOf(request).ip, mayPublish: holds(actor, 'results.publish') });

/**
 * The releases page (issue #10): the office reads where each result stands and previews it
 * (`cycle.configure`); planning, confirming, cancelling and withdrawing need the publish
 * permission (`results.publish`), which no role implies.
 */
export const releaseRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const office = (area: AdmissionArea) => ({ kind: 'cycle.configure', area }) as const;
  const publish = (area: AdmissionArea) => ({ kind: 'results.publish', area }) as const;
  route(app, {
    url: `${base}/list`,
    body: releaseListRequest,
    authorize: (_none, { input }) => office(input.area),
    act: (_none, { request, input, actor }) => listReleases(ctx, input.area, input.recruitYear, publisherOf(request, actor)),
  });
  route(app, { url: `${base}/preview`, body: releasePreviewRequest, authorize: (_none, { input }) => office(input.area), act: (_none, { input }) => previewRelease(ctx, input) });
  route(app, { url: `${base}/viewAs`, body: viewAsApplicantRequest, authorize: (_none, { input }) => office(input.area), act: (_none, { input }) => viewAsApplicant(ctx, input) });
  route(app, {
    url: `${base}/plan`,
    body: planReleaseRequest,
    authorize: (_none, { input }) => publish(input.area),
    act: (_none, { request, input, actor }) => planRelease(ctx, input, publisherOf(request, actor)),
  });
  // A plan's area is the plan's own: loaded first, so the permission is judged for it.
  const planArea = async (planId: number): Promise<AdmissionArea> =>
    ((await ctx.db.selectFrom('release_plan').select('area').where('id', '=', planId).executeTakeFirst())?.area as AdmissionArea | undefined) ?? ('' as AdmissionArea);
  route(app, {
    url: `${base}/confirm`,
    body: confirmReleaseRequest,
    load: ({ input }) => planArea(input.planId),
    authorize: (area) => publish(area),
    act: (_area, { request, input, actor }) => confirmRelease(ctx, input.planId, publisherOf(request, actor)),
  });
  route(app, {
    url: `${base}/cancel`,
    body: cancelReleaseRequest,
    load: ({ input }) => planArea(input.planId),
    authorize: (area) => publish(area),
    act: async (_area, { request, input, actor }) => {
      await cancelRelease(ctx, input, publisherOf(request, actor));
      return null;
    },
  });
  route(app, {
    url: `${base}/withdraw`,
    body: withdrawReleaseRequest,
    authorize: (_none, { input }) => publish(input.area),
    act: (_none, { request, input, actor }) => withdrawRelease(ctx, input, publisherOf(request, actor)),
  });
};
