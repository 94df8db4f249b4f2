import { ReplyCode, fileByteRequest } from '@gradus/contract';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { AppError } from '../../lib/app-error';
import { contentDisposition, sanitizeFileName } from '../../lib/content-disposition';
import { loadRequestedFile } from './service';

export const fileRoutes: FastifyPluginAsync = async (app) => {
  storedFileRoute(app, '/mucgrs-service/system/files/getFileByte');
};

/**
 * A stored file's bytes for whoever the route tree says is calling (a session, or an external
 * expert's review link): the file.read policy decides, on the file's owner and kind.
 */
export function storedFileRoute(app: FastifyInstance, url: string): void {
  const { ctx } = app;
  route(app, {
    url,
    body: fileByteRequest,
    load: ({ actor, input }) => loadRequestedFile(ctx, actor, input.filePath),
    authorize: ({ target }) => ({ kind: 'file.read', file: target }),
    // Unknown and not permitted look the same: the path says nothing about whose file it is.
    refusal: { because: 'error.fileNotFound', notFound: true },
    act: async ({ row }) => {
      if (!(await ctx.storage.exists(row.storage_key))) throw new AppError(ReplyCode.NOT_FOUND, 'error.fileNotFound');
      return row;
    },
    send: (file, reply, { input }) => {
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
    },
  });
}
