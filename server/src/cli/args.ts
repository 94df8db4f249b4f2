import type { DB } from '../db/database';

export class UsageError extends Error {}

/** The value after `--name`; missing is a usage error. */
export function option(args: string[], name: string): string {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? args[i + 1] : undefined;
  if (!value || value.startsWith('--')) throw new UsageError(`missing --${name}`);
  return value;
}

export function optionalOption(args: string[], name: string): string | undefined {
  return args.includes(`--${name}`) ? option(args, name) : undefined;
}

export function oneOf<T extends string>(value: string, allowed: readonly T[], what: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${what} must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** The applicant a staff command acts on, named by registration number (`--applicant`). */
export async function applicantByNumber(db: DB, args: string[]): Promise<{ userId: number; recruitYear: string; name: string; applicantNumber: string }> {
  const number = option(args, 'applicant');
  const row = await db
    .selectFrom('app_user')
    .select(['id', 'recruit_year', 'name', 'applicant_number'])
    .where('applicant_number', '=', number)
    .where('kind', '=', 'applicant')
    .executeTakeFirst();
  if (!row || !row.recruit_year) throw new UsageError(`no applicant with number ${number}`);
  return { userId: row.id, recruitYear: row.recruit_year, name: row.name, applicantNumber: number };
}

export interface CommandEnv {
  db: DB;
  now: number;
  readPassword: () => Promise<string>;
  /** The staff member acting (`--as`, or GRADUS_ACTOR): staff commands refuse to run without one. */
  actorLogin?: string | undefined;
}

/** A command of `npm run admin`; `usage` is its line(s) in the help text. */
export interface AdminCommand {
  name: string;
  usage: string;
  run(args: string[], env: CommandEnv): Promise<string>;
}
