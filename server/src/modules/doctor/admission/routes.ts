import { admissionDetailRequest, admissionSchema, isHmtType, admissionLetterRequest, admissionSaveRequest } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { sendPdf } from '../../../http/send';
import { parseInput } from '../../../lib/validation';
import { doctorCall } from '../applicant';
import { fileTransferLetter } from './letter';
import { admissionDetail, saveAdmission } from './service';

/** The signed-in doctoral applicant's admission calls (issue #4). Records are keyed by the session's user. */
export const admissionRoutes: FastifyPluginAsync = async (app) => {
  doctorCall(app, {
    url: '/mucgrs-service/doctor/admission/detail',
    body: admissionDetailRequest,
    act: (applicant, { ctx, input }) => admissionDetail(ctx, applicant, input.kind),
  });

  doctorCall(app, {
    url: '/mucgrs-service/doctor/admission/save',
    body: admissionSaveRequest,
    act: (applicant, { ctx, input: { kind, data } }) => {
      // Checked on its own so every message names the field ("Postcode: must be 6 digits").
      const parsed = parseInput(admissionSchema(kind, { internationalMobile: isHmtType(applicant.registerType) }), data);
      return saveAdmission(ctx, applicant, kind, parsed);
    },
  });

  doctorCall(app, {
    url: '/mucgrs-service/doctor/admission/letterPdf',
    body: admissionLetterRequest,
    act: (applicant, { ctx }) => fileTransferLetter(ctx, applicant),
    send: ({ pdf, fileName }, reply) => sendPdf(reply, pdf, fileName),
  });
};
