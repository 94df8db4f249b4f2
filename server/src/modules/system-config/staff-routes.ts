import { configListRequest, configUpdateRequest, notesListRequest, notesUpdateRequest } from '@gradus/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import { clientOf } from '../../lib/reply';
import { listConfig, listNotes, updateConfig, updateNotes, type ConfigEditor } from './editor';

const editor = (request: FastifyRequest): ConfigEditor => ({ userId: request.auth!.userId, ip: clientOf(request).ip });

/**
 * Running the portal (issue #10): the configuration editor is the system administrator's
 * (`portal.configure`); the notes applicants read are the admissions office's (`notes.edit`).
 */
export const configEditorRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const configure = () => ({ kind: 'portal.configure' }) as const;
  const editNotes = () => ({ kind: 'notes.edit' }) as const;
  route(app, { url: '/mucgrs-service/staff/config/list', body: configListRequest, authorize: configure, act: () => listConfig(ctx.db) });
  route(app, { url: '/mucgrs-service/staff/config/update', body: configUpdateRequest, authorize: configure, act: (_none, { request, input }) => updateConfig(ctx, input, editor(request)) });
  route(app, { url: '/mucgrs-service/staff/notes/list', body: notesListRequest, authorize: editNotes, act: () => listNotes(ctx.db) });
  route(app, { url: '/mucgrs-service/staff/notes/update', body: notesUpdateRequest, authorize: editNotes, act: (_none, { request, input }) => updateNotes(ctx, input, editor(request)) });
};
