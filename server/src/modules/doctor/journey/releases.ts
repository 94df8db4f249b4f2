import { DOCTOR_STAGES, RELEASES, releaseKey, stageClosesKey, stageOpensKey, type DoctorStage, type Release } from '@gradus/contract';
import type { DB } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { ReplyCode } from '@gradus/contract';
import { setConfigValue } from '../../system-config/service';
import { CLI_ACTOR, staffAudit, type StaffActor } from './staff-audit';

/**
 * Release switches and stage windows, read from the doctor area's configuration on every call
 * (never cached): a result must not be visible one moment before staff publish it. A switch
 * belongs to one recruitment year (`release.<year>.<what>`), so a new cycle starts with nothing
 * published. Callers that know the applicant pass their year; without one, the current year counts.
 */
async function yearOrCurrent(db: DB, recruitYear: string | undefined): Promise<string> {
  if (recruitYear) return recruitYear;
  const row = await db.selectFrom('recruit_year').select('year').where('is_current', '=', 1).executeTakeFirst();
  // No current year means no cycle: nothing can be published for it.
  return row?.year ?? '';
}

export async function releasedSet(db: DB, recruitYear?: string): Promise<Set<Release>> {
  const year = await yearOrCurrent(db, recruitYear);
  if (!year) return new Set();
  const rows = await db
    .selectFrom('system_config')
    .select(['system_key', 'system_value'])
    .where('system_type', '=', 'doctor')
    .where('system_key', 'in', RELEASES.map((r) => releaseKey(year, r)))
    .execute();
  return new Set(RELEASES.filter((r) => rows.some((row) => row.system_key === releaseKey(year, r) && row.system_value === '1')));
}

export async function isReleased(db: DB, release: Release, recruitYear?: string): Promise<boolean> {
  return (await releasedSet(db, recruitYear)).has(release);
}

/** Throws 'not yet published' (code 1005-free: a plain 403 with its own message) unless released. */
export async function requireReleased(db: DB, release: Release, recruitYear?: string): Promise<void> {
  if (!(await isReleased(db, release, recruitYear))) throw new AppError(ReplyCode.FORBIDDEN, 'error.notPublished');
}

/** Publishes or withdraws one result of a cycle (the current one unless named); returns the year it applied to. */
export async function setReleased(
  db: DB,
  now: number,
  release: Release,
  on: boolean,
  opts: { recruitYear?: string; actor?: StaffActor } = {},
): Promise<string> {
  const year = await yearOrCurrent(db, opts.recruitYear);
  if (!year) throw new AppError(ReplyCode.CONFLICT, 'error.noRecruitYear');
  await setConfigValue(db, now, 'doctor', releaseKey(year, release), on ? '1' : '0');
  await staffAudit(db, now, 'doctor.release', opts.actor ?? CLI_ACTOR, { detail: { recruitYear: year, release, published: on } });
  return year;
}

export interface StageWindow {
  opensAt: string | null;
  closesAt: string | null;
}

export async function stageWindows(db: DB): Promise<Record<DoctorStage, StageWindow>> {
  const rows = await db.selectFrom('system_config').select(['system_key', 'system_value']).where('system_type', '=', 'doctor').execute();
  const value = (k: string) => rows.find((r) => r.system_key === k)?.system_value || null;
  const out = {} as Record<DoctorStage, StageWindow>;
  for (const stage of DOCTOR_STAGES) {
    // Registration's window is the one the register call already honours.
    out[stage] =
      stage === 'registration'
        ? { opensAt: value('registrationStart') ?? value(stageOpensKey(stage)), closesAt: value('registrationEnd') ?? value(stageClosesKey(stage)) }
        : { opensAt: value(stageOpensKey(stage)), closesAt: value(stageClosesKey(stage)) };
  }
  return out;
}

/** Whether `now` is inside a stage's window; an unset bound is open. */
export function withinWindow(window: StageWindow, now: number): boolean {
  if (window.opensAt && now < Date.parse(window.opensAt)) return false;
  if (window.closesAt && now > Date.parse(window.closesAt)) return false;
  return true;
}

export async function setStageWindow(db: DB, now: number, stage: DoctorStage, window: StageWindow): Promise<void> {
  if (stage === 'registration') {
    if (window.opensAt !== null) await setConfigValue(db, now, 'doctor', 'registrationStart', window.opensAt);
    if (window.closesAt !== null) await setConfigValue(db, now, 'doctor', 'registrationEnd', window.closesAt);
    return;
  }
  if (window.opensAt !== null) await setConfigValue(db, now, 'doctor', stageOpensKey(stage), window.opensAt);
  if (window.closesAt !== null) await setConfigValue(db, now, 'doctor', stageClosesKey(stage), window.closesAt);
}
