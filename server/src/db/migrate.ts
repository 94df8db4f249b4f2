import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database';
import type { DialectKind } from './dialect';
import { foundation } from './migrations/001-foundation';

/** Migrations are code, listed here in order; they run at every start. */
function migrationsFor(kind: DialectKind): Record<string, Migration> {
  return {
    '001-foundation': foundation(kind),
  };
}

export async function migrateToLatest(db: Kysely<Database>, kind: DialectKind): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(kind) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
