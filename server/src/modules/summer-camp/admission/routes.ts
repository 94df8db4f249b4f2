import { admitCampersRequest, campAdmissionBoardRequest, recordCampResultsRequest, waitlistCampersRequest, withdrawCampPlaceRequest } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../http/route';
import { admissionBoard, campProgrammeOf } from './board';
import { recordCampResults } from './results';
import { admitCampers, waitlistCampers, withdrawPlace } from './service';

const base = '/mucgrs-service/staff/campAdmission';

/** Camp admission (issue #11): the admissions office's (`camps.admit`), programme by programme. */
export const campAdmissionRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const admit = () => ({ kind: 'camps.admit' }) as const;
  const staffOf = (userId: number) => ({ staffUserId: userId });
  route(app, {
    url: `${base}/board`,
    body: campAdmissionBoardRequest,
    authorize: admit,
    act: async (_none, { input }) => admissionBoard(ctx.db, await campProgrammeOf(ctx.db, input.programmeId, input.recruitYear), ctx.clock.now()),
  });
  route(app, { url: `${base}/admit`, body: admitCampersRequest, authorize: admit, act: (_none, { input, request }) => admitCampers(ctx, input, staffOf(request.auth!.userId)) });
  route(app, { url: `${base}/waitlist`, body: waitlistCampersRequest, authorize: admit, act: (_none, { input, request }) => waitlistCampers(ctx, input, staffOf(request.auth!.userId)) });
  route(app, { url: `${base}/recordResults`, body: recordCampResultsRequest, authorize: admit, act: (_none, { input, request }) => recordCampResults(ctx, input, staffOf(request.auth!.userId)) });
  route(app, { url: `${base}/withdraw`, body: withdrawCampPlaceRequest, authorize: admit, act: (_none, { input, request }) => withdrawPlace(ctx, input, staffOf(request.auth!.userId)) });
};
