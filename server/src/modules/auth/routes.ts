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
import { clientOf, ok } from '../../lib/reply';
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

  app.post('/api/v1/client/RandomImage', async (request) => {
    parseInput(emptyBody, request.body);
    return ok(request, await issueCaptcha(ctx.db, ctx.clock.now(), ctx.config.captchaTestCode));
  });

  app.post('/api/v1/client/recruitRegister', async (request) => {
    const input = parseInput(registerRequest, request.body);
    return ok(request, await registerApplicant(ctx, input, clientOf(request)));
  });

  app.post('/api/v1/client/loginRecruit', async (request) => {
    const body = request.body as Record<string, unknown> | undefined;
    // Staff sign in on the same call with a login name instead of a number.
    const attempt =
      body && typeof body === 'object' && 'loginName' in body
        ? { kind: 'staff' as const, input: parseInput(staffLoginRequest, body) }
        : { kind: 'recruit' as const, input: parseInput(applicantLoginRequest, body) };
    return ok(request, await signIn(ctx, attempt, clientOf(request)));
  });

  app.post('/api/v1/client/masterLogin', async (request) => {
    const input = parseInput(masterLoginRequest, request.body);
    return ok(request, await signIn(ctx, { kind: 'master', input }, clientOf(request)));
  });

  app.post('/api/v1/client/forgetPasswordSearch', async (request) => {
    const input = parseInput(forgetPasswordSearchRequest, request.body);
    return ok(request, await findRegistration(ctx, input, clientOf(request)));
  });

  app.post('/api/v1/client/resetByQuestion', async (request) => {
    const input = parseInput(resetByQuestionRequest, request.body);
    await resetByQuestion(ctx, input, clientOf(request));
    return ok(request);
  });

  app.post('/api/v1/client/resetByEmail', async (request) => {
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
    return { code: 0, msg: translate(request.lang, 'ok.resetMailSent') };
  });

  app.post('/api/v1/client/resetByEmailConfirm', async (request) => {
    const input = parseInput(resetByEmailConfirmRequest, request.body);
    await confirmResetByEmail(ctx, input, clientOf(request));
    return ok(request);
  });
};
