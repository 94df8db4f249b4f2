import {
  APPLICATION_EXPORT_TYPE,
  answerRecheckRequest,
  recheckListRequest,
  recheckWindowRequest,
  ReplyCode,
  SCORE_IMPORT_MAX_BYTES,
  computeFinalRequest,
  recordScoreRequest,
  saveScoreScaleRequest,
  saveScoreWeightsRequest,
  scoreHistoryRequest,
  scoreImportFields,
  scoreGridRequest,
  scoreTemplateRequest,
  scoreWeightsRequest,
  type AdmissionArea,
  type ScoreKind,
} from '@gradus/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import { withUploads } from '../../http/uploads';
import { AppError } from '../../lib/app-error';
import { contentDisposition } from '../../lib/content-disposition';
import { parseInput } from '../../lib/validation';
import type { StaffActor } from '../admissions/staff-audit';
import { computeFinal, saveWeights, scoreWeights } from './final';
import { importScores, templateFile } from './import';
import { answerRecheck, recheckList, saveRecheckWindow } from './rechecks';
import { saveScale, saveScore, scoreHistory, scoreGrid } from './service';

const base = '/mucgrs-service/staff/scores';
const staffActor = (request: FastifyRequest): StaffActor => ({ staffUserId: request.auth!.userId });

/**
 * Scores in the back office (issue #10): every call is the admissions office's (`score.manage`,
 * for the area the call names). The upload names its cycle in the query string, so the permission
 * is judged before a byte of the file is read; the file itself stays in memory, bounded by
 * SCORE_IMPORT_MAX_BYTES, and never touches the disk.
 */
export const scoreRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const manage = (area: AdmissionArea) => ({ kind: 'score.manage', area }) as const;
  route(app, { url: `${base}/grid`, body: scoreGridRequest, authorize: (_none, { input }) => manage(input.area), act: (_none, { input }) => scoreGrid(ctx, input) });
  route(app, { url: `${base}/save`, body: recordScoreRequest, authorize: (_none, { input }) => manage(input.area), act: (_none, { request, input }) => saveScore(ctx, input, staffActor(request)) });
  route(app, { url: `${base}/history`, body: scoreHistoryRequest, authorize: (_none, { input }) => manage(input.area), act: (_none, { input }) => scoreHistory(ctx, input) });
  route(app, { url: `${base}/scale`, body: saveScoreScaleRequest, authorize: (_none, { input }) => manage(input.area), act: (_none, { request, input }) => saveScale(ctx, input, staffActor(request)) });
  route(app, { url: `${base}/weights`, body: scoreWeightsRequest, authorize: (_none, { input }) => manage(input.area), act: (_none, { input }) => scoreWeights(ctx, input.area, input.recruitYear) });
  route(app, { url: `${base}/saveWeights`, body: saveScoreWeightsRequest, authorize: (_none, { input }) => manage(input.area), act: (_none, { request, input }) => saveWeights(ctx, input, staffActor(request)) });
  route(app, { url: `${base}/computeFinal`, body: computeFinalRequest, authorize: (_none, { input }) => manage(input.area), act: (_none, { request, input }) => computeFinal(ctx, input, staffActor(request)) });
  // Score re-checks (复核): the requests, the answers, the windows (`score.recheck`, the admissions office).
  const rechecks = '/mucgrs-service/staff/rechecks';
  const recheck = (area: AdmissionArea) => ({ kind: 'score.recheck', area }) as const;
  route(app, { url: `${rechecks}/list`, body: recheckListRequest, authorize: (_none, { input }) => recheck(input.area), act: (_none, { input }) => recheckList(ctx, input) });
  route(app, { url: `${rechecks}/answer`, body: answerRecheckRequest, authorize: (_none, { input }) => recheck(input.area), act: (_none, { request, input }) => answerRecheck(ctx, input, staffActor(request)) });
  route(app, { url: `${rechecks}/window`, body: recheckWindowRequest, authorize: (_none, { input }) => recheck(input.area), act: (_none, { request, input }) => saveRecheckWindow(ctx, input, staffActor(request)) });
  route(app, {
    url: `${base}/template`,
    body: scoreTemplateRequest,
    authorize: (_none, { input }) => manage(input.area),
    act: (_none, { request, input }) => templateFile(ctx, input, request.lang),
    send: ({ fileName, buffer }, reply) =>
      reply
        .header('Content-Type', APPLICATION_EXPORT_TYPE)
        .header('Content-Disposition', contentDisposition(fileName))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(buffer),
  });

  await withUploads(app, (uploads) =>
    route(uploads, {
      url: `${base}/import`,
      body: null,
      load: ({ request }) => parseInput(scoreImportFields, request.query),
      authorize: (cycle) => manage(cycle.area),
      act: async (cycle, { request, reply }) => {
        try {
          const file = await receiveFile(request);
          const c = { area: cycle.area, recruitYear: cycle.recruitYear, kind: cycle.kind as ScoreKind };
          return await importScores(ctx, c, file, { dryRun: cycle.dryRun === 'true', lang: request.lang, actor: staffActor(request) });
        } catch (err) {
          // Refused before the body was all read (too large): the rest is not read, the connection closes after the reply.
          if (!request.raw.complete) void reply.header('connection', 'close');
          throw err;
        }
      },
    }),
  );
};

/** The one file part, in memory and at most SCORE_IMPORT_MAX_BYTES; a larger one is refused as it streams. */
async function receiveFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(ReplyCode.BAD_INPUT, 'scores.fileMissing');
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { files: 1, fields: 0, fileSize: SCORE_IMPORT_MAX_BYTES } })) {
      if (part.type === 'file') file = await part.toBuffer();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ReplyCode.BAD_INPUT, 'scores.fileTooLarge', { mb: SCORE_IMPORT_MAX_BYTES / 1024 / 1024 });
    if (err instanceof AppError) throw err;
    throw new AppError(ReplyCode.BAD_INPUT, 'error.invalidBody');
  }
  if (!file || file.length === 0) throw new AppError(ReplyCode.BAD_INPUT, 'scores.fileMissing');
  return file;
}
