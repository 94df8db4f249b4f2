/**
 * The cycle's timeline and recruitment years (issue #10, "Running the portal"), under
 * /mucgrs-service/staff/cycle/: an area's stage windows and release switches for a year on one
 * timeline the admissions office edits (windows here; a release goes through the Releases page, a
 * planned act), and the recruitment years: the next one is started with nothing published and no
 * windows, and becomes the current one that applicants register into and staff pages work on.
 */
import { z } from 'zod';
import { ADMISSION_AREAS, type AdmissionArea } from '../areas';
import { choice, typeError, V } from './common';

const area = choice(ADMISSION_AREAS);
export const RECRUIT_YEAR = /^\d{4}$/;
const year = z.string({ error: typeError }).regex(RECRUIT_YEAR, { error: V.format });
const stage = z.string({ error: typeError }).regex(/^[A-Za-z]{1,40}$/, { error: V.format });
const moment = z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined ? V.required : 'results.dateTime') }).nullable();

export interface RecruitYearRow {
  year: string;
  current: boolean;
  createdAt: string;
  /** Applicants registered in it. */
  applicants: number;
}
export interface RecruitYearsView {
  current: string | null;
  years: RecruitYearRow[];
}

/** POST .../staff/cycle/startYear: the year after the current one, typed out as a confirmation. */
export const startYearRequest = z.object({ year }).strict();
export type StartYearRequest = z.input<typeof startYearRequest>;

/** POST .../staff/cycle/timeline */
export const timelineRequest = z.object({ area, recruitYear: year.optional() }).strict();
export type TimelineRequest = z.input<typeof timelineRequest>;

export interface TimelineStage {
  stage: string;
  opensAt: string | null;
  closesAt: string | null;
}
export interface TimelineRelease {
  release: string;
  published: boolean;
}
export interface TimelineView {
  area: AdmissionArea;
  recruitYear: string;
  stages: TimelineStage[];
  releases: TimelineRelease[];
}

/** POST .../staff/cycle/saveWindow: one stage's window (ISO moments with their zone; null leaves that bound as it was). */
export const saveWindowRequest = z
  .object({ area, recruitYear: year, stage, opensAt: moment, closesAt: moment })
  .strict()
  .refine((w) => !w.opensAt || !w.closesAt || Date.parse(w.closesAt) > Date.parse(w.opensAt), { path: ['closesAt'], error: 'results.endsBeforeStart' });
export type SaveWindowRequest = z.input<typeof saveWindowRequest>;
