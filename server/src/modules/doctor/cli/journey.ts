import { cyclesOfJourney, DOCTOR_AREA, DOCTOR_STAGES, RELEASES } from '@gradus/contract';
import { authorizeCommand, commandActor } from '../../../cli/actor';
import { UsageError, oneOf, option, optionalOption, type AdminCommand } from '../../../cli/args';
import { AppError } from '../../../lib/app-error';
import { setReleased, setStageWindow } from '../journey/releases';

/** A date and time with its zone: 2027-03-01T09:00:00+08:00 or ...Z, seconds optional. */
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * A bare '2027-03-01' or '2027-03-01T09:00' would be read as UTC, eight hours off the Beijing
 * time staff mean: the zone is required, as assign-ticket requires it.
 */
function isoDate(value: string | undefined, what: string): string | null {
  if (value === undefined) return null;
  const example = 'use e.g. 2027-03-01T09:00:00+08:00 for 9 a.m. Beijing time';
  if (Number.isNaN(Date.parse(value))) throw new UsageError(`${what}: not a date (${example})`);
  if (!ZONED.test(value)) throw new UsageError(`${what}: give the time and its zone (${example})`);
  const ms = Date.parse(value);
  return new Date(ms).toISOString();
}

function recruitYearOption(args: string[]): string | undefined {
  const year = optionalOption(args, 'year');
  if (year !== undefined && !/^20\d{2}$/.test(year)) throw new UsageError('--year: a recruitment year such as 2027');
  return year;
}

/** --cycle: the doctoral journey's doctor cycle (the default) or the Hong Kong, Macao and Taiwan one (gat). */
const CYCLES = cyclesOfJourney(DOCTOR_AREA) as readonly string[] as readonly ['doctor', ...string[]];
const cycleOption = (args: string[]) => oneOf(optionalOption(args, 'cycle') ?? DOCTOR_AREA, CYCLES, '--cycle') as (typeof CYCLES)[number] as 'doctor' | 'gat';

async function noCurrentYearIsUsage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && err.messageKey === 'error.noRecruitYear') {
      throw new UsageError('no current recruitment year: set one with set-recruit-year, or name it with --year');
    }
    throw err;
  }
}

export const journeyCommands: AdminCommand[] = [
  {
    name: 'set-stage',
    usage: `  set-stage --stage <${DOCTOR_STAGES.join('|')}> [--opens <date-time>] [--closes <date-time>] [--year <recruitment year>] [--cycle <${CYCLES.join('|')}>]
      Sets when a stage of the doctoral cycle of the current recruitment year (or --year) opens and
      closes (with the zone, e.g. 2027-03-01T09:00:00+08:00); --cycle gat: the Hong Kong, Macao and
      Taiwan applicants' cycle. Needs the admissions office.`,
    async run(args, env) {
      const stage = oneOf(option(args, 'stage'), DOCTOR_STAGES, '--stage');
      const opensAt = isoDate(optionalOption(args, 'opens'), '--opens');
      const closesAt = isoDate(optionalOption(args, 'closes'), '--closes');
      if (!opensAt && !closesAt) throw new UsageError('set-stage needs --opens or --closes');
      const year = recruitYearOption(args);
      const cycle = cycleOption(args);
      const who = await commandActor(env);
      authorizeCommand(who, { kind: 'cycle.configure', area: cycle });
      const applied = await noCurrentYearIsUsage(() => setStageWindow(env.db, env.now, stage, { opensAt, closesAt }, { recruitYear: year, actor: who.staff, cycle }));
      return `stage ${stage} (${cycle === DOCTOR_AREA ? applied : `${applied}, ${cycle}`}): ${opensAt ?? '(unchanged)'} .. ${closesAt ?? '(unchanged)'}`;
    },
  },
  {
    name: 'release',
    usage: `  release --what <${RELEASES.join('|')}> [--year <recruitment year>] [--cycle <${CYCLES.join('|')}>] [--off]
      Publishes a result of the current recruitment year (or --year) to applicants of the cycle (the
      doctoral one unless --cycle gat), or withdraws it with --off. Needs the results.publish
      permission, which no role implies.`,
    async run(args, env) {
      const what = oneOf(option(args, 'what'), RELEASES, '--what');
      const year = recruitYearOption(args);
      const on = !args.includes('--off');
      const cycle = cycleOption(args);
      const who = await commandActor(env);
      authorizeCommand(who, { kind: 'results.publish', area: cycle });
      const applied = await noCurrentYearIsUsage(() => setReleased(env.db, env.now, what, on, { recruitYear: year, actor: who.staff, cycle }));
      return `${what} (${cycle === DOCTOR_AREA ? applied : `${applied}, ${cycle}`}): ${on ? 'published' : 'withdrawn'}`;
    },
  },
];
