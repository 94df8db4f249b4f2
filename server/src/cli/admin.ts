import readline from 'node:readline';
import { databaseFor } from '../app';
import { loadConfig } from '../config';
import { migrateToLatest } from '../db/migrate';
import { syncReferenceData } from '../db/seed/reference';
import { CheckFailed, runAdminCommand, UsageError, USAGE } from './commands';

/** `npm run admin -- ...`: operations without a back office, e.g. the first administrator in production. */
async function readPasswordLine(): Promise<string> {
  if (process.env.GRADUS_ADMIN_PASSWORD) return process.env.GRADUS_ADMIN_PASSWORD;
  if (process.stdin.isTTY) process.stderr.write('Password for the new account: ');
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const { db, kind, schema } = databaseFor(config);
  try {
    await migrateToLatest(db, kind, schema);
    await syncReferenceData(db);
    console.log(await runAdminCommand(argv, { db, now: Date.now(), readPassword: readPasswordLine, actorLogin: process.env.GRADUS_ACTOR || undefined }));
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`admin: ${err.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else if (err instanceof CheckFailed) {
      console.error(err.message);
      process.exitCode = 1;
    } else {
      throw err;
    }
  } finally {
    await db.destroy();
  }
}

void main();
