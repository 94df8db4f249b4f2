import {
  accountRequestListRequest,
  confirmAccountRequest as confirmAccountRequestBody,
  createStaffAccountRequest,
  declineAccountRequest as declineAccountRequestBody,
  disableStaffAccountRequest,
  staffAccountListRequest,
  staffAccountOptionsRequest,
  staffAccountRequest,
  updateStaffAccountRequest,
} from '@gradus/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import { clientOf } from '../../lib/reply';
import {
  createStaffAccount,
  disableStaffAccount,
  enableStaffAccount,
  listStaffAccounts,
  resetStaffPassword,
  staffAccountOptions,
  updateStaffAccount,
  type Administrator,
} from './service';
import { confirmAccountRequest, declineAccountRequest, listAccountRequests } from './requests';

const base = '/mucgrs-service/staff/accounts';
const administrator = (request: FastifyRequest): Administrator => ({ userId: request.auth!.userId, ip: clientOf(request).ip });

/** The system administrator's staff accounts (issue #10): every call is `staff.manage`. */
export const staffAccountRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const manage = () => ({ kind: 'staff.manage' }) as const;
  route(app, { url: `${base}/list`, body: staffAccountListRequest, authorize: manage, act: (_none, { request, input }) => listStaffAccounts(ctx.db, input, administrator(request)) });
  route(app, { url: `${base}/options`, body: staffAccountOptionsRequest, authorize: manage, act: () => staffAccountOptions(ctx.db) });
  route(app, { url: `${base}/create`, body: createStaffAccountRequest, authorize: manage, act: (_none, { request, input }) => createStaffAccount(ctx.db, ctx.clock.now(), input, administrator(request)) });
  route(app, {
    url: `${base}/update`,
    body: updateStaffAccountRequest,
    authorize: manage,
    act: (_none, { request, input }) => updateStaffAccount(ctx.db, ctx.clock.now(), input, administrator(request)),
  });
  route(app, {
    url: `${base}/disable`,
    body: disableStaffAccountRequest,
    authorize: manage,
    act: async (_none, { request, input }) => {
      await disableStaffAccount(ctx.db, ctx.clock.now(), input, administrator(request));
      return null;
    },
  });
  route(app, {
    url: `${base}/enable`,
    body: staffAccountRequest,
    authorize: manage,
    act: async (_none, { request, input }) => {
      await enableStaffAccount(ctx.db, ctx.clock.now(), input.userId, administrator(request));
      return null;
    },
  });
  // The two-person rule: what waits for a second administrator, confirmed or declined by them.
  route(app, { url: `${base}/requests`, body: accountRequestListRequest, authorize: manage, act: (_none, { request }) => listAccountRequests(ctx.db, administrator(request)) });
  route(app, { url: `${base}/confirm`, body: confirmAccountRequestBody, authorize: manage, act: (_none, { request, input }) => confirmAccountRequest(ctx, input.requestId, administrator(request), request.lang) });
  route(app, {
    url: `${base}/decline`,
    body: declineAccountRequestBody,
    authorize: manage,
    act: async (_none, { request, input }) => {
      await declineAccountRequest(ctx.db, ctx.clock.now(), input, administrator(request));
      return null;
    },
  });
  route(app, { url: `${base}/resetPassword`, body: staffAccountRequest, authorize: manage, act: (_none, { request, input }) => resetStaffPassword(ctx.db, ctx.clock.now(), input.userId, administrator(request)) });
};
