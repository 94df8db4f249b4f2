import { performance } from 'node:perf_hooks';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

const CONFIG_TABLE = 'system_config';
const WRITE_WORD = /\b(insert|update|delete|replace)\b/i;

/** The table a TableNode or an aliased TableNode names. */
function tableOf(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'AliasNode') return tableOf((node as unknown as { node: OperationNode }).node);
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  return undefined;
}

function writesConfig(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'InsertQueryNode':
      return tableOf(node.into) === CONFIG_TABLE;
    case 'UpdateQueryNode':
      return tableOf(node.table) === CONFIG_TABLE;
    case 'DeleteQueryNode':
      return node.from.froms.some((f) => tableOf(f) === CONFIG_TABLE);
    case 'MergeQueryNode':
      return tableOf(node.into) === CONFIG_TABLE;
    case 'RawNode': {
      // Written SQL: counted as a write when it could be one (a read counted so only costs a reload).
      const text = node.sqlFragments.join(' ');
      return text.includes(CONFIG_TABLE) && WRITE_WORD.test(text);
    }
    default:
      return false;
  }
}

/**
 * Counts the writes to system_config made through one database handle, whoever makes them (the
 * services, the demo seed, the admin commands in this process, a test writing rows directly), so
 * the configuration every applicant call reads can be kept in memory and dropped the moment it
 * changes (modules/system-config/area-values.ts). Counted before the statement runs and again
 * after it, so a read that overlaps the statement is not kept; and for a while after it, in case
 * its transaction has yet to commit.
 */
export class ConfigWrites implements KyselyPlugin {
  private count = 0;
  /** performance.now() of the latest write seen here or told of. */
  private lastAt = -Infinity;
  private readonly pending = new WeakSet<object>();
  private readonly listeners: (() => void)[] = [];

  get generation(): number {
    return this.count;
  }

  /**
   * Whether a write was seen within `ms`: it may sit in a transaction not yet committed (Kysely
   * shows plugins statements, not commits), so a read now could still see the old value.
   */
  wroteWithin(ms: number): boolean {
    return performance.now() - this.lastAt < ms;
  }

  private note(): void {
    this.count++;
    this.lastAt = performance.now();
  }

  /** Told of each write made here (to tell the other instances). */
  onWrite(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** A write made elsewhere (another instance): what is kept here is dropped too. */
  noteForeignWrite(): void {
    this.note();
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (writesConfig(node)) {
      this.note();
      this.pending.add(queryId);
    }
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.pending.has(queryId)) {
      this.pending.delete(queryId);
      this.note();
      for (const listener of this.listeners) listener();
    }
    return result;
  }
}

/** The watcher of each root database handle; a transaction has none, and reads fresh. */
export const configWritesOf = new WeakMap<object, ConfigWrites>();
