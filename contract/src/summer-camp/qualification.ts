/**
 * The camper's camp-entry qualification (issue #11, /summerCampQualification/index), under
 * /mucgrs-service/summerCamp/qualification/: where their application stands, and the camp place the
 * office offered them. An offered place is confirmed or declined by its deadline (Beijing time); a
 * decline, or a deadline passed without an answer, passes the place to the next camper on the
 * programme's waiting list at once, with a deadline of their own. Every call is the caller's own
 * place: none takes an id, and the place's version guards against an answer sent from a stale page.
 */
import { z } from 'zod';
import { emptyBody, typeError, V } from '../api/common';
import type { CampAttendance, CampPlaceStatus, CampRating } from '../api/staff-camp-admission';
import type { CampMode } from '../api/staff-camps';
import { optionalText, type ConfigKeyDef } from '../config/values';
import { APPLICATION_STATES, type ApplicationProgressView, type ApplicationState, type ApplicantReviewOutcome } from '../forms/progress';

/** How far the camp application has come (forms/progress.ts): a place is then the office's to offer. */
export const CAMP_APPLICATION_STATES = APPLICATION_STATES;
export type CampApplicationState = ApplicationState;
export type CampReviewOutcome = ApplicantReviewOutcome;

const placeVersion = z.number({ error: typeError }).int({ error: V.invalidType }).min(1, { error: V.invalidType });

/** POST .../qualification/detail */
export const campQualificationRequest = emptyBody;
/** POST .../qualification/confirm: take the offered place. */
export const confirmCampPlaceRequest = z.object({ version: placeVersion }).strict();
export type ConfirmCampPlaceRequest = z.input<typeof confirmCampPlaceRequest>;
/** POST .../qualification/decline: give up an offered or confirmed place (before the camp starts). */
export const declineCampPlaceRequest = confirmCampPlaceRequest;
export type DeclineCampPlaceRequest = ConfirmCampPlaceRequest;
/** POST .../qualification/undoDecline: take a declined place back, where the camp allows it and the place is still free. */
export const undoCampDeclineRequest = confirmCampPlaceRequest;
export type UndoCampDeclineRequest = ConfirmCampPlaceRequest;
/** POST .../qualification/noticePdf: the camp-entry notice of a confirmed place (a PDF). */
export const campNoticeRequest = emptyBody;

export interface CampQualificationPlace {
  status: CampPlaceStatus;
  version: number;
  /** 1 for the first on the waiting list; null unless waitlisted. */
  waitlistPosition: number | null;
  /** An offered place's deadline (ISO). */
  confirmBy: string | null;
  offeredAt: string | null;
  /** When the camper answered, or the deadline passed. */
  answeredAt: string | null;
  /** What the camper may do now, as the server decides it. */
  canConfirm: boolean;
  canDecline: boolean;
  canUndoDecline: boolean;
  /** Until when a decline may be undone (the camp's confirmation deadline); null where the camp allows no undo. */
  undoUntil: string | null;
}

export interface CampQualificationCamp {
  nameZh: string;
  nameEn: string;
  startsOn: string;
  endsOn: string;
  mode: CampMode;
  placeZh: string | null;
  placeEn: string | null;
  /** The camp's confirmation deadline (ISO). */
  confirmClosesAt: string;
  declineUndoable: boolean;
  ratesCampers: boolean;
}

/**
 * The national recommended-exemption system's dates as the camp result page states them (the
 * summerCamp configuration, free text such as "9月28日至10月20日"): a camp result counts only there.
 */
export const NATIONAL_SYSTEM_WINDOW_KEY = 'camp.nationalSystemWindow';
export const CAMP_RESULT_CONFIG_KEYS: readonly ConfigKeyDef[] = [{ key: NATIONAL_SYSTEM_WINDOW_KEY, areas: ['summerCamp'], kind: 'text', editing: 'here', value: optionalText(100) }];

/** A released camp result as the camper reads it: never an admission. */
export interface CampResultView {
  attendance: CampAttendance;
  rating: CampRating | null;
  ratesCampers: boolean;
  /** The national system's dates (NATIONAL_SYSTEM_WINDOW_KEY), when the office set them. */
  nationalSystemWindow: string | null;
}

export interface CampQualificationView {
  /** The server's clock (ISO): the page counts down from it, not from the device's. */
  now: string;
  recruitYear: string;
  application: ApplicationProgressView;

  /** The camper's place this year; null before the office offers one or lists them. */
  place: CampQualificationPlace | null;
  camp: CampQualificationCamp | null;
  programme: { code: string; nameZh: string; nameEn: string } | null;
  /** The camp's result, once the summer-camp cycle's release `campResult` is out and one was recorded; else null. */
  result: CampResultView | null;
}
