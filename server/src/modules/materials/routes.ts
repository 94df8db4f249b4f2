import { materialDeleteRequest, materialListRequest } from '@gradus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { withUploads } from '../../http/uploads';
import type { ApplicantCallDef } from '../admissions/calls';
import type { MaterialsArea } from './area';
import { deleteMaterial, listMaterials } from './service';
import { uploadMaterial } from './upload';

/** A journey's own applicant call (doctorCall, campCall): the caller's own records of its area. */
type JourneyCall = <S extends ZodType | null, R>(app: FastifyInstance, def: ApplicantCallDef<S, R>) => void;

/**
 * The applicant's materials calls of a journey, under `base` (…/materials): list, upload
 * (multipart: `category` and `replaceFileId` before the file, judged when the file part begins, so
 * a locked or full category and the category's size limit apply before the bytes are read) and delete.
 */
export async function materialsCalls(app: FastifyInstance, opts: { of: MaterialsArea; base: string; call: JourneyCall }): Promise<void> {
  const { ctx } = app;
  const { of, base, call } = opts;

  call(app, { url: `${base}/list`, body: materialListRequest, act: (applicant, { input }) => listMaterials(ctx, of, applicant, input.phase) });

  await withUploads(app, (uploads) =>
    call(uploads, { url: `${base}/upload`, body: null, act: (applicant, { request, reply }) => uploadMaterial(ctx, of, applicant, request, reply) }),
  );

  call(app, { url: `${base}/delete`, body: materialDeleteRequest, act: (applicant, { input }) => deleteMaterial(ctx, of, applicant, input.fileId) });
}
