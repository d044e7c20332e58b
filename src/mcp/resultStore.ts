import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  /** Keys with a store at once (a process and a file each); a new one ends the least recently used. */
  keys: 8,
  /** A query that runs longer is stopped by ending its process (SQLite cannot interrupt a statement otherwise); the tables stay. */
  queryTimeoutMs: 2000,
  /** Rows a query answers at most. */
  queryRows: 1000,
};

/** A key's store process (on the key's file) and the requests it has not answered yet. */
class StoreProcess {
  readonly child: ChildProcess;
  private readonly pending = new Map<number, (reply: StoreReply) => void>();
  private nextId = 0;

  constructor(file: string, onExit: () => void) {
    this.child = fork(paths.resultStoreChild, [file], {
      execArgv: CHILD_EXEC_ARGV,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
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

/** A key's tables: its file, when each table was stored, and the process that serves them (started on demand). */
interface KeyTables {
  file: string;
  storedAt: Map<string, number>;
  lastUsed: number;
  process?: StoreProcess;
}

export type QueryAnswer = Extract<StoreReply, { columns: string[] }> | { ok: false; message: string };

/**
 * Per-key result stores for agents (`store_as`, `query_results`): rows stay out of the agent's context until it
 * asks a question of them in SQL. Each key's tables are a SQLite file of its own in a private folder (named by a
 * hash of the key's hash, so one key never reads another's), served by a process of its own: a query stopped
 * at its time limit kills the process, never the tables. The folder goes when the server exits.
 */
export class ResultStores {
  private readonly keys = new Map<string, KeyTables>();
  private folder: string | undefined;

  constructor(private readonly limits = RESULT_STORE_LIMITS) {}

  private fileOf(owner: string): string {
    if (this.folder === undefined) {
      const folder = mkdtempSync(join(tmpdir(), 'ashare-results-'));
      process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
      this.folder = folder;
    }
    return join(this.folder, `${createHash('sha256').update(owner).digest('hex').slice(0, 32)}.sqlite`);
  }

  private tablesOf(owner: string): KeyTables {
    let entry = this.keys.get(owner);
    if (entry !== undefined && Date.now() - entry.lastUsed > this.limits.ttlMs) {
      this.forget(owner); // idle for an hour: every table of it has expired
      entry = undefined;
    }
    if (entry === undefined) {
      if (this.keys.size >= this.limits.keys) {
        const [leastRecent] = [...this.keys].sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0]!;
        this.forget(leastRecent);
      }
      entry = { file: this.fileOf(owner), storedAt: new Map(), lastUsed: Date.now() };
      this.keys.set(owner, entry);
    }
    entry.lastUsed = Date.now();
    return entry;
  }

  private processOf(entry: KeyTables): StoreProcess {
    if (entry.process === undefined) {
      const started: StoreProcess = new StoreProcess(entry.file, () => {
        if (entry.process === started) entry.process = undefined;
      });
      entry.process = started;
    }
    return entry.process;
  }

  /** A key's store ends: its process, its file and its tables. */
  private forget(owner: string): void {
    const entry = this.keys.get(owner);
    this.keys.delete(owner);
    entry?.process?.child.kill('SIGKILL');
    if (entry !== undefined) for (const suffix of ['', '-journal']) rmSync(`${entry.file}${suffix}`, { force: true });
  }

  /** Stores rows (at most `rowsPerTable`) as the key's table `table`, replacing a table of that name; one past `tablesPerKey` drops the oldest. */
  async put(
    owner: string,
    table: string,
    columns: string[],
    rows: StoreValue[][],
  ): Promise<{ ok: true; stored: number } | { ok: false; message: string }> {
    const entry = this.tablesOf(owner);
    await this.expire(entry);
    if (!entry.storedAt.has(table) && entry.storedAt.size >= this.limits.tablesPerKey) {
      const [oldest] = [...entry.storedAt].sort((a, b) => a[1] - b[1])[0]!;
      await this.drop(entry, [oldest]);
    }
    const kept = rows.slice(0, this.limits.rowsPerTable);
    const reply = await this.processOf(entry).ask({ op: 'store', table, columns, rows: kept }, 30_000);
    if (reply === 'timeout') return { ok: false, message: 'storing the rows took too long' };
    if (!reply.ok) return reply;
    entry.storedAt.set(table, Date.now());
    return { ok: true, stored: kept.length };
  }

  /** A read-only SELECT over the key's tables, at most `queryRows` rows, stopped after `queryTimeoutMs` (the tables stay). */
  async query(owner: string, sql: string): Promise<QueryAnswer> {
    const entry = this.keys.get(owner);
    if (entry !== undefined) await this.expire(entry);
    if (entry === undefined || entry.storedAt.size === 0)
      return { ok: false, message: 'no stored tables: call a data tool with store_as first' };
    entry.lastUsed = Date.now();
    const running = this.processOf(entry);
    const reply = await running.ask({ op: 'query', sql, maxRows: this.limits.queryRows }, this.limits.queryTimeoutMs);
    if (reply === 'timeout') {
      // The next request starts a process afresh, without waiting for this one's exit.
      if (entry.process === running) entry.process = undefined;
      running.child.kill('SIGKILL');
      return {
        ok: false,
        message: `the query ran longer than ${this.limits.queryTimeoutMs} ms and was stopped; the stored tables are kept`,
      };
    }
    return 'columns' in reply || !reply.ok ? reply : { ok: false, message: 'unexpected answer of the result store' };
  }

  /** Drops the key's tables stored more than `ttlMs` ago. */
  private async expire(entry: KeyTables): Promise<void> {
    const olderThan = Date.now() - this.limits.ttlMs;
    const expired = [...entry.storedAt].filter(([, at]) => at < olderThan).map(([table]) => table);
    if (expired.length > 0) await this.drop(entry, expired);
  }

  private async drop(entry: KeyTables, tables: string[]): Promise<void> {
    for (const table of tables) entry.storedAt.delete(table);
    await this.processOf(entry).ask({ op: 'drop', tables }, 5000);
  }
}
