import { fork, type ChildProcess } from 'node:child_process';
import { CHILD_EXEC_ARGV, paths } from '../paths';
import type { StoreReply, StoreRequest, StoreValue } from './resultStore.protocol';

/** The bounds of the result stores, all in the README's MCP section. */
export const RESULT_STORE_LIMITS = {
  /** Tables per key; storing one more drops the oldest. */
  tablesPerKey: 20,
  /** Rows per table; the rest of a larger answer is not stored (the preview says so). */
  rowsPerTable: 50_000,
  /** A table is dropped an hour after it was stored, and a key's idle store then stops. */
  ttlMs: 60 * 60 * 1000,
  /** Keys with a store at once (a process each, about 40 MB idle); a new one stops the least recently used. */
  keys: 8,
  /** A query that runs longer is stopped, and its key's tables with it (SQLite cannot interrupt a statement otherwise). */
  queryTimeoutMs: 2000,
  /** Rows a query answers at most. */
  queryRows: 1000,
};


/** A key's store process and the requests it has not answered yet. */
class KeyStore {
  readonly child: ChildProcess = fork(paths.resultStoreChild, [], { execArgv: CHILD_EXEC_ARGV, serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  private readonly pending = new Map<number, (reply: StoreReply) => void>();
  private nextId = 0;
  lastUsed = Date.now();

  constructor(onExit: () => void) {
    // Neither the process nor its channel keeps the server running.
    this.child.unref();
    this.child.channel?.unref();
    this.child.on('message', ({ id, reply }: { id: number; reply: StoreReply }) => {
      this.pending.get(id)?.(reply);
      this.pending.delete(id);
    });
    this.child.on('exit', () => {
      for (const resolve of this.pending.values()) resolve({ ok: false, message: 'the result store stopped' });
      this.pending.clear();
      onExit();
    });
  }

  ask(request: StoreRequest, timeoutMs: number): Promise<StoreReply | 'timeout'> {
    this.lastUsed = Date.now();
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), timeoutMs);
      this.pending.set(id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      this.child.send({ id, request });
    });
  }
}

export type QueryAnswer = Extract<StoreReply, { columns: string[] }> | { ok: false; message: string };

/**
 * Per-key, in-memory result stores for agents (`store_as`, `query_results`): rows stay out of the agent's
 * context until it asks a question of them in SQL. Scoped by the key's hash, so one key never reads another's.
 */
export class ResultStores {
  private readonly stores = new Map<string, KeyStore>();

  constructor(private readonly limits = RESULT_STORE_LIMITS) {}

  private storeOf(owner: string): KeyStore {
    let store = this.stores.get(owner);
    if (store !== undefined && Date.now() - store.lastUsed > this.limits.ttlMs) {
      this.stop(owner); // idle for an hour: every table of it has expired
      store = undefined;
    }
    if (store === undefined) {
      if (this.stores.size >= this.limits.keys) {
        const [leastRecent] = [...this.stores].sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0]!;
        this.stop(leastRecent);
      }
      store = new KeyStore(() => this.stores.get(owner) === store && this.stores.delete(owner));
      this.stores.set(owner, store);
    }
    return store;
  }

  private stop(owner: string): void {
    const store = this.stores.get(owner);
    this.stores.delete(owner);
    store?.child.kill('SIGKILL');
  }

  /** Stores rows (at most `rowsPerTable`) as the key's table `table`, replacing a table of that name. */
  async put(owner: string, table: string, columns: string[], rows: StoreValue[][]): Promise<{ ok: true; stored: number } | { ok: false; message: string }> {
    const store = this.storeOf(owner);
    await this.expire(store);
    const kept = rows.slice(0, this.limits.rowsPerTable);
    const reply = await store.ask({ op: 'store', table, columns, rows: kept, maxTables: this.limits.tablesPerKey }, 30_000);
    if (reply === 'timeout') return { ok: false, message: 'storing the rows took too long' };
    return reply.ok ? { ok: true, stored: kept.length } : reply;
  }

  /** A read-only SELECT over the key's tables, at most `queryRows` rows, stopped after `queryTimeoutMs`. */
  async query(owner: string, sql: string): Promise<QueryAnswer> {
    const store = this.stores.get(owner);
    if (store === undefined) return { ok: false, message: 'no stored tables: call a data tool with store_as first' };
    await this.expire(store);
    const reply = await store.ask({ op: 'query', sql, maxRows: this.limits.queryRows }, this.limits.queryTimeoutMs);
    if (reply === 'timeout') {
      this.stop(owner);
      return { ok: false, message: `the query ran longer than ${this.limits.queryTimeoutMs} ms and was stopped; the stored tables of this key were dropped with it` };
    }
    return 'columns' in reply || !reply.ok ? reply : { ok: false, message: 'unexpected answer of the result store' };
  }

  private async expire(store: KeyStore): Promise<void> {
    await store.ask({ op: 'expire', olderThan: Date.now() - this.limits.ttlMs }, 5000);
  }
}
