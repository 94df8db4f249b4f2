import { RoleKey, SYSTEM_TYPES, checkPassword, type StaffPermission, type SystemType } from '@gradus/contract';
import { hashSecret } from '../lib/passwords';
import { audit, verifyAuditChain } from '../modules/audit/service';
import { setConfigValue } from '../modules/system-config/service';
import { createStaff, findStaffByLoginName, setStaffScope } from '../modules/user/repo';

import { UsageError, option, type AdminCommand, type CommandEnv } from './args';
import { JOURNEYS } from '../journeys';
import { paymentCommands } from '../modules/payment/cli';
import { BACKUP_USAGE } from './backup';

export { UsageError };

/** A command that ran and found something wrong (a broken audit chain): its message, and a non-zero exit. */
export class CheckFailed extends Error {}

/** Configuration keys of a cycle (admissions/cycle.ts): stage windows, registration windows, release switches. */
const CYCLE_KEY = /^(stage\.|release\.|registrationStart$|registrationEnd$)/;

/** The areas' staff commands, then the payment module's. */
const STAFF_COMMANDS: readonly AdminCommand[] = [...JOURNEYS.flatMap((j) => j.commands ?? []), ...paymentCommands];

/** `--as <login>` may stand anywhere after the command; it wins over GRADUS_ACTOR. */
function withoutActor(args: string[], fallback: string | undefined): { args: string[]; actorLogin: string | undefined } {
  const i = args.indexOf('--as');
  if (i < 0) return { args, actorLogin: fallback };
  const login = args[i + 1];
  if (!login || login.startsWith('--')) throw new UsageError('--as needs a login name');
  return { args: [...args.slice(0, i), ...args.slice(i + 2)], actorLogin: login };
}

export const USAGE = `Usage: npm run admin -- <command>

  create-admin --login <login name> --name <display name> [--publish]
      Creates an admissions officer (roles zs_admin and zs_reviewer); --publish also grants the
      results.publish permission, which no role implies. The password is read from
      GRADUS_ADMIN_PASSWORD, or from the first line of standard input.
  create-reviewer --login <login name> --name <display name>
      Same, with the reviewer role only.
  set-config <systemType> <key> <value> [--secret]
      Sets one system configuration value (systemType: ${SYSTEM_TYPES.join(', ')}).
  set-recruit-year <year>
      Makes <year> (e.g. 2027) the current recruitment year.
  batch
      Runs the commands given on standard input, one per line as a JSON array of its words, e.g.
      ["decide","--applicant","2027100001","--stage","qualificationReview","--outcome","pass"];
      stops at the first that fails.
${BACKUP_USAGE}
  verify-audit
      Checks the audit trail's hash chain, entry by entry: prints the number of entries and the
      newest hash (worth writing down elsewhere), or names the first entry that was changed and
      exits with status 1.

Staff commands act as a named staff member, judged by the back office's own rules (role, scope,
permission): add --as <login name>, or set GRADUS_ACTOR. --applicant is a registration number.
${STAFF_COMMANDS.map((c) => c.usage).join('\n')}
`;

/** The admin commands, callable from tests with a database and a password source. */
export async function runAdminCommand(
  argv: string[],
  env: CommandEnv,
): Promise<string> {
  const [command, ...rest] = argv;
  const { args, actorLogin } = withoutActor(rest, env.actorLogin);
  const staffCommand = STAFF_COMMANDS.find((c) => c.name === command);
  if (staffCommand) return staffCommand.run(args, { ...env, actorLogin });
  switch (command) {
    case 'create-admin':
    case 'create-reviewer': {
      const loginName = option(args, 'login');
      const name = option(args, 'name');
      if (!/^[A-Za-z0-9._-]{3,64}$/.test(loginName)) throw new UsageError('login name: 3 to 64 letters, digits, dot, dash or underscore');
      if (await findStaffByLoginName(env.db, loginName)) throw new UsageError(`login name ${loginName} is taken`);
      const password = await env.readPassword();
      const problem = checkPassword(password);
      if (problem) throw new UsageError(`password refused: ${problem} (8 to 128 characters, not a common password)`);
      const roleKeys = command === 'create-admin' ? [RoleKey.ADMIN, RoleKey.REVIEWER] : [RoleKey.REVIEWER];
      const id = await createStaff(env.db, env.now, { loginName, name, passwordHash: await hashSecret(password), roleKeys });
      const permissions: StaffPermission[] = command === 'create-admin' && args.includes('--publish') ? ['results.publish'] : [];
      if (permissions.length > 0) await setStaffScope(env.db, id, { departmentCodes: [], permissions });
      await audit(env.db, env.now, 'admin.create', { userId: id, subject: loginName, detail: { roleKeys, permissions } });
      return `created ${loginName} (${[...roleKeys, ...permissions].join(', ')}); sign in on the login page with the login name`;
    }
    case 'set-config': {
      const [type, key, value] = args;
      if (!type || !key || value === undefined) throw new UsageError('set-config needs <systemType> <key> <value>');
      if (!(SYSTEM_TYPES as readonly string[]).includes(type)) throw new UsageError(`systemType must be one of ${SYSTEM_TYPES.join(', ')}`);
      // A cycle's windows and releases have commands of their own, judged by the policies (the
      // publish permission above all): set-config must not be a way around them.
      if (CYCLE_KEY.test(key)) throw new UsageError(`${key} belongs to a cycle: use set-stage or release (with --as), which check who may`);
      await setConfigValue(env.db, env.now, type as SystemType, key, value, args.includes('--secret'));
      return `set ${type}.${key}`;
    }
    case 'set-recruit-year': {
      const [year] = args;
      if (!year || !/^20\d{2}$/.test(year)) throw new UsageError('set-recruit-year needs a year such as 2027');
      await env.db.transaction().execute(async (trx) => {
        await trx.updateTable('recruit_year').set({ is_current: 0 }).execute();
        await trx
          .insertInto('recruit_year')
          .values({ year, is_current: 1, created_at: env.now })
          .onConflict((oc) => oc.column('year').doUpdateSet({ is_current: 1 }))
          .execute();
      });
      await setConfigValue(env.db, env.now, 'system', 'recruitYear', year);
      return `current recruitment year: ${year}`;
    }
    case 'verify-audit': {
      if (args.length > 0) throw new UsageError('verify-audit takes no arguments');
      const check = await verifyAuditChain(env.db);
      const entries = `${check.entries} ${check.entries === 1 ? 'entry' : 'entries'}`;
      if (check.firstBroken) {
        const { id, at, event } = check.firstBroken;
        throw new CheckFailed(`audit trail: ${entries}, chain broken at entry ${id} (${event}, ${at}): that entry was changed, or the one before it rewritten or removed`);
      }
      return `audit trail: ${entries}, chain intact${check.newestHash ? `\nnewest hash: ${check.newestHash}` : ''}`;
    }
    default:
      throw new UsageError(command ? `unknown command ${command}` : 'no command given');
  }
}
