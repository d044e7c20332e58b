import { AppError, invalidParameter, rateLimitExceeded } from '../../domain/api/errors';
import type { LiveChannel, LiveEvent } from '../../domain/market/liveEvents';
import { parseSymbolList } from '../../domain/reference/symbols';
import { eventFrame, openEventStream } from '../../http/eventStream';
import type { Handler } from '../../http/handler';
import type { PlanVisibility } from '../subscriptions/planVisibility.service';
import { knownSecurities, type MarketSources } from './market.service';
import { latestQuotes } from './quote.service';
import type { QuoteSource } from './market.types';
import { toLiveQuote, toQuote } from './quote.serializer';
import type { StreamHub } from './streamHub.service';

export interface StreamDeps extends Omit<MarketSources, 'calendar' | 'directory'> {
  hub: StreamHub;
  visibility: PlanVisibility;
}

/** A reconnect's `Last-Event-ID`, when it sent one (the contract checks its form). */
const lastEventIdOf = (req: { headers: Record<string, string | string[] | undefined> }): number | undefined =>
  req.headers['last-event-id'] === undefined ? undefined : Number(req.headers['last-event-id']);

/** `no_data` (no quote visible yet) as no opening quotes; any other failure stays one. */
function noneVisible(error: unknown): QuoteSource[] {
  if (error instanceof AppError && error.code === 'no_data') return [];
  throw error;
}

/** An event's data in the routes' shapes: a live Quote (`name` where the feed gave none), or a LiveBar (volume in lots). */
function wireOf(event: LiveEvent, name: string | null) {
  if (event.channel === 'quote') return toLiveQuote(event.snapshot, name);
  const { ts_code: symbol, trade_time: time, open, high, low, close, vol, amount } = event.bar;
  return { symbol, time, open, high, low, close, volume: vol / 100, amount };
}

/**
 * Each event's frame, made once however many streams it goes to: serializing it again for each of a thousand
 * clients was most of the fan-out's time (bench/results/live.json). Kept while the event is (the hub's replay).
 */
const frames = new WeakMap<LiveEvent, { name: string | null; frame: Buffer }>();
function frameOf(event: LiveEvent, name: string | null): Buffer {
  const known = frames.get(event);
  if (known !== undefined && known.name === name) return known.frame;
  const frame = eventFrame(event.channel, wireOf(event, name), event.id);
  frames.set(event, { name, frame });
  return frame;
}

export function streamHandlers({ db, codes, hub, visibility: planVisibility }: StreamDeps) {
  /**
   * The live stream of 1-50 symbols: opens with each symbol's latest quote the plan sees (unless a reconnect
   * resumes), then the hub's events of its symbols and channels at the plan's minute delay.
   */
  const getStream: Handler<'getStream'> = async (req, res) => {
    const owner = res.locals.keyOwner!;
    const visibility = await planVisibility.of(owner.planId);
    const securities = await knownSecurities(
      db,
      codes,
      parseSymbolList(req.query.symbol, 50).symbols,
      visibility.dailyThrough,
    );
    const channels = new Set((req.query.channels ?? 'quote,bar').split(',') as LiveChannel[]);
    if (hub.streamsOf(owner.keyId) >= hub.streamsPerKey)
      throw rateLimitExceeded(`This key already holds ${hub.streamsPerKey} streams, the most one key may`);
    const after = lastEventIdOf(req);
    if (after !== undefined && !Number.isSafeInteger(after))
      throw invalidParameter('Last-Event-ID must be an event id');
    // Nothing visible yet is an empty opening, not an error; any other failure is the request's.
    const opening: QuoteSource[] = channels.has('quote')
      ? await latestQuotes(db, securities, visibility).catch(noneVisible)
      : [];
    const names = new Map(securities.map((security) => [security.ts_code, security.name]));
    res.setHeader('X-Minute-Delay', String(visibility.minuteDelayMinutes));
    const stream = openEventStream(res, hub.streamOptions);
    const client = {
      keyId: owner.keyId,
      symbols: new Set(names.keys()),
      channels,
      delayMinutes: visibility.minuteDelayMinutes,
      send: (event: LiveEvent) => void stream.sendFrame(frameOf(event, names.get(event.symbol) ?? null)),
      end: (error: string, message: string) => stream.fail(error, message),
    };
    const { unsubscribe, resumed } = hub.subscribe(client, after);
    if (!resumed) for (const quote of opening) stream.send('quote', toQuote(quote));
    stream.onClose(unsubscribe);
  };
  return { getStream };
}
