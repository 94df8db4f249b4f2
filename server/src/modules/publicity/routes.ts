import {
  calendarCountRequest,
  calendarListRequest,
  calendarRemoveRequest,
  calendarSaveRequest,
  publicityListRequest,
  publicityPreviewRequest,
  publicityPublishRequest,
} from '@gradus/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import { clientOf } from '../../lib/reply';
import { calendarOf, countPeriod, removeDay, saveDay } from './calendar-days';
import { previewList, publishList, staffLists, type Publisher } from './lists';

const publisher = (request: FastifyRequest): Publisher => ({ userId: request.auth!.userId, ip: clientOf(request).ip });

/**
 * The working-day calendar and the proposed-admission lists (issue #10): the admissions office keeps
 * the calendar and previews the lists (`publicity.manage`); publishing takes the publish permission
 * (`results.publish`, for the list's area), which no role implies.
 */
export const publicityRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const manage = () => ({ kind: 'publicity.manage' }) as const;
  route(app, { url: '/mucgrs-service/staff/calendar/list', body: calendarListRequest, authorize: manage, act: (_none, { input }) => calendarOf(ctx.db, input.year) });
  route(app, { url: '/mucgrs-service/staff/calendar/save', body: calendarSaveRequest, authorize: manage, act: (_none, { request, input }) => saveDay(ctx.db, ctx.clock.now(), input, publisher(request)) });
  route(app, { url: '/mucgrs-service/staff/calendar/remove', body: calendarRemoveRequest, authorize: manage, act: (_none, { request, input }) => removeDay(ctx.db, ctx.clock.now(), input.date, publisher(request)) });
  route(app, { url: '/mucgrs-service/staff/calendar/count', body: calendarCountRequest, authorize: manage, act: (_none, { input }) => countPeriod(ctx.db, input.startDate, input.workingDays) });
  route(app, { url: '/mucgrs-service/staff/publicity/list', body: publicityListRequest, authorize: manage, act: () => staffLists(ctx) });
  route(app, { url: '/mucgrs-service/staff/publicity/preview', body: publicityPreviewRequest, authorize: manage, act: (_none, { input }) => previewList(ctx, input) });
  route(app, {
    url: '/mucgrs-service/staff/publicity/publish',
    body: publicityPublishRequest,
    authorize: (_none, { input }) => ({ kind: 'results.publish', area: input.area }),
    act: (_none, { request, input }) => publishList(ctx, input, publisher(request)),
  });
};
