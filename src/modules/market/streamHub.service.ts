import { exchangeDateTime } from '../../domain/time/clock';
import type { LiveChannel, LiveEvent } from '../../domain/market/liveEvents';
import type { EventStreamOptions } from '../../http/eventStream';

/** One stream client: what it asked for, its plan's minute delay, and how its events are written. */
export interface StreamClient {
  keyId: number;
  symbols: ReadonlySet<string>;
  channels: ReadonlySet<LiveChannel>;
  /** The plan's minute delay: an event reaches the client once its market time is this many minutes past. */
  delayMinutes: number;
  send(event: LiveEvent): void;
  /** Ends the client's stream with a last error event. */
  end(error: 'shutting_down', message: string): void;
}

interface Subscription {
  client: StreamClient;
  /** Events of the client's symbols not yet due under its delay, in the order they were published. */
  pending: LiveEvent[];
}

export interface StreamHubOptions {
  /** Events kept for resuming (`Last-Event-ID`). */
  replayEvents?: number;
  /** Streams one API key may hold at once. */
  streamsPerKey?: number;
  /** How each stream is kept and bounded (heartbeat, unsent bytes before `slow_client`). */
  stream?: EventStreamOptions;
  clock?: () => Date;
}

const RELEASE_EVERY_MS = 1000;

/**
 * The live stream's fan-out in one process: every event the quote feed publishes reaches each client whose
 * symbols and channels it matches, at once for a plan without a minute delay, or held until its market time
 * plus the plan's delay has passed (released once a second). The last events are kept for a reconnect to
 * resume from its `Last-Event-ID`.
 */
export class StreamHub {
  private readonly subscriptions = new Set<Subscription>();
  private readonly recent: LiveEvent[] = [];
  private readonly perKey = new Map<number, number>();
  private readonly replayEvents: number;
  readonly streamsPerKey: number;
  readonly streamOptions: EventStreamOptions;
  private readonly clock: () => Date;
  private timer: NodeJS.Timeout | null = null;

  constructor(options: StreamHubOptions = {}) {
    this.replayEvents = options.replayEvents ?? 20_000;
    this.streamsPerKey = options.streamsPerKey ?? 5;
    this.streamOptions = options.stream ?? {};
    this.clock = options.clock ?? (() => new Date());
  }

  /** Open streams of a key. */
  streamsOf(keyId: number): number {
    return this.perKey.get(keyId) ?? 0;
  }

  /** Events published (here or, through the bus, by the process that polls). */
  receive(events: readonly LiveEvent[]): void {
    this.recent.push(...events);
    if (this.recent.length > this.replayEvents) this.recent.splice(0, this.recent.length - this.replayEvents);
    for (const subscription of this.subscriptions) this.offer(subscription, events);
  }

  /**
   * Adds a client; with `after` (a reconnect's Last-Event-ID), the kept events after it are offered first.
   * Returns whether they reach back that far (false: events were missed, the client should read the quotes).
   */
  subscribe(client: StreamClient, after?: number): { unsubscribe: () => void; resumed: boolean } {
    const subscription: Subscription = { client, pending: [] };
    this.subscriptions.add(subscription);
    this.perKey.set(client.keyId, this.streamsOf(client.keyId) + 1);
    const resumed = after !== undefined && (this.recent.length === 0 || this.recent[0]!.id <= after + 1);
    if (after !== undefined)
      this.offer(
        subscription,
        this.recent.filter((event) => event.id > after),
      );
    this.timer ??= setInterval(() => this.release(), RELEASE_EVERY_MS).unref();
    let open = true;
    const unsubscribe = () => {
      if (!open) return;
      open = false;
      this.subscriptions.delete(subscription);
      this.perKey.set(client.keyId, this.streamsOf(client.keyId) - 1);
      if (this.subscriptions.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
    return { unsubscribe, resumed };
  }

  /** Ends every stream (shutdown: clients reconnect, to another instance or after the restart, and resume). */
  closeAll(): void {
    for (const { client } of [...this.subscriptions])
      client.end('shutting_down', 'The server is restarting: reconnect with Last-Event-ID to resume');
  }

  /** The newest market time a delay lets through now. */
  private visibleThrough(delayMinutes: number): string {
    return exchangeDateTime(new Date(this.clock().getTime() - delayMinutes * 60_000));
  }

  private offer({ client, pending }: Subscription, events: readonly LiveEvent[]): void {
    const through = client.delayMinutes > 0 ? this.visibleThrough(client.delayMinutes) : null;
    for (const event of events) {
      if (!client.symbols.has(event.symbol) || !client.channels.has(event.channel)) continue;
      if (through === null || event.time <= through) client.send(event);
      else pending.push(event);
    }
  }

  /** Sends each delayed client the held events that have come due, in the order they were published. */
  private release(): void {
    for (const subscription of this.subscriptions) {
      if (subscription.pending.length === 0) continue;
      const through = this.visibleThrough(subscription.client.delayMinutes);
      const held: LiveEvent[] = [];
      for (const event of subscription.pending) {
        if (event.time <= through) subscription.client.send(event);
        else held.push(event);
      }
      subscription.pending = held;
    }
  }
}
