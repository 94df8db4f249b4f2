/**
 * The back office's dashboard (issue #9): the counts a secretary reads each morning, for one area's
 * current cycle. Every figure covers only what the caller's scope covers (policies.ts
 * `applicationScope`), so a card's number is the total the applications list shows for the same
 * filters.
 */
import { z } from 'zod';
import { ADMISSION_AREAS, DOCTOR_AREA, type AdmissionArea } from '../areas';
import { choice } from './common';

/** How many days the submissions chart covers, today (Beijing time) included. */
export const DASHBOARD_DAYS = 30;

/** POST /mucgrs-service/staff/dashboard */
export const staffDashboardRequest = z
  .object({
    area: choice(ADMISSION_AREAS).default(DOCTOR_AREA),
  })
  .strict();
export type StaffDashboardRequest = z.input<typeof staffDashboardRequest>;

/**
 * Where the cycle's applications stand. Each count is one filter of the applications list (named
 * beside it), so a card can open the list that explains it.
 */
export interface DashboardStages {
  /** Every application form of the cycle, drafts included: the list without a filter. */
  total: number;
  /** formStatus=draft */
  draft: number;
  /** formStatus=submitted */
  submitted: number;
  /** formStatus=returned: sent back for correction. */
  returned: number;
  /** payment=paid */
  paid: number;
  /** photo=uploaded: the current ID photo is waiting for a decision. */
  photoWaiting: number;
  /** qualification=pass */
  eligible: number;
  /** qualification=fail */
  ineligible: number;
}

export interface DashboardProgramme {
  /** Null for forms that have not chosen one yet. */
  programme: { id: number; code: string; nameZh: string; nameEn: string } | null;
  submitted: number;
  paid: number;
  eligible: number;
}

export interface DashboardDay {
  /** The Beijing calendar day, YYYY-MM-DD. */
  day: string;
  thisYear: number;
  /** Submissions on the day at the same place in the window a year earlier. */
  lastYear: number;
}

/** One expert's progress in the area's expert reviews of the cycle. */
export interface DashboardExpert {
  expertUserId: number;
  name: string;
  assigned: number;
  /** Scores submitted; assigned less submitted are outstanding. */
  submitted: number;
}

export interface StaffDashboardView {
  area: AdmissionArea;
  /** The current recruitment year; null before the office has opened one (every count is then 0). */
  recruitYear: string | null;
  stages: DashboardStages;
  /** Most submissions first. */
  perProgramme: DashboardProgramme[];
  /** DASHBOARD_DAYS days, oldest first, ending today. */
  submissionsPerDay: DashboardDay[];
  /**
   * The office sees every expert; a secretary the experts reviewing their departments' applications
   * (counting those only); an expert only themselves.
   */
  experts: DashboardExpert[];
  /** ID photos waiting in the photo review queue of the caller's scope (the photo review page's count). */
  photosWaiting: number;
}
