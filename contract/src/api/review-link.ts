/**
 * External experts (issue #9): reviewers from other universities who have no account. The office
 * records them and mails each a signed, expiring link for one scored stage. The link opens
 * `/review`: the expert confirms who they are with a code mailed to the recorded address (once:
 * the identity step of a link cannot be passed twice), declares they have no conflict of interest,
 * then reads and scores the applications assigned to them until the link expires or the review
 * closes. Office calls live under /mucgrs-service/staff/review/, the expert's under
 * /mucgrs-service/review-link/.
 */
import { z } from 'zod';
import { EMAIL } from '../validators/contact';
import { choice, requiredText, typeError, V } from './common';
import { applicationIdField, recordIdField } from './staff-file';
import { SCORED_STAGES, saveScoreRequest, type ScoredStage } from './staff-scoring';

/** How long a mailed link stays usable (and never past the review's closing). */
export const REVIEW_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The identity code: six digits, ten minutes, five tries. */
export const REVIEW_CODE_LENGTH = 6;
export const REVIEW_CODE_TTL_MS = 10 * 60 * 1000;
export const REVIEW_CODE_ATTEMPTS = 5;
/** A new code no sooner than a minute after the last one. */
export const REVIEW_CODE_RESEND_MS = 60 * 1000;

const stageField = choice(SCORED_STAGES);

// --- The office: external experts and their links ---

export const externalExpertsRequest = z.object({ stage: stageField }).strict();

export type ReviewLinkState = 'sent' | 'verified' | 'expired' | 'replaced';

export interface ExternalExpertView {
  userId: number;
  name: string;
  affiliation: string;
  email: string;
  /** Applications assigned to them in the stage, and how many they have submitted. */
  assigned: number;
  submitted: number;
  /** The latest link mailed for the stage. */
  link: { sentAt: string; expiresAt: string; verifiedAt: string | null; declaredAt: string | null; state: ReviewLinkState } | null;
}

export const saveExternalExpertRequest = z
  .object({
    /** Absent to add an expert; present to correct one's name, affiliation or address. */
    userId: recordIdField.optional(),
    name: requiredText(50),
    affiliation: requiredText(100),
    email: requiredText(254).regex(EMAIL, { error: 'email.format' }),
  })
  .strict();
export type SaveExternalExpertRequest = z.input<typeof saveExternalExpertRequest>;

export const sendReviewLinkRequest = z.object({ stage: stageField, expertUserId: recordIdField }).strict();
export type SendReviewLinkRequest = z.input<typeof sendReviewLinkRequest>;

export interface SentReviewLink {
  sentTo: string;
  expiresAt: string;
}

// --- The expert: opening the link and the identity step ---

/** The link's token as mailed: 43 URL-safe characters (256 bits). */
const linkToken = z.string({ error: typeError }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'reviewLink.invalid' });

export const openReviewLinkRequest = z.object({ token: linkToken }).strict();

export interface ReviewLinkView {
  expertName: string;
  /** The recorded address, masked: 'z***@example.edu'. */
  maskedEmail: string;
  stage: ScoredStage;
  recruitYear: string;
  expiresAt: string;
  /** The identity step was already passed with this link: only the browser that passed it goes on. */
  verified: boolean;
}

export const sendReviewCodeRequest = z.object({ token: linkToken }).strict();

export interface SentReviewCode {
  maskedEmail: string;
  /** Seconds before another code may be asked for. */
  resendAfterSeconds: number;
}

export const verifyReviewCodeRequest = z
  .object({
    token: linkToken,
    code: z.string({ error: typeError }).trim().regex(/^\d{6}$/, { error: V.format }),
  })
  .strict();

/** The review session the identity step opens: sent as `Authorization: Bearer` on every later call. */
export interface ReviewSessionGrant {
  reviewToken: string;
  expiresAt: string;
}

// --- The expert's review, with the session token ---

export interface ReviewSessionView {
  expertName: string;
  affiliation: string;
  stage: ScoredStage;
  recruitYear: string;
  expiresAt: string;
  /** When they declared no conflict of interest; nothing opens before. */
  declaredAt: string | null;
  closed: boolean;
}

export const declareNoConflictRequest = z
  .object({
    /** The box "I have no conflict of interest with the applicants listed" must be ticked. */
    noConflict: z.literal(true, { error: 'reviewLink.mustDeclare' }),
  })
  .strict();

export const linkApplicationRequest = z.object({ applicationId: applicationIdField }).strict();

/** The scoring calls of staff/review, without the stage: the link names it. */
export const linkDeclareConflictRequest = z.object({ applicationId: applicationIdField, reason: requiredText(500) }).strict();
export const linkSaveScoreRequest = saveScoreRequest.omit({ stage: true, reason: true, expertUserId: true });
export type LinkSaveScoreRequest = z.input<typeof linkSaveScoreRequest>;
