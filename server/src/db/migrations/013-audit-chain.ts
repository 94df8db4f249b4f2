import { sql, type Kysely, type Migration } from 'kysely';
import { AUDIT_GENESIS, chainHash, type ChainedEntry } from '../../modules/audit/service';
import { type DialectKind } from '../dialect';

const REFUSED = 'audit_event is append-only';

/**
 * The audit trail becomes tamper-evident and append-only (issue #10, "Logs"):
 *
 * - Each entry carries the hash of the one before it (`prev_hash`) and its own (`hash`, see
 *   modules/audit/service.ts): the entries already there are chained here, in id order, as
 *   audit() would have chained them.
 * - The database itself refuses to change or remove an entry: triggers that abort UPDATE and
 *   DELETE (and, on PostgreSQL, TRUNCATE). Someone with the database's own rights can still drop
 *   them; the chain is what shows the change then (`npm run admin -- verify-audit`).
 * - The logs read by event newest first, and who is online reads the sessions not yet expired:
 *   an index for each.
 */
export function auditChain(kind: DialectKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('audit_event').addColumn('prev_hash', 'text').execute();
      await db.schema.alterTable('audit_event').addColumn('hash', 'text').execute();
      let prevHash = AUDIT_GENESIS;
      let after = 0;
      for (;;) {
        const rows = await sql<ChainedEntry & { id: number }>`select id, at, event, user_id, subject, ip, detail from audit_event where id > ${after} order by id limit 1000`.execute(db);
        for (const row of rows.rows) {
          const hash = chainHash(prevHash, row);
          await sql`update audit_event set prev_hash = ${prevHash}, hash = ${hash} where id = ${row.id}`.execute(db);
          prevHash = hash;
          after = row.id;
        }
        if (rows.rows.length < 1000) break;
      }
      await db.schema.createIndex('audit_event_event').on('audit_event').columns(['event', 'id']).execute();
      await db.schema.createIndex('session_idle_expires').on('session').column('idle_expires_at').execute();

      if (kind === 'sqlite') {
        await sql.raw(`create trigger audit_event_no_update before update on audit_event begin select raise(abort, '${REFUSED}'); end`).execute(db);
        await sql.raw(`create trigger audit_event_no_delete before delete on audit_event begin select raise(abort, '${REFUSED}'); end`).execute(db);
      } else {
        await sql.raw(`create function audit_event_refuse() returns trigger language plpgsql as $$ begin raise exception '${REFUSED} (% refused)', tg_op; end $$`).execute(db);
        await sql.raw('create trigger audit_event_no_change before update or delete on audit_event for each row execute function audit_event_refuse()').execute(db);
        await sql.raw('create trigger audit_event_no_truncate before truncate on audit_event for each statement execute function audit_event_refuse()').execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (kind === 'sqlite') {
        await sql.raw('drop trigger audit_event_no_update').execute(db);
        await sql.raw('drop trigger audit_event_no_delete').execute(db);
      } else {
        await sql.raw('drop trigger audit_event_no_change on audit_event').execute(db);
        await sql.raw('drop trigger audit_event_no_truncate on audit_event').execute(db);
        await sql.raw('drop function audit_event_refuse()').execute(db);
      }
      await db.schema.dropIndex('session_idle_expires').execute();
      await db.schema.dropIndex('audit_event_event').execute();
      await db.schema.alterTable('audit_event').dropColumn('hash').execute();
      await db.schema.alterTable('audit_event').dropColumn('prev_hash').execute();
    },
  };
}
