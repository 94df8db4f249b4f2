import { ReplyCode, type AdmissionArea } from '@gradus/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { areaValues, type AreaValues } from '../system-config/area-values';
import { setConfigValue } from '../system-config/service';
import { currentRecruitYear } from '../user/repo';
import { staffAudit, type StaffActor } from './staff-audit';

/**
 * An area's cycle in its configuration (system_type = the area), per recruitment year:
 * - stage windows `stage.<year>.<stage>.opensAt` / `.closesAt` (ISO dates); registration's window
 *   is the area's `registrationStart` / `registrationEnd`, which the register call honours;
 * - release switches `release.<year>.<what>` = '1' once staff publish that result.
 * Read from the area's configuration as system-config/area-values.ts keeps it: dropped the moment a
 * switch or window is written, so a result is never visible one moment before it is published; a
 * new cycle starts with nothing published and no windows.
 */
export const stageOpensKey = (year: string, stage: string) => `stage.${year}.${stage}.opensAt`;
export const stageClosesKey = (year: string, stage: string) => `stage.${year}.${stage}.closesAt`;
export const releaseKey = (year: string, release: string) => `release.${year}.${release}`;

/** The stage whose window is the registration window of the area. */
export const REGISTRATION_STAGE = 'registration';

export interface StageWindow {
  opensAt: string | null;
  closesAt: string | null;
}

/** Callers that know the applicant pass their year; without one, the current year counts. */
async function yearOrCurrent(db: DB, recruitYear: string | undefined): Promise<string> {
  if (recruitYear) return recruitYear;
  // No current year means no cycle: nothing can be published or scheduled for it.
  return (await currentRecruitYear(db)) ?? '';
}

/** The year a staff change applies to; refused when there is no cycle to change. */
async function yearToChange(db: DB, recruitYear: string | undefined): Promise<string> {
  const year = await yearOrCurrent(db, recruitYear);
  if (!year) throw new AppError(ReplyCode.CONFLICT, 'error.noRecruitYear');
  return year;
}

/** An area's configuration (key to value): what the two readings below are taken from. */
export type CycleValues = AreaValues;

export async function releasedSet<R extends string>(db: DB, area: AdmissionArea, releases: readonly R[], recruitYear?: string): Promise<Set<R>> {
  const year = await yearOrCurrent(db, recruitYear);
  if (!year) return new Set();
  return releasedIn(await areaValues(db, area), releases, year);
}

/** The releases switched on for a year in an area's configuration values. */
export function releasedIn<R extends string>(values: CycleValues, releases: readonly R[], year: string): Set<R> {
  return new Set(releases.filter((r) => values.get(releaseKey(year, r)) === '1'));
}

/** Publishes or withdraws one result of a cycle (the current one unless named); returns the year it applied to. */
export async function setReleased(
  db: DB,
  now: number,
  area: AdmissionArea,
  release: string,
  on: boolean,
  opts: { recruitYear?: string | undefined; actor: StaffActor },
): Promise<string> {
  const year = await yearToChange(db, opts.recruitYear);
  await setConfigValue(db, now, area, releaseKey(year, release), on ? '1' : '0');
  await staffAudit(db, now, 'cycle.release', opts.actor, { detail: { area, recruitYear: year, release, published: on } });
  return year;
}

export async function stageWindows<S extends string>(db: DB, area: AdmissionArea, stages: readonly S[], recruitYear: string): Promise<Record<S, StageWindow>> {
  return windowsIn(await areaValues(db, area), stages, recruitYear);
}

/** The stage windows of a year in an area's configuration values. */
export function windowsIn<S extends string>(values: CycleValues, stages: readonly S[], recruitYear: string): Record<S, StageWindow> {
  const value = (k: string) => values.get(k) || null;
  const out = {} as Record<S, StageWindow>;
  for (const stage of stages) {
    out[stage] =
      stage === REGISTRATION_STAGE
        ? { opensAt: value('registrationStart') ?? value(stageOpensKey(recruitYear, stage)), closesAt: value('registrationEnd') ?? value(stageClosesKey(recruitYear, stage)) }
        : { opensAt: value(stageOpensKey(recruitYear, stage)), closesAt: value(stageClosesKey(recruitYear, stage)) };
  }
  return out;
}

/** Whether `now` is inside a stage's window; an unset bound is open. */
export function withinWindow(window: StageWindow, now: number): boolean {
  if (window.opensAt && now < Date.parse(window.opensAt)) return false;
  if (window.closesAt && now > Date.parse(window.closesAt)) return false;
  return true;
}

/** Sets a stage's window for a year (the current one unless named); a null bound is left as it was. */
export async function setStageWindow(
  db: DB,
  now: number,
  area: AdmissionArea,
  stage: string,
  window: StageWindow,
  opts: { recruitYear?: string | undefined; actor: StaffActor },
): Promise<string> {
  const year = await yearToChange(db, opts.recruitYear);
  const registration = stage === REGISTRATION_STAGE;
  if (window.opensAt !== null) await setConfigValue(db, now, area, registration ? 'registrationStart' : stageOpensKey(year, stage), window.opensAt);
  if (window.closesAt !== null) await setConfigValue(db, now, area, registration ? 'registrationEnd' : stageClosesKey(year, stage), window.closesAt);
  await staffAudit(db, now, 'cycle.stageWindow', opts.actor, { detail: { area, recruitYear: year, stage, ...window } });
  return year;
}
