import { ReplyCode, fileByteRequest } from '@gradus/contract';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/app-error';
import { contentDisposition, sanitizeFileName } from '../../lib/content-disposition';
import { parseInput } from '../../lib/validation';
import { authOf } from '../user/routes';
import { findReadableFile } from './service';

export const fileRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.post('/mucgrs-service/system/files/getFileByte', async (request, reply) => {
    const input = parseInput(fileByteRequest, request.body);
    const auth = authOf(request);
    const file = await findReadableFile(ctx, { userId: auth.userId, activeRole: auth.activeRoleKey, roles: [auth.activeRoleKey] }, input.filePath);
    if (!(await ctx.storage.exists(file.storage_key))) throw new AppError(ReplyCode.NOT_FOUND, 'error.fileNotFound');
    // The name the person asked for, but always with the file's real extension: the client opens
    // pdf and images in a new window by that extension.
    const ext = path.extname(file.original_name) || `.${file.mime_type.split('/')[1] ?? 'bin'}`;
    let name = sanitizeFileName(input.downName || input.fileName || file.original_name) || `file${ext}`;
    if (!name.toLowerCase().endsWith(ext.toLowerCase())) name += ext;
    return reply
      .header('Content-Type', file.mime_type)
      .header('Content-Disposition', contentDisposition(name))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(ctx.storage.open(file.storage_key));
  });
};
