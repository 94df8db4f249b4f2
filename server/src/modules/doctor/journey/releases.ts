import { DOCTOR_AREA, DOCTOR_STAGES, RELEASES, ReplyCode, type DoctorStage, type Release } from '@gradus/contract';
import type { DB } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import * as cycle from '../../admissions/cycle';
import type { StaffActor } from '../../admissions/staff-audit';

/**
 * The doctoral cycle's release switches and stage windows: the core's (admissions/cycle.ts) for
 * the doctor area, its stages and its releases. Read fresh on every call, never cached.
 */
export type { StageWindow } from '../../admissions/cycle';
export const { withinWindow } = cycle;

export function releasedSet(db: DB, recruitYear?: string): Promise<Set<Release>> {
  return cycle.releasedSet(db, DOCTOR_AREA, RELEASES, recruitYear);
}

export async function isReleased(db: DB, release: Release, recruitYear?: string): Promise<boolean> {
  return (await releasedSet(db, recruitYear)).has(release);
}

/** Throws 'not yet published' (a 403 with its own message) unless released. */
export async function requireReleased(db: DB, release: Release, recruitYear?: string): Promise<void> {
  if (!(await isReleased(db, release, recruitYear))) throw new AppError(ReplyCode.FORBIDDEN, 'error.notPublished');
}

export function setReleased(db: DB, now: number, release: Release, on: boolean, opts: { recruitYear?: string | undefined; actor: StaffActor }): Promise<string> {
  return cycle.setReleased(db, now, DOCTOR_AREA, release, on, opts);
}

export function stageWindows(db: DB, recruitYear: string): Promise<Record<DoctorStage, cycle.StageWindow>> {
  return cycle.stageWindows(db, DOCTOR_AREA, DOCTOR_STAGES, recruitYear);
}

export function setStageWindow(db: DB, now: number, stage: DoctorStage, window: cycle.StageWindow, opts: { recruitYear?: string | undefined; actor: StaffActor }): Promise<string> {
  return cycle.setStageWindow(db, now, DOCTOR_AREA, stage, window, opts);
}
