import { MATERIAL_MAX_KB, ReplyCode, materialDeleteRequest, materialListRequest, materialUploadFields, photoReviewRequest, type MaterialUploadView } from '@gradus/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { withUploads } from '../../../http/uploads';
import { AppError } from '../../../lib/app-error';
import { parseInput } from '../../../lib/validation';
import { discardUpload, type CheckedUpload } from '../../files/service';
import { doctorCall, type DoctorApplicant } from '../applicant';
import { BodyErrors } from './body-errors';
import { commitUpload, deleteMaterial, listMaterials, photoReviewOf, planUpload, receiveMaterial, type UploadPlan } from './service';

/**
 * Above the largest limit a category or the photo may have (contract MATERIAL_MAX_KB), so the
 * category's own limit, applied while streaming, always speaks first with its own message.
 */
const MAX_UPLOAD_BYTES = MATERIAL_MAX_KB * 1024 + 1;

/** The signed-in doctoral applicant's materials calls (issue #4). */
export const materialsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  doctorCall(app, {
    url: '/mucgrs-service/doctor/materials/list',
    body: materialListRequest,
    act: (applicant, { input }) => listMaterials(ctx, applicant, input.phase),
  });

  /**
   * Multipart: `category` (and `replaceFileId`) first, then the file. The category is judged when the
   * file part begins, so a locked or full category is refused and the category's size limit applies
   * before the bytes are read.
   */
  await withUploads(app, (uploads) =>
    doctorCall(uploads, { url: '/mucgrs-service/doctor/materials/upload', body: null, act: (applicant, { request, reply }) => upload(applicant, request, reply) }),
  );

  async function upload(applicant: DoctorApplicant, request: FastifyRequest, reply: FastifyReply): Promise<MaterialUploadView> {
    if (!request.isMultipart()) throw new AppError(ReplyCode.BAD_INPUT, 'error.materialFileMissing');
    const fields: Record<string, string> = {};
    let plan: UploadPlan | undefined;
    let upload: CheckedUpload | undefined;
    const body = new BodyErrors();
    try {
      try {
        for await (const part of request.parts({ limits: { files: 1, fields: 4, fieldSize: 200, fileSize: MAX_UPLOAD_BYTES } })) {
          if (part.type === 'field') {
            if (plan) throw new AppError(ReplyCode.BAD_INPUT, 'error.materialFieldsFirst');
            fields[part.fieldname] = String(part.value);
            continue;
          }
          body.watch(part.file);
          await body.ours(async () => {
            plan = await planUpload(ctx, applicant, parseInput(materialUploadFields, fields));
            upload = await receiveMaterial(ctx, plan, part.file, part.filename);
          });
        }
      } catch (err) {
        // A cut-off or malformed form, or one with a second file, is the caller's fault: a clear
        // message, nothing kept. (Size is judged by the category's limit inside receiveMaterial.)
        // Our own failures (a full disk, the database) are not: they go on to the 5xx reply and the log.
        throw body.isCallersFault(err) ? new AppError(ReplyCode.BAD_INPUT, 'error.invalidBody') : err;
      }
      if (!plan || !upload) {
        parseInput(materialUploadFields, fields);
        throw new AppError(ReplyCode.BAD_INPUT, 'error.materialFileMissing');
      }
      const received = upload;
      // From here commitUpload owns the bytes: it keeps them with their record or removes them.
      upload = undefined;
      return await commitUpload(ctx, applicant, plan, received);
    } catch (err) {
      if (upload) await discardUpload(ctx, upload).catch(() => {});
      // Refused before the body was all read (too large, locked, full): the rest is not read, so the
      // connection closes after the reply; kept open, the client would sit on its unsent bytes
      // until the keep-alive timeout instead of showing the message.
      if (!request.raw.complete) void reply.header('connection', 'close');
      throw err;
    }
  }

  doctorCall(app, {
    url: '/mucgrs-service/doctor/materials/delete',
    body: materialDeleteRequest,
    act: (applicant, { input }) => deleteMaterial(ctx, applicant, input.fileId),
  });

  doctorCall(app, { url: '/mucgrs-service/doctor/materials/photoReview', body: photoReviewRequest, act: (applicant) => photoReviewOf(ctx, applicant) });
};
