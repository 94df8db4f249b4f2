import { MATERIAL_MAX_KB, ReplyCode, materialUploadFields, type MaterialUploadView } from '@gradus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';
import { discardUpload, type CheckedUpload } from '../files/service';
import type { MaterialsArea } from './area';
import { BodyErrors } from './body-errors';
import { commitUpload, planUpload, receiveMaterial, type MaterialsApplicant, type UploadPlan } from './service';

/**
 * Above the largest limit a category or the photo may have (contract MATERIAL_MAX_KB), so the
 * category's own limit, applied while streaming, always speaks first with its own message.
 */
const MAX_UPLOAD_BYTES = MATERIAL_MAX_KB * 1024 + 1;

/**
 * One upload call, multipart: `category` (and `replaceFileId`) first, then the file. The category
 * is judged when the file part begins, so a locked or full category is refused and the category's
 * size limit applies before the bytes are read. The journey's route registers it (inside withUploads).
 */
export async function uploadMaterial(ctx: AppContext, of: MaterialsArea, applicant: MaterialsApplicant, request: FastifyRequest, reply: FastifyReply): Promise<MaterialUploadView> {
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
          plan = await planUpload(ctx, of, applicant, parseInput(materialUploadFields, fields));
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
    return await commitUpload(ctx, of, applicant, plan, received);
  } catch (err) {
    if (upload) await discardUpload(ctx, upload).catch(() => {});
    // Refused before the body was all read (too large, locked, full): the rest is not read, so the
    // connection closes after the reply; kept open, the client would sit on its unsent bytes
    // until the keep-alive timeout instead of showing the message.
    if (!request.raw.complete) void reply.header('connection', 'close');
    throw err;
  }
}
