/**
 * Summer camps (issue #11), under /mucgrs-service/staff/camps/: the admissions office defines the
 * year's camps, one per school or programme group: when and where it runs (on site or online), the
 * places each programme offers, when campers apply, until when an admitted camper confirms, and
 * whether the camp rates its campers ("outstanding camper") or is an activity only.
 */
import { z } from 'zod';
import { recordIdField as id } from './staff-file';
import { choice, requiredText, typeError, V } from './common';

export const CAMP_MODES = ['onsite', 'online'] as const;
export type CampMode = (typeof CAMP_MODES)[number];
/** Places per programme, and programmes per camp: generous bounds that still catch a slip of the keyboard. */
export const CAMP_LIMITS = { capacityMax: 500, programmesMax: 50, confirmHoursMin: 12, confirmHoursMax: 240 } as const;

const year = z.string({ error: typeError }).regex(/^\d{4}$/, { error: V.format });
/** A calendar day, 'YYYY-MM-DD' (the camp's dates are days in Beijing). */
const day = z.iso.date({ error: (issue) => (issue.input === undefined ? V.required : V.format) });
/** A moment with its zone ('2027-06-01T09:00:00+08:00'). */
const moment = z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined ? V.required : 'results.dateTime') });
const optionalText = (max: number) =>
  z
    .string({ error: typeError })
    .trim()
    .max(max, { error: V.tooLong })
    .nullish()
    .transform((v) => v || null);

export const campProgrammeInput = z
  .object({
    programmeId: id,
    capacity: z.number({ error: typeError }).int({ error: V.invalidType }).min(1, { error: V.tooShort }).max(CAMP_LIMITS.capacityMax, { error: V.tooLong }),
  })
  .strict();

/**
 * POST .../staff/camps/save: a new camp (no id) or a change to one (its id and the version read:
 * a change made meanwhile by someone else is refused, 409). Every date in order: the application
 * window before the confirmation deadline, the deadline before the camp starts, the camp's first
 * day not after its last; a camp on site says where.
 */
export const saveCampRequest = z
  .object({
    id: id.optional(),
    version: z.number({ error: typeError }).int({ error: V.invalidType }).min(1, { error: V.invalidType }).optional(),
    recruitYear: year,
    nameZh: requiredText(100),
    nameEn: requiredText(150),
    /** The school running it; null for a camp of programmes from several schools. */
    departmentId: id.nullable(),
    startsOn: day,
    endsOn: day,
    mode: choice(CAMP_MODES),
    placeZh: optionalText(200),
    placeEn: optionalText(200),
    applyOpensAt: moment,
    applyClosesAt: moment,
    /** Admitted campers confirm or decline until then (Beijing time). */
    confirmClosesAt: moment,
    /** How long a camper offered a place from the waiting list has to confirm it, in hours. */
    waitlistConfirmHours: z.number({ error: typeError }).int({ error: V.invalidType }).min(CAMP_LIMITS.confirmHoursMin, { error: V.tooShort }).max(CAMP_LIMITS.confirmHoursMax, { error: V.tooLong }),
    /** Rates campers (outstanding camper, passed) or is an activity only. */
    ratesCampers: z.boolean({ error: typeError }),
    /** Whether a camper who declined may take the place back before the deadline (if it is still free). */
    declineUndoable: z.boolean({ error: typeError }),
    programmes: z
      .array(campProgrammeInput, { error: typeError })
      .min(1, { error: V.required })
      .max(CAMP_LIMITS.programmesMax, { error: V.tooLong }),
  })
  .strict()
  .superRefine((c, ctx) => {
    // A change names the version it was based on: without it a stale page would overwrite someone else's change.
    if (c.id !== undefined && c.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: V.required });
    if (c.endsOn < c.startsOn) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'camps.endsBeforeStart' });
    if (Date.parse(c.applyClosesAt) <= Date.parse(c.applyOpensAt)) ctx.addIssue({ code: 'custom', path: ['applyClosesAt'], message: 'camps.closesBeforeOpens' });
    if (Date.parse(c.confirmClosesAt) <= Date.parse(c.applyClosesAt)) ctx.addIssue({ code: 'custom', path: ['confirmClosesAt'], message: 'camps.confirmBeforeApplyCloses' });
    // The deadline is a moment, the start a Beijing day: confirmations end before the camp's first day begins there.
    if (Date.parse(c.confirmClosesAt) > Date.parse(`${c.startsOn}T00:00:00+08:00`)) ctx.addIssue({ code: 'custom', path: ['confirmClosesAt'], message: 'camps.confirmAfterStart' });
    if (c.mode === 'onsite' && (!c.placeZh || !c.placeEn)) ctx.addIssue({ code: 'custom', path: [c.placeZh ? 'placeEn' : 'placeZh'], message: 'camps.placeRequired' });
    const seen = new Set<number>();
    c.programmes.forEach((p, i) => {
      if (seen.has(p.programmeId)) ctx.addIssue({ code: 'custom', path: ['programmes', i, 'programmeId'], message: 'camps.programmeTwice' });
      seen.add(p.programmeId);
    });
  });
export type SaveCampRequest = z.input<typeof saveCampRequest>;
export type SaveCampInput = z.output<typeof saveCampRequest>;

/** POST .../staff/camps/list */
export const campListRequest = z.object({ recruitYear: year.optional() }).strict();
export type CampListRequest = z.input<typeof campListRequest>;

/** POST .../staff/camps/delete: only a camp nobody has applied to. */
export const deleteCampRequest = z.object({ id, version: z.number({ error: typeError }).int({ error: V.invalidType }).min(1, { error: V.invalidType }) }).strict();
export type DeleteCampRequest = z.input<typeof deleteCampRequest>;

export interface CampProgrammeView {
  programmeId: number;
  code: string;
  nameZh: string;
  nameEn: string;
  capacity: number;
}

export interface CampView {
  id: number;
  version: number;
  recruitYear: string;
  nameZh: string;
  nameEn: string;
  department: { id: number; nameZh: string; nameEn: string } | null;
  startsOn: string;
  endsOn: string;
  mode: CampMode;
  placeZh: string | null;
  placeEn: string | null;
  applyOpensAt: string;
  applyClosesAt: string;
  confirmClosesAt: string;
  waitlistConfirmHours: number;
  ratesCampers: boolean;
  declineUndoable: boolean;
  programmes: CampProgrammeView[];
  /** Places in all (the sum of the programmes' capacities). */
  places: number;
  updatedAt: string;
}

/** What the page offers to choose from: the schools and their programmes (any degree: camps recruit for master's and direct doctoral places). */
export interface CampOptionsView {
  departments: { id: number; code: string; nameZh: string; nameEn: string }[];
  programmes: { id: number; departmentId: number; code: string; nameZh: string; nameEn: string; degree: string }[];
}

export interface CampListView {
  recruitYear: string;
  recruitYears: string[];
  camps: CampView[];
  options: CampOptionsView;
}
