/**
 * The tuimian interview (复试, issue #11). The school of the chosen programme (or the admissions
 * office) invites an applicant the graduate school found eligible: a time, on site with a place or
 * online with a link, and a date by which to answer. The applicant accepts or declines once, before
 * that date; an invitation not answered by then lapses. The school then records each interviewee's
 * result, which the applicant reads only once the office releases the tms `interviewResult`.
 * Applicant calls live under /mucgrs-service/tms/interview/, staff calls under
 * /mucgrs-service/staff/tmsInterviews/.
 */
import { z } from 'zod';
import { choice, requiredText, typeError, V } from '../api/common';
import { applicationIdField, recordIdField } from '../api/staff-file';
import type { TmsNationalOfferView } from './national-offer';

export const TMS_INTERVIEW_FORMATS = ['onsite', 'online'] as const;
export type TmsInterviewFormat = (typeof TMS_INTERVIEW_FORMATS)[number];

export const TMS_INTERVIEW_ANSWERS = ['accept', 'decline'] as const;
export type TmsInterviewAnswer = (typeof TMS_INTERVIEW_ANSWERS)[number];

/**
 * Where an invitation stands: waiting for the applicant's answer, answered, or lapsed (the answer
 * date passed without one). Computed from the answer and the clock, never stored.
 */
export const TMS_INVITATION_STATES = ['awaitingAnswer', 'accepted', 'declined', 'lapsed'] as const;
export type TmsInvitationState = (typeof TMS_INVITATION_STATES)[number];

export const TMS_INTERVIEW_OUTCOMES = ['pass', 'fail'] as const;
export type TmsInterviewOutcome = (typeof TMS_INTERVIEW_OUTCOMES)[number];

/** The tms cycle's release of the interview results (the office's Releases page). */
export const TMS_INTERVIEW_RELEASE = 'interviewResult';

/** A place is a room and a building; a note is a few lines (what to bring, whom to call). */
export const TMS_INTERVIEW_PLACE_MAX = 200;
export const TMS_INTERVIEW_NOTES_MAX = 500;
export const TMS_INTERVIEW_LINK_MAX = 500;

const zoned = z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined ? V.required : 'results.dateTime') });
const versionField = z.number({ error: typeError }).int({ error: V.invalidType }).min(0, { error: V.invalidType });

/** An online interview's link: a web address the applicant's browser can open, nothing else (no javascript:). */
const meetingLink = z
  .string({ error: typeError })
  .trim()
  .max(TMS_INTERVIEW_LINK_MAX, { error: V.tooLong })
  .refine((v) => v === '' || /^https:\/\/[^\s/?#]+\.[^\s]+$/i.test(v), { error: 'tmsInterview.link' });

/**
 * POST /mucgrs-service/staff/tmsInterviews/invite: invites, or changes the invitation of, one
 * application. Changing it asks the applicant again (their earlier answer no longer stands).
 */
export const tmsInviteRequest = z
  .object({
    applicationId: applicationIdField,
    startsAt: zoned,
    format: choice(TMS_INTERVIEW_FORMATS),
    /** Required on site: the building and room. */
    place: z.string({ error: typeError }).trim().max(TMS_INTERVIEW_PLACE_MAX, { error: V.tooLong }).default(''),
    /** Required online: the meeting's https address. */
    link: meetingLink.default(''),
    notes: z.string({ error: typeError }).trim().max(TMS_INTERVIEW_NOTES_MAX, { error: V.tooLong }).default(''),
    /** The last moment to accept or decline: before the interview starts. */
    respondBy: zoned,
  })
  .strict()
  .refine((d) => d.format !== 'onsite' || d.place !== '', { path: ['place'], error: V.required })
  .refine((d) => d.format !== 'online' || d.link !== '', { path: ['link'], error: V.required })
  .refine((d) => Date.parse(d.respondBy) < Date.parse(d.startsAt), { path: ['respondBy'], error: 'tmsInterview.respondByAfterStart' });
export type TmsInviteRequest = z.input<typeof tmsInviteRequest>;

/** POST /mucgrs-service/staff/tmsInterviews/withdraw: takes an invitation back (no result recorded yet). */
export const tmsWithdrawInvitationRequest = z.object({ applicationId: applicationIdField, reason: requiredText(200) }).strict();

/** POST /mucgrs-service/staff/tmsInterviews/result: an interviewee's result (replacing an earlier one until released). */
export const tmsInterviewResultRequest = z.object({ applicationId: applicationIdField, outcome: choice(TMS_INTERVIEW_OUTCOMES) }).strict();

/** POST /mucgrs-service/staff/tmsInterviews/list: the eligible tuimian applications of a year, in the caller's scope. */
export const tmsInterviewListRequest = z
  .object({
    recruitYear: z.string({ error: typeError }).regex(/^\d{4}$/, { error: V.format }).optional(),
    programmeId: recordIdField.optional(),
  })
  .strict();
export type TmsInterviewListRequest = z.input<typeof tmsInterviewListRequest>;

/** An invitation as both sides read it. Times are ISO instants; pages show them in Beijing time. */
export interface TmsInvitationView {
  version: number;
  startsAt: string;
  format: TmsInterviewFormat;
  place: string;
  link: string;
  notes: string;
  respondBy: string;
  state: TmsInvitationState;
  answeredAt: string | null;
  invitedAt: string;
}

export interface TmsInterviewRow {
  applicationId: number;
  applicantNumber: string;
  name: string;
  programmeId: number | null;
  programmeNameZh: string;
  programmeNameEn: string;
  degreeType: string | null;
  invitation: TmsInvitationView | null;
  /** What the school recorded; the applicant reads it only once released. */
  result: TmsInterviewOutcome | null;
  /** The office's record of its offer in the national system (after a released pass). */
  nationalOffer: TmsNationalOfferView | null;
}

export interface TmsInterviewListView {
  recruitYear: string;
  released: boolean;
  rows: TmsInterviewRow[];
  /** The server's clock when read: the offer dialog judges "not in the future" by it. */
  now: string;
}

/** POST /mucgrs-service/tms/interview/answer: accept or decline, once, before the answer date. */
export const tmsInterviewAnswerRequest = z.object({ version: versionField, answer: choice(TMS_INTERVIEW_ANSWERS) }).strict();
export type TmsInterviewAnswerRequest = z.input<typeof tmsInterviewAnswerRequest>;

/** POST /mucgrs-service/tms/interview/detail: the applicant's invitation, and the result once released. */
export interface TmsInterviewView {
  invitation: TmsInvitationView | null;
  programmeNameZh: string | null;
  programmeNameEn: string | null;
  /** Null until the office releases the interview results (or when none was recorded for them). */
  result: TmsInterviewOutcome | null;
  released: boolean;
  /** The offer in the national system as the office recorded it: only after a released pass. */
  nationalOffer: TmsNationalOfferView | null;
  /** The server's clock when read: the answer countdown counts by it, not by a device set wrong. */
  now: string;
}
