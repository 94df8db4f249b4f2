import { DOCTOR_STAGES, RELEASES } from '@gradus/contract';
import { setReleased, setStageWindow } from '../../modules/doctor/journey/releases';
import { UsageError, oneOf, option, optionalOption, type AdminCommand } from '../args';

function isoDate(value: string | undefined, what: string): string | null {
  if (value === undefined) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new UsageError(`${what}: not a date (use e.g. 2027-03-01T09:00:00+08:00)`);
  return new Date(ms).toISOString();
}

export const journeyCommands: AdminCommand[] = [
  {
    name: 'set-stage',
    usage: `  set-stage --stage <${DOCTOR_STAGES.join('|')}> [--opens <ISO date>] [--closes <ISO date>]
      Sets when a stage of the doctoral cycle opens and closes.`,
    async run(args, env) {
      const stage = oneOf(option(args, 'stage'), DOCTOR_STAGES, '--stage');
      const opensAt = isoDate(optionalOption(args, 'opens'), '--opens');
      const closesAt = isoDate(optionalOption(args, 'closes'), '--closes');
      if (!opensAt && !closesAt) throw new UsageError('set-stage needs --opens or --closes');
      await setStageWindow(env.db, env.now, stage, { opensAt, closesAt });
      return `stage ${stage}: ${opensAt ?? '(unchanged)'} .. ${closesAt ?? '(unchanged)'}`;
    },
  },
  {
    name: 'release',
    usage: `  release --what <${RELEASES.join('|')}> [--off]
      Publishes a result to applicants (or withdraws it with --off).`,
    async run(args, env) {
      const what = oneOf(option(args, 'what'), RELEASES, '--what');
      const on = !args.includes('--off');
      await setReleased(env.db, env.now, what, on);
      return `${what}: ${on ? 'published' : 'withdrawn'}`;
    },
  },
];
