import {
  applicationFileRequest,
  applicationListRequest,
  applicationOptionsRequest,
  applicationScope,
  photoDecisionRequest,
  photoQueueRequest,
  ReplyCode,
  qualificationDecisionRequest,
  returnApplicationRequest,
  revealIdNumberRequest,
  staffCatalogueRequest,
  type Actor,
  type ApplicationListPage,
} from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { AppError } from '../../lib/app-error';
import { staffSideOf } from '../admissions/journey';
import type { StaffActor } from '../admissions/staff-audit';
import { batchAbilities } from './batch';
import { applicationFile } from './file';
import { listApplications } from './list';
import { applicationFilterOptions } from './options';
import { nextPhotos } from './photo-queue';
import { revealIdNumber } from './reveal';
import { decideEligibility, returnApplication } from './review';
import { loadApplication, loadApplicationOfPhoto, loadReadable } from './target';

/** The staff member acting, as the audit table records them. */
const staffOf = (actor: Actor): StaffActor => ({ staffUserId: actor.kind === 'staff' ? actor.userId : null });

/**
 * The back office's application calls (issue #9). Every call that names an application loads it
 * first and authorizes on it: the caller's role and scope (policies.ts), never the client's menus.
 * An application outside the caller's scope answers exactly as one that does not exist.
 */
export const applicationListRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const hidden = { because: 'error.applicationNotFound', notFound: true } as const;

  route(app, {
    url: '/mucgrs-service/staff/applications/list',
    body: applicationListRequest,
    authorize: () => ({ kind: 'application.list' }),
    // With the page, what the caller may do with a selection of it (the list's batch actions).
    act: async (_none, { actor, input }): Promise<ApplicationListPage> => ({ ...(await listApplications(ctx.db, input, applicationScope(actor))), allowed: batchAbilities(actor) }),
  });

  route(app, {
    url: '/mucgrs-service/staff/applications/options',
    body: applicationOptionsRequest,
    authorize: () => ({ kind: 'application.list' }),
    act: (_none, { actor }) => applicationFilterOptions(ctx.db, applicationScope(actor)),
  });

  // Departments, programmes, directions and supervisors: what a form's choices name.
  route(app, {
    url: '/mucgrs-service/staff/applications/catalogue',
    body: staffCatalogueRequest,
    authorize: () => ({ kind: 'application.list' }),
    act: (_none, { input }) => staffSideOf(ctx, input.area).catalogue(ctx, input.recruitYear),
  });

  route(app, {
    url: '/mucgrs-service/staff/applications/file',
    body: applicationFileRequest,
    load: ({ input }) => loadApplication(ctx.db, input.applicationId),
    authorize: (loaded) => ({ kind: 'application.read', application: loaded.target }),
    refusal: hidden,
    act: (loaded, { actor }) => applicationFile(ctx, loaded, actor),
  });

  route(app, {
    url: '/mucgrs-service/staff/applications/revealIdNumber',
    body: revealIdNumberRequest,
    load: ({ actor, input }) => loadReadable(ctx.db, actor, input.applicationId),
    authorize: (loaded) => ({ kind: 'application.revealId', application: loaded.target }),
    act: (loaded, { actor, input }) => revealIdNumber(ctx.db, ctx.clock.now(), loaded, input.reason, staffOf(actor)),
  });

  route(app, {
    url: '/mucgrs-service/staff/applications/decide',
    body: qualificationDecisionRequest,
    load: ({ actor, input }) => loadReadable(ctx.db, actor, input.applicationId),
    authorize: (loaded, { input }) => ({ kind: 'review.decide', application: loaded.target, stage: input.stage }),
    act: (loaded, { actor, input }) => decideEligibility(ctx, loaded, input, staffOf(actor)),
  });

  route(app, {
    url: '/mucgrs-service/staff/applications/return',
    body: returnApplicationRequest,
    load: ({ actor, input }) => loadReadable(ctx.db, actor, input.applicationId),
    authorize: (loaded) => ({ kind: 'application.return', application: loaded.target }),
    act: (loaded, { actor, input }) => returnApplication(ctx, loaded, input, staffOf(actor)),
  });

  route(app, {
    url: '/mucgrs-service/staff/photos/next',
    body: photoQueueRequest,
    authorize: () => ({ kind: 'review.queue' }),
    act: (_none, { actor, input }) => nextPhotos(ctx, input.area, applicationScope(actor), input.skip, actor.kind === 'staff' ? actor.userId : 0),
  });

  route(app, {
    url: '/mucgrs-service/staff/photos/review',
    body: photoDecisionRequest,
    load: ({ input }) => loadApplicationOfPhoto(ctx.db, input.materialId),
    authorize: (loaded) => ({ kind: 'photo.review', application: loaded.target }),
    refusal: hidden,
    act: async (loaded, { actor, input }) => {
      const side = staffSideOf(ctx, loaded.target.area);
      // A camper's photo is checked by its rules alone: nobody reviews it, so nothing is decided.
      if (!side.reviewPhoto) throw new AppError(ReplyCode.CONFLICT, 'error.noPhotoReview');
      const decided = await side.reviewPhoto(ctx, { materialId: input.materialId, outcome: input.outcome, reason: input.reason ?? null }, staffOf(actor));
      ctx.applicantChanged.changed(loaded.target.applicantUserId);
      return decided;
    },
  });
};
