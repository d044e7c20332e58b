import type { Logger } from 'pino';
import { exchangeDateTime } from '../domain/time/clock';
import { isPollingTime } from '../domain/market/liveBars';
import type { Snapshot } from '../domain/market/quotes';
import type { QuoteSource } from './quoteSources';

export interface QuoteFeedOptions {
  /** The sources in order of preference: the first until it keeps failing, then the next. */
  sources: readonly QuoteSource[];
  /** The codes to poll (standard form), asked once per sweep (the list of listed stocks changes). */
  symbols: () => Promise<string[]>;
  /** Start-to-start time of two sweeps; a sweep that takes longer is followed at once. */
  intervalMs: number;
  isTradingDay: (date: string) => Promise<boolean>;
  /** Each answered request's snapshots and the source that answered, in order (written before the next request). */
  onSnapshots: (snapshots: Snapshot[], source: string) => Promise<void>;
  logger: Logger;
  clock?: () => Date;
  /** How long to wait outside the sessions before looking again. */
  idleMs?: number;
  /** Poll at any hour (the replay source, whose session is its own). */
  anyTime?: boolean;
}

/** What one sweep did. */
export interface SweepReport {
  source: string;
  requests: number;
  snapshots: number;
  failed: boolean;
}

/** Failures of one source in a row after which the feed turns to the next. */
const FAILOVER_AFTER = 3;
const MAX_BACKOFF_MS = 60_000;

/**
 * Polls the free quote sources during the sessions of trading days (the stored calendar) and sleeps
 * otherwise: one sweep every `intervalMs`, a batch of codes per request, requests one after another (never in
 * parallel: both sources ban bursts). A refused or empty answer ends the sweep and backs off (the interval
 * doubled per failure, up to a minute); after three failures in a row the feed fails over to the next source.
 */
export class QuoteFeed {
  private active = 0;
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private readonly clock: () => Date;

  constructor(private readonly options: QuoteFeedOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  get source(): string {
    return this.options.sources[this.active]!.name;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    const started = Date.now();
    const now = exchangeDateTime(this.clock());
    const inSession =
      this.options.anyTime || (isPollingTime(now.slice(11)) && (await this.options.isTradingDay(now.slice(0, 10))));
    if (!inSession) return this.schedule(this.options.idleMs ?? 30_000);
    const report = await this.sweep().catch((error: Error) => {
      this.options.logger.error({ err: error.message }, 'quote sweep failed');
      return { failed: true } as SweepReport;
    });
    const pause = report.failed
      ? Math.min(this.options.intervalMs * 2 ** this.failures, MAX_BACKOFF_MS)
      : this.options.intervalMs - (Date.now() - started);
    this.schedule(Math.max(0, pause));
  }

  /** One pass over every code with the active source; a refusal ends it (and counts towards failover). */
  async sweep(): Promise<SweepReport> {
    const source = this.options.sources[this.active]!;
    const codes = await this.options.symbols();
    const report: SweepReport = { source: source.name, requests: 0, snapshots: 0, failed: false };
    for (let at = 0; at < codes.length; at += source.perRequest) {
      report.requests += 1;
      let snapshots: Snapshot[];
      try {
        snapshots = await source.fetch(codes.slice(at, at + source.perRequest));
      } catch (error) {
        this.refused(source, error as Error);
        return { ...report, failed: true };
      }
      report.snapshots += snapshots.length;
      await this.options.onSnapshots(snapshots, source.name);
    }
    this.failures = 0;
    return report;
  }

  private refused(source: QuoteSource, error: Error): void {
    this.failures += 1;
    this.options.logger.warn(
      { source: source.name, failures: this.failures, err: error.message },
      'quote source refused',
    );
    if (this.failures >= FAILOVER_AFTER && this.options.sources.length > 1) {
      this.active = (this.active + 1) % this.options.sources.length;
      this.failures = 0;
      this.options.logger.warn({ from: source.name, to: this.source }, 'quote feed failed over');
    }
  }
}
