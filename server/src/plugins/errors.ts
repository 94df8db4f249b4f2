import { ReplyCode } from '@gradus/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { describeIssues, InputError } from '../lib/validation';
import { languageFrom, translate } from '../locales';

/**
 * Every failure leaves as `{code, msg}` in the caller's language. Business and session errors
 * are HTTP 200 (the spec's client reads the code); transport limits keep their HTTP status.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = languageFrom(request.headers['accept-language']);
    done();
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = request.lang ?? 'en';
    if (error instanceof InputError) {
      return reply.status(200).send({ code: ReplyCode.BAD_INPUT, msg: describeIssues(lang, error.issues) });
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.httpStatus).send({ code: error.code, msg: translate(lang, error.messageKey, error.params) });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413 || (error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ code: 413, msg: translate(lang, 'error.bodyTooLarge') });
    }
    if (status >= 400 && status < 500) {
      // Unreadable JSON, wrong content type, malformed multipart: the caller's fault, nothing written.
      return reply.status(200).send({ code: ReplyCode.BAD_INPUT, msg: translate(lang, 'error.invalidBody') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: ReplyCode.SERVER_ERROR, msg: translate(lang, 'error.server') });
  });
});
