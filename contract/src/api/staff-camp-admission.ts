/**
 * Camp admission (issue #11), under /mucgrs-service/staff/campAdmission/: the admissions office
 * admits campers the graduate school found eligible, programme by programme up to its places, and
 * puts others on the programme's waiting list in order. A camper holds one place a year at most
 * (offered, confirmed or on a waiting list). An offered place waits for the camper's confirmation
 * until the camp's deadline; a decline or a missed deadline passes it to the next on the list.
 */
import { z } from 'zod';
import { choice, typeError, V } from './common';
import { recordIdField as id } from './staff-file';

/**
 * Where a camper stands in a camp: offered a place (to confirm), confirmed, declined, past the
 * deadline without an answer (expired), or waiting for a place in order.
 */
export const CAMP_PLACE_STATUSES = ['offered', 'confirmed', 'declined', 'expired', 'waitlisted'] as const;
export type CampPlaceStatus = (typeof CAMP_PLACE_STATUSES)[number];
/** The statuses that take one of the programme's places. */
export const PLACE_TAKING_STATUSES: readonly CampPlaceStatus[] = ['offered', 'confirmed'];

/** How many campers one call admits or lists at most: a programme's places are a few dozen. */
export const CAMP_ADMISSION_BATCH_MAX = 200;

/** POST .../campAdmission/board: one camp programme, its places and its eligible campers. */
export const campAdmissionBoardRequest = z.object({ programmeId: id, recruitYear: z.string({ error: typeError }).regex(/^\d{4}$/, { error: V.format }).optional() }).strict();
export type CampAdmissionBoardRequest = z.input<typeof campAdmissionBoardRequest>;

const applicationIds = z
  .array(id, { error: typeError })
  .min(1, { error: V.required })
  .max(CAMP_ADMISSION_BATCH_MAX, { error: V.tooLong })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'campAdmission.duplicate' });

/** POST .../campAdmission/admit: offer each camper a place in the programme (up to its free places). */
export const admitCampersRequest = z.object({ programmeId: id, applicationIds }).strict();
export type AdmitCampersRequest = z.input<typeof admitCampersRequest>;

/** POST .../campAdmission/waitlist: put each camper on the programme's waiting list, after those already on it, in this order. */
export const waitlistCampersRequest = admitCampersRequest;
export type WaitlistCampersRequest = AdmitCampersRequest;

/** POST .../campAdmission/withdraw: take back an offer not yet confirmed, or take a camper off the waiting list. */
export const withdrawCampPlaceRequest = z.object({ programmeId: id, applicationId: id }).strict();
export type WithdrawCampPlaceRequest = z.input<typeof withdrawCampPlaceRequest>;

/**
 * A camp's result for a camper who confirmed a place (issue #11): attended or absent and, where the
 * camp rates its campers, outstanding or passed; a camp that is an activity only rates nobody
 * ('notRated'). Published by the summer-camp cycle's release `campResult`. Not an admission.
 */
export const CAMP_ATTENDANCE = ['attended', 'absent'] as const;
export type CampAttendance = (typeof CAMP_ATTENDANCE)[number];
export const CAMP_RATINGS = ['outstanding', 'passed', 'notRated'] as const;
export type CampRating = (typeof CAMP_RATINGS)[number];
/** The summer-camp cycle's release of the camps' results. */
export const CAMP_RESULT_RELEASE = 'campResult';

export interface CampResultRecord {
  attendance: CampAttendance;
  /** Null for a camper who was absent. */
  rating: CampRating | null;
  recordedAt: string;
}

/** POST .../campAdmission/recordResults: the results of confirmed campers of the programme, from the camp's first day. */
export const recordCampResultsRequest = z
  .object({
    programmeId: id,
    results: z
      .array(z.object({ applicationId: id, attendance: choice(CAMP_ATTENDANCE), rating: choice(CAMP_RATINGS).nullable() }).strict(), { error: typeError })
      .min(1, { error: V.required })
      .max(CAMP_ADMISSION_BATCH_MAX, { error: V.tooLong })
      .refine((rows) => new Set(rows.map((r) => r.applicationId)).size === rows.length, { error: 'campAdmission.duplicate' }),
  })
  .strict();
export type RecordCampResultsRequest = z.input<typeof recordCampResultsRequest>;

export interface CampPlaceView {
  programmeId: number;
  status: CampPlaceStatus;
  /** 1 for the first on the waiting list; null unless waitlisted. */
  waitlistPosition: number | null;
  /** An offered place's deadline (ISO); null otherwise. */
  confirmBy: string | null;
  offeredAt: string | null;
  /** When the camper confirmed or declined, or the deadline passed. */
  answeredAt: string | null;
  /** A confirmed camper's camp result as the office recorded it; null before. */
  result: CampResultRecord | null;
}

/** An eligible camper who chose the programme, with what the office weighs and where they stand. */
export interface CampCandidateView {
  applicationId: number;
  applicantNumber: string;
  name: string;
  /** Which of the camper's choices the programme is. */
  choice: 1 | 2;
  school: { code: string | null; name: string | null };
  major: string | null;
  gpa: number | null;
  gpaScale: string | null;
  rank: number | null;
  cohortSize: number | null;
  submittedAt: string | null;
  /** Their place this year, in this programme or another; null before any. */
  place: CampPlaceView | null;
}

export interface CampAdmissionBoardView {
  recruitYear: string;
  camp: { id: number; nameZh: string; nameEn: string; startsOn: string; endsOn: string; confirmClosesAt: string; waitlistConfirmHours: number; ratesCampers: boolean };
  /** Whether results may be recorded now: from the camp's first day, until the year's results are released. */
  results: { open: boolean; released: boolean };
  programme: { id: number; code: string; nameZh: string; nameEn: string; capacity: number };
  counts: Record<CampPlaceStatus, number> & { free: number };
  /** Eligible campers who chose the programme, the best rank in cohort first (then by GPA). */
  candidates: CampCandidateView[];
}

/** What admit and waitlist answer: the board as it now stands. */
export type CampAdmissionResult = CampAdmissionBoardView;
