import readline from 'node:readline';
import { databaseFor } from '../app';
import { loadConfig } from '../config';
import { migrateToLatest } from '../db/migrate';
import { syncReferenceData } from '../db/seed/reference';
import { CheckFailed, runAdminCommand, UsageError, USAGE } from './commands';
import { runBackupCommand } from './backup';

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

async function commandLines(): Promise<string[][]> {
  const commands: string[][] = [];
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  for await (const line of rl) {
    if (!line.trim()) continue;
    const words: unknown = JSON.parse(line);
    if (!Array.isArray(words) || !words.every((w) => typeof w === 'string')) throw new UsageError(`batch: not a JSON array of words: ${line}`);
    commands.push(words);
  }
  return commands;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  if (argv[0] === 'backup' || argv[0] === 'restore') {
    try {
      console.log(await runBackupCommand(argv, config));
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      console.error(`admin: ${err.message}`);
      process.exitCode = 2;
    }
    return;
  }
  const { db, kind, schema } = databaseFor(config);
  try {
    await migrateToLatest(db, kind, schema);
    await syncReferenceData(db);
    const run = (args: string[]) => runAdminCommand(args, { db, now: Date.now(), readPassword: readPasswordLine, actorLogin: process.env.GRADUS_ACTOR || undefined });
    if (argv[0] === 'batch') {
      // One command per line of standard input, as a JSON array of its words: one start-up and one
      // migration check for a whole day's decisions, instead of one per command. Stops at the first error.
      if (argv.length > 1) throw new UsageError('batch takes its commands on standard input');
      for (const words of await commandLines()) console.log(await run(words));
    } else console.log(await run(argv));
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
