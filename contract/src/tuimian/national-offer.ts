/**
 * The tuimian offer in the national recommended-exemption system (全国推免服务系统, issue #11).
 * Admission of a recommended-exempt student happens there, not here: the applicant fills up to three
 * parallel choices, each locked for 48 hours once filled; a university sends its offer (待录取通知)
 * in that system; the applicant accepts one offer only, and an acceptance is final. The admissions
 * office records here what it did and saw there, so the applicant's page and the back office say
 * where things stand. Only an interviewee whose pass was released can have one.
 * Staff call: /mucgrs-service/staff/tmsInterviews/offer; the applicant reads it with the interview.
 */
import { z } from 'zod';
import { choice, typeError, V } from '../api/common';
import { applicationIdField } from '../api/staff-file';

/**
 * sent: the office sent its offer in the national system, and the applicant has not answered there yet;
 * accepted / declined: what the applicant did there; lapsed: not accepted by the time the office set,
 * so the offer was withdrawn there.
 */
export const TMS_NATIONAL_OFFER_STATES = ['sent', 'accepted', 'declined', 'lapsed'] as const;
export type TmsNationalOfferState = (typeof TMS_NATIONAL_OFFER_STATES)[number];

/** States that are the applicant's answer in the national system: they carry its date. */
export const TMS_NATIONAL_OFFER_ANSWERED: readonly TmsNationalOfferState[] = ['accepted', 'declined'];

/** What the national system allows: three parallel choices, each locked 48 hours, one acceptance. */
export const NATIONAL_SYSTEM_CHOICES = 3;
export const NATIONAL_SYSTEM_LOCK_HOURS = 48;

export const TMS_NATIONAL_OFFER_NOTE_MAX = 200;

const zoned = z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined ? V.required : 'results.dateTime') });

/**
 * POST /mucgrs-service/staff/tmsInterviews/offer: records (or corrects) what the national system
 * shows for one applicant. `sentAt` is when the offer went out there; `answeredAt`, needed for an
 * acceptance or a decline, is when the applicant answered there.
 */
export const tmsNationalOfferRequest = z
  .object({
    applicationId: applicationIdField,
    state: choice(TMS_NATIONAL_OFFER_STATES),
    sentAt: zoned,
    answeredAt: zoned.optional(),
    note: z.string({ error: typeError }).trim().max(TMS_NATIONAL_OFFER_NOTE_MAX, { error: V.tooLong }).default(''),
  })
  .strict()
  .refine((d) => !TMS_NATIONAL_OFFER_ANSWERED.includes(d.state) || d.answeredAt !== undefined, { path: ['answeredAt'], error: V.required })
  // Only an answer's date is kept (the server drops one sent with another state), so only it is checked.
  .refine((d) => !TMS_NATIONAL_OFFER_ANSWERED.includes(d.state) || d.answeredAt === undefined || Date.parse(d.answeredAt) >= Date.parse(d.sentAt), {
    path: ['answeredAt'],
    error: 'tmsOffer.answeredBeforeSent',
  });
export type TmsNationalOfferRequest = z.input<typeof tmsNationalOfferRequest>;

/** The record as the back office and the applicant read it. Times are ISO instants, shown in Beijing time. */
export interface TmsNationalOfferView {
  state: TmsNationalOfferState;
  sentAt: string;
  /** Set for an acceptance or a decline. */
  answeredAt: string | null;
  note: string;
  recordedAt: string;
}
