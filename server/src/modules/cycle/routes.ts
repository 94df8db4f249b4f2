import { emptyBody, saveWindowRequest, startYearRequest, timelineRequest } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { recruitYears, saveWindow, startYear, timeline } from './service';

const base = '/mucgrs-service/staff/cycle';

/**
 * The cycle's timeline and recruitment years (issue #10): the admissions office's. Windows are an
 * area's (`cycle.configure`); the years are every area's (`cycle.years`).
 */
export const cycleRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const staffOf = (userId: number) => ({ staffUserId: userId });
  route(app, { url: `${base}/years`, body: emptyBody, authorize: () => ({ kind: 'cycle.years' }), act: () => recruitYears(ctx) });
  route(app, {
    url: `${base}/startYear`,
    body: startYearRequest,
    authorize: () => ({ kind: 'cycle.years' }),
    act: (_none, { input, request }) => startYear(ctx, input.year, staffOf(request.auth!.userId)),
  });
  route(app, {
    url: `${base}/timeline`,
    body: timelineRequest,
    authorize: (_none, { input }) => ({ kind: 'cycle.configure', area: input.area }),
    act: (_none, { input }) => timeline(ctx, input.area, input.recruitYear),
  });
  route(app, {
    url: `${base}/saveWindow`,
    body: saveWindowRequest,
    authorize: (_none, { input }) => ({ kind: 'cycle.configure', area: input.area }),
    act: (_none, { input, request }) => saveWindow(ctx, input, staffOf(request.auth!.userId)),
  });
};
