import { emptyBody, tmsInterviewAnswerRequest } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import { tmsCall } from '../applicant';
import { answerInvitation, applicantInterview } from './service';

/**
 * POST /mucgrs-service/tms/interview/{detail,answer}: the caller's own invitation to the interview
 * (复试), their answer to it, and their result once released.
 */
export const tmsInterviewRoutes: FastifyPluginAsync = async (app) => {
  tmsCall(app, { url: '/mucgrs-service/tms/interview/detail', body: emptyBody, act: (applicant, { ctx }) => applicantInterview(ctx, applicant) });
  tmsCall(app, { url: '/mucgrs-service/tms/interview/answer', body: tmsInterviewAnswerRequest, act: (applicant, { ctx, input }) => answerInvitation(ctx, applicant, input) });
};
