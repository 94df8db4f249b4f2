import {
  applicantLoginRequest,
  emptyBody,
  forgetPasswordSearchRequest,
  masterLoginRequest,
  registerRequest,
  resetByEmailConfirmRequest,
  resetByEmailRequest,
  resetByQuestionRequest,
  staffLoginRequest,
} from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ReplyCode } from '@gradus/contract';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';
import { clientOf } from '../../lib/reply';
import { route } from '../../http/route';
import { withUploads } from '../../http/uploads';
import { translate } from '../../locales';
import { issueCaptcha } from '../captcha/service';
import { discardUpload, receiveUpload, type CheckedUpload } from '../files/service';
import { signIn } from './login';
import { confirmResetByEmail, findRegistration, requestResetByEmail, resetByQuestion } from './password-reset';
import { registerApplicant } from './register';

const ID_SCAN_MAX_BYTES = 5 * 1024 * 1024;

/** The public calls of the sign-in screens: no session needed. */
export const publicAuthRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  const open = () => ({ kind: 'portal.public' }) as const;

  route(app, { url: '/api/v1/client/RandomImage', body: emptyBody, authorize: open, act: () => issueCaptcha(ctx.db, ctx.clock.now(), ctx.config.captchaTestCode) });

  route(app, {
    url: '/api/v1/client/recruitRegister',
    body: registerRequest,
    authorize: open,
    act: (_none, { request, input }) => registerApplicant(ctx, input, clientOf(request)),
  });

  route(app, {
    url: '/api/v1/client/loginRecruit',
    // Staff sign in on the same call with a login name instead of a number: two schemas, chosen by the body.
    body: null,
    authorize: open,
    act: (_none, { request }) => {
      const body = request.body as Record<string, unknown> | undefined;
      const attempt =
        body && typeof body === 'object' && 'loginName' in body
          ? { kind: 'staff' as const, input: parseInput(staffLoginRequest, body) }
          : { kind: 'recruit' as const, input: parseInput(applicantLoginRequest, body) };
      return signIn(ctx, attempt, clientOf(request));
    },
  });

  route(app, {
    url: '/api/v1/client/masterLogin',
    body: masterLoginRequest,
    authorize: open,
    act: (_none, { request, input }) => signIn(ctx, { kind: 'master', input }, clientOf(request)),
  });

  route(app, {
    url: '/api/v1/client/forgetPasswordSearch',
    body: forgetPasswordSearchRequest,
    authorize: open,
    act: (_none, { request, input }) => findRegistration(ctx, input, clientOf(request)),
  });

  route(app, {
    url: '/api/v1/client/resetByQuestion',
    body: resetByQuestionRequest,
    authorize: open,
    act: (_none, { request, input }) => resetByQuestion(ctx, input, clientOf(request)),
  });

  await withUploads(app, (uploads) => {
    route(uploads, {
      url: '/api/v1/client/resetByEmail',
      // Multipart (the ID scan): the fields are checked against their schema once read.
      body: null,
      authorize: open,
      act: async (_none, { request }) => {
        const fields: Record<string, string> = {};
        let scan: CheckedUpload | undefined;
        try {
          if (request.isMultipart()) {
            try {
              for await (const part of request.parts({ limits: { files: 1, fields: 10, fieldSize: 1000, fileSize: ID_SCAN_MAX_BYTES } })) {
                if (part.type === 'file') scan = await receiveUpload(ctx, part.file, part.filename, ID_SCAN_MAX_BYTES);
                else fields[part.fieldname] = String(part.value);
              }
            } catch (err) {
              // A cut-off or malformed form is the caller's fault: a clear message, nothing kept.
              throw err instanceof AppError || (err as { statusCode?: number }).statusCode === 413 ? err : new AppError(ReplyCode.BAD_INPUT, 'error.invalidBody');
            }
          } else {
            Object.assign(fields, request.body ?? {});
          }
          const input = parseInput(resetByEmailRequest, fields);
          await requestResetByEmail(ctx, input, scan, clientOf(request), request.lang);
        } catch (err) {
          if (scan) await discardUpload(ctx, scan).catch(() => {});
          throw err;
        }
      },
      send: (_done, _reply, { request }) => ({ code: 0, msg: translate(request.lang, 'ok.resetMailSent') }),
    });
  });

  route(app, {
    url: '/api/v1/client/resetByEmailConfirm',
    body: resetByEmailConfirmRequest,
    authorize: open,
    act: (_none, { request, input }) => confirmResetByEmail(ctx, input, clientOf(request)),
  });
};
