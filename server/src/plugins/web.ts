import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReplyCode } from '@gradus/contract';
import { translate } from '../locales';

const API_PREFIXES = ['/api/', '/mucgrs-service/'];

/**
 * Serves the built web app, with index.html for every other GET so deep links and reloads land
 * in the single-page app. Unknown API paths get the JSON envelope, never the page.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const index = path.join(opts.webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      // Looked up per request, so a rebuilt web/dist is served without restarting the server;
      // a missing file falls through to the handler below.
      wildcard: true,
      index: ['index.html'],
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html always revalidates.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    // A missing hashed asset is a 404, not the page: a stale tab must not parse HTML as JavaScript.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(index));
    }
    return reply.status(isApi ? 200 : 404).send({ code: ReplyCode.NOT_FOUND, msg: translate(request.lang, 'error.notFound') });
  });
});
