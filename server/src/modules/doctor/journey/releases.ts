import { cycleAreaOf, DOCTOR_AREA, DOCTOR_STAGES, RELEASES, ReplyCode, type AdmissionArea, type DoctorStage, type Release } from '@gradus/contract';
import type { DB } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import * as cycle from '../../admissions/cycle';
import type { StaffActor } from '../../admissions/staff-audit';

/**
 * The doctoral journey's release switches and stage windows: the core's (admissions/cycle.ts) for
 * its stages and releases, on the applicant's cycle. The doctoral journey runs two cycles, each on
 * its own area's configuration: the doctor area's for register types 1 and 2, the gat area's for
 * Hong Kong, Macao and Taiwan applicants (type 4). As they are now on every call: the area's
 * configuration is kept only until something writes it (system-config/area-values.ts).
 */
export type { StageWindow } from '../../admissions/cycle';
export const { withinWindow } = cycle;

/** The cycle an applicant is on: gat for Hong Kong, Macao and Taiwan applicants, doctor for the others. */
export const cycleOf = (who: { registerType: number }): AdmissionArea => cycleAreaOf(who.registerType) ?? DOCTOR_AREA;

export function releasedSet(db: DB, on: AdmissionArea, recruitYear?: string): Promise<Set<Release>> {
  return cycle.releasedSet(db, on, RELEASES, recruitYear);
}

/** The doctoral releases on in an area's configuration values (read with other facts in one query). */
export function releasedOf(values: cycle.CycleValues, recruitYear: string): Set<Release> {
  return cycle.releasedIn(values, RELEASES, recruitYear);
}

export async function isReleased(db: DB, on: AdmissionArea, release: Release, recruitYear?: string): Promise<boolean> {
  return (await releasedSet(db, on, recruitYear)).has(release);
}

/** Throws 'not yet published' (a 403 with its own message) unless released on the cycle. */
export async function requireReleased(db: DB, on: AdmissionArea, release: Release, recruitYear?: string): Promise<void> {
  if (!(await isReleased(db, on, release, recruitYear))) throw new AppError(ReplyCode.FORBIDDEN, 'error.notPublished');
}

/** Staff commands and the demo: the doctor cycle unless `cycle` names the gat one. */
export function setReleased(db: DB, now: number, release: Release, on: boolean, opts: { recruitYear?: string | undefined; actor: StaffActor; cycle?: AdmissionArea }): Promise<string> {
  return cycle.setReleased(db, now, opts.cycle ?? DOCTOR_AREA, release, on, opts);
}

export function stageWindows(db: DB, on: AdmissionArea, recruitYear: string): Promise<Record<DoctorStage, cycle.StageWindow>> {
  return cycle.stageWindows(db, on, DOCTOR_STAGES, recruitYear);
}

/** The doctoral stage windows in an area's configuration values. */
export function windowsOf(values: cycle.CycleValues, recruitYear: string): Record<DoctorStage, cycle.StageWindow> {
  return cycle.windowsIn(values, DOCTOR_STAGES, recruitYear);
}

export function setStageWindow(
  db: DB,
  now: number,
  stage: DoctorStage,
  window: cycle.StageWindow,
  opts: { recruitYear?: string | undefined; actor: StaffActor; cycle?: AdmissionArea },
): Promise<string> {
  return cycle.setStageWindow(db, now, opts.cycle ?? DOCTOR_AREA, stage, window, opts);
}
