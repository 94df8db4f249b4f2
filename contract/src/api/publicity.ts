/**
 * The public proposed-admission list (公示) and the working-day calendar it is counted on (issue #10,
 * "Public lists and re-checks").
 *
 * Calendar, under /mucgrs-service/staff/calendar/ (`cycle.configure`, the admissions office): per
 * year, the public holidays (closed weekdays) and the make-up working days (调休: a Saturday or
 * Sunday that is worked), each with a name. Any other Saturday or Sunday is closed. Dates are
 * Beijing calendar days ('2027-10-01'); Beijing keeps UTC+8 all year.
 *
 * Lists, under /mucgrs-service/staff/publicity/ (`results.publish`, a permission no role implies):
 * a preview of the rows, then the publication, a snapshot that never changes (the database refuses
 * an update or a delete). A correction is a supplementary list (补充公示) with its own rows and
 * period, linked to the list it amends. The public reads them at POST /api/v1/client/publicity,
 * without signing in: masked names, numbers, programmes and the scores the office chose, nothing else.
 */
import { z } from 'zod';
import { ADMISSION_AREAS, type AdmissionArea } from '../areas';
import { SCORE_KINDS, type ReviewStage, type ScoreKind } from '../doctor/journey';
import { choice, emptyBody, typeError, V } from './common';

/** The fewest working days a list stays up. */
export const PUBLICITY_MIN_WORKING_DAYS = 10;
/** A period longer than this is surely a typing mistake. */
export const PUBLICITY_MAX_WORKING_DAYS = 60;
/** Beijing time: UTC+8 all year, no daylight saving. */
export const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

export const CALENDAR_DAY_KINDS = ['holiday', 'workday'] as const;
export type CalendarDayKind = (typeof CALENDAR_DAY_KINDS)[number];

/** The stage whose passes the list names. */
export const PUBLICITY_STAGE: ReviewStage = 'proposedAdmission';

/** The scores a list may show, in the order its columns read. */
export const PUBLICITY_SCORE_KINDS = SCORE_KINDS;
export type PublicityScoreKind = ScoreKind;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar day written YYYY-MM-DD (2027-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}
const dateField = z.string({ error: typeError }).trim().refine(isCalendarDate, { error: 'publicity.date' });
const yearField = z.string({ error: typeError }).trim().regex(/^20\d{2}$/, { error: 'publicity.year' });

/** The Beijing calendar day of a moment. */
export const beijingDate = (ms: number): string => new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
/** The moment a Beijing calendar day begins. */
export const beijingDayStart = (date: string): number => Date.parse(`${date}T00:00:00+08:00`);

/** Masks a name for a public list: 王小磊 -> 王*磊, 张伟 -> 张*, Maria Lopez -> M**** L****. */
export function maskPublicName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length > 1) return words.map((w) => [...w][0] + '*'.repeat([...w].length - 1)).join(' ');
  const chars = [...name.trim()];
  if (chars.length === 0) return '';
  if (chars.length <= 2) return `${chars[0]}*`;
  return chars[0] + '*'.repeat(chars.length - 2) + chars[chars.length - 1];
}

// ---- the calendar ------------------------------------------------------------------------------

/** POST /mucgrs-service/staff/calendar/list */
export const calendarListRequest = z.object({ year: yearField }).strict();
export type CalendarListRequest = z.input<typeof calendarListRequest>;

export interface CalendarDayView {
  date: string;
  kind: CalendarDayKind;
  name: string;
  updatedAt: string;
}

export interface CalendarView {
  year: string;
  days: CalendarDayView[];
  /** How many days of the year are working days with these entries. */
  workingDays: number;
}

/** POST /mucgrs-service/staff/calendar/save: adds a day or changes its kind or name. */
export const calendarSaveRequest = z
  .object({
    date: dateField,
    kind: choice(CALENDAR_DAY_KINDS),
    name: z.string({ error: typeError }).trim().min(1, { error: V.required }).max(40, { error: V.tooLong }),
  })
  .strict();
export type CalendarSaveRequest = z.input<typeof calendarSaveRequest>;

/** POST /mucgrs-service/staff/calendar/remove: the day becomes ordinary again (worked on a weekday, closed on a weekend). */
export const calendarRemoveRequest = z.object({ date: dateField }).strict();
export type CalendarRemoveRequest = z.input<typeof calendarRemoveRequest>;

/** POST /mucgrs-service/staff/calendar/count: where a period of working days from a date ends. */
export const calendarCountRequest = z
  .object({
    startDate: dateField,
    workingDays: z.number({ error: typeError }).int({ error: V.format }).min(1, { error: V.tooShort }).max(PUBLICITY_MAX_WORKING_DAYS, { error: 'publicity.tooManyDays' }),
  })
  .strict();
export type CalendarCountRequest = z.input<typeof calendarCountRequest>;
export interface CalendarCountView {
  startDate: string;
  endDate: string;
  workingDays: number;
}

// ---- the lists ---------------------------------------------------------------------------------

const listFields = {
  area: choice(ADMISSION_AREAS),
  recruitYear: yearField,
  scoreKinds: z.array(choice(PUBLICITY_SCORE_KINDS), { error: typeError }).max(PUBLICITY_SCORE_KINDS.length, { error: V.tooLong }),
  startDate: dateField,
  workingDays: z
    .number({ error: typeError })
    .int({ error: V.format })
    .min(PUBLICITY_MIN_WORKING_DAYS, { error: 'publicity.tooFewDays' })
    .max(PUBLICITY_MAX_WORKING_DAYS, { error: 'publicity.tooManyDays' }),
  /** The list a supplementary list amends; null for the original list. */
  amends: z.number({ error: typeError }).int({ error: V.format }).positive({ error: V.format }).nullable(),
  /** Said on the public page above the rows: what the list is for, why a supplementary list was needed. */
  note: z.string({ error: typeError }).trim().max(500, { error: V.tooLong }),
};

/** POST /mucgrs-service/staff/publicity/preview: the rows the list would hold now, nothing stored. */
export const publicityPreviewRequest = z.object(listFields).strict();
export type PublicityPreviewRequest = z.input<typeof publicityPreviewRequest>;
export type PublicityPreviewInput = z.output<typeof publicityPreviewRequest>;

/** POST /mucgrs-service/staff/publicity/publish: the same fields; the rows are taken again at this moment. */
export const publicityPublishRequest = publicityPreviewRequest;
export type PublicityPublishRequest = PublicityPreviewRequest;

/** POST /mucgrs-service/staff/publicity/list: every list published, newest first. */
export const publicityListRequest = z.object({}).strict();

/** On a supplementary list, what the row does to the list it amends. */
export const PUBLICITY_CHANGES = ['added', 'corrected', 'withdrawn'] as const;
export type PublicityChange = (typeof PUBLICITY_CHANGES)[number];

export interface PublicityRowView {
  /** Masked (maskPublicName): never the full name. */
  name: string;
  applicantNumber: string;
  programme: { code: string; nameZh: string; nameEn: string } | null;
  /** Only the kinds the list shows; a score not recorded is absent. */
  scores: Partial<Record<PublicityScoreKind, string>>;
  /** null on an original list. */
  change: PublicityChange | null;
}

/** 'scheduled': published, its period not begun (the public does not see it yet). */
export type PublicityState = 'scheduled' | 'open' | 'closed';

export interface PublicityListView {
  id: number;
  area: AdmissionArea;
  recruitYear: string;
  kind: 'original' | 'supplementary';
  /** The list this one amends (a supplementary list's original). */
  amends: { id: number; startDate: string; publishedAt: string } | null;
  note: string;
  scoreKinds: PublicityScoreKind[];
  startDate: string;
  /** The last working day of the period (it closes at the end of that Beijing day). */
  endDate: string;
  workingDays: number;
  publishedAt: string;
  state: PublicityState;
  rows: PublicityRowView[];
}

/** The staff page also names who published. */
export interface StaffPublicityListView extends PublicityListView {
  publishedBy: string | null;
}

export interface PublicityPreviewView {
  endDate: string;
  rows: PublicityRowView[];
}

export interface StaffPublicityListsView {
  lists: StaffPublicityListView[];
  /** The current recruitment year, the areas whose lists can be published, and today's Beijing date: the form's defaults. */
  recruitYear: string | null;
  areas: AdmissionArea[];
  today: string;
}

/** POST /api/v1/client/publicity (no sign-in): the lists in their period, then the closed ones. */
export const publicPublicityRequest = emptyBody;
export interface PublicPublicityView {
  current: PublicityListView[];
  past: PublicityListView[];
}
