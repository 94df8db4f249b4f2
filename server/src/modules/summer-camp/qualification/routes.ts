import { campNoticeRequest, campQualificationRequest, confirmCampPlaceRequest, declineCampPlaceRequest, undoCampDeclineRequest } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { sendPdf } from '../../../http/send';
import { campCall } from '../applicant';
import { campEntryNotice } from './notice-pdf';
import { campQualification, confirmCampPlace, declineCampPlace, undoCampDecline } from './service';

const base = '/mucgrs-service/summerCamp/qualification';

/** The camper's own qualification and place (issue #11): no call names a place, only its version. */
export const campQualificationRoutes: FastifyPluginAsync = async (app) => {
  campCall(app, { url: `${base}/detail`, body: campQualificationRequest, act: (applicant, { ctx }) => campQualification(ctx, applicant) });
  campCall(app, { url: `${base}/confirm`, body: confirmCampPlaceRequest, act: (applicant, { ctx, input }) => confirmCampPlace(ctx, applicant, input) });
  campCall(app, { url: `${base}/decline`, body: declineCampPlaceRequest, act: (applicant, { ctx, input }) => declineCampPlace(ctx, applicant, input) });
  campCall(app, { url: `${base}/undoDecline`, body: undoCampDeclineRequest, act: (applicant, { ctx, input }) => undoCampDecline(ctx, applicant, input) });
  campCall(app, {
    url: `${base}/noticePdf`,
    body: campNoticeRequest,
    act: (applicant, { ctx }) => campEntryNotice(ctx, applicant),
    send: ({ pdf, fileName }, reply) => sendPdf(reply, pdf, fileName),
  });
};
