import type { Logger } from 'pino';
import type { Db } from '../../db/connection';
import { exchangeToday } from '../../domain/time/clock';
import type { KeyOwner } from '../../http/ports';
import { writeUsageBatch, type UsageCount } from './usage.repository';

/**
 * Counts API-key requests per key, endpoint and day (exchange clock) in memory and writes them in batches: on a timer,
 * before a usage report is read, and on shutdown (`stop`). A failed write keeps the counts for the next try.
 */
export class UsageRecorder {
  private counts = new Map<string, UsageCount>();
  private lastUsed = new Map<number, Date>();
  private writing: Promise<void> = Promise.resolve();
  /** When the oldest count still only in memory was recorded (ms since epoch); undefined when none waits. */
  oldestUnwrittenAt: number | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    intervalMs = 5000,
  ) {
    this.timer = setInterval(() => void this.flush(), intervalMs).unref();
  }

  record(owner: KeyOwner, endpoint: string, bytes = 0, at = new Date()): void {
    const day = exchangeToday(at);
    const id = `${owner.keyId} ${day} ${endpoint}`;
    const entry = this.counts.get(id);
    if (entry) {
      entry.count += 1;
      entry.bytes += bytes;
    } else this.counts.set(id, { accountId: owner.accountId, keyId: owner.keyId, endpoint, day, count: 1, bytes });
    this.lastUsed.set(owner.keyId, at);
    this.oldestUnwrittenAt ??= at.getTime();
  }

  /** Writes what is buffered; concurrent calls queue behind each other. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writeBatch());
    return this.writing;
  }

  /** Stops the timer and writes the rest (SIGTERM path). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async writeBatch(): Promise<void> {
    if (this.counts.size === 0) return;
    const counts = this.counts;
    const lastUsed = this.lastUsed;
    const oldest = this.oldestUnwrittenAt;
    this.counts = new Map();
    this.lastUsed = new Map();
    this.oldestUnwrittenAt = undefined;
    try {
      await writeUsageBatch(this.db, [...counts.values()], lastUsed);
    } catch (err) {
      this.logger.error({ err }, 'usage flush failed; keeping the counts for the next try');
      this.oldestUnwrittenAt = oldest;
      for (const [id, entry] of counts) {
        const now = this.counts.get(id);
        if (now) {
          now.count += entry.count;
          now.bytes += entry.bytes;
        } else this.counts.set(id, entry);
      }
      for (const [keyId, at] of lastUsed) if (!this.lastUsed.has(keyId)) this.lastUsed.set(keyId, at);
    }
  }
}
