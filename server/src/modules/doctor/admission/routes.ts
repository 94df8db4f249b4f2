import { admissionDetailRequest, admissionSchema, isHmtType, admissionLetterRequest, admissionSaveRequest } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { contentDisposition } from '../../../lib/content-disposition';
import { PDF_MIME } from '../../../lib/pdf';
import { ok } from '../../../lib/reply';
import { parseInput } from '../../../lib/validation';
import { doctorApplicantOf } from '../applicant';
import { fileTransferLetter } from './letter';
import { admissionDetail, saveAdmission } from './service';

/** The signed-in doctoral applicant's admission calls (issue #4). Records are keyed by the session's user. */
export const admissionRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.post('/mucgrs-service/doctor/admission/detail', async (request) => {
    const { kind } = parseInput(admissionDetailRequest, request.body);
    return ok(request, await admissionDetail(ctx, doctorApplicantOf(request), kind));
  });

  app.post('/mucgrs-service/doctor/admission/save', async (request) => {
    const { kind, data } = parseInput(admissionSaveRequest, request.body);
    const applicant = doctorApplicantOf(request);
    // Checked on its own so every message names the field ("Postcode: must be 6 digits").
    const parsed = parseInput(admissionSchema(kind, { internationalMobile: isHmtType(applicant.registerType) }), data);
    return ok(request, await saveAdmission(ctx, applicant, kind, parsed));
  });

  app.post('/mucgrs-service/doctor/admission/letterPdf', async (request, reply) => {
    parseInput(admissionLetterRequest, request.body);
    const { pdf, fileName } = await fileTransferLetter(ctx, doctorApplicantOf(request));
    return reply
      .header('Content-Type', PDF_MIME)
      .header('Content-Disposition', contentDisposition(fileName, 'inline'))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(pdf);
  });
};
