import type { Db } from '../db/connection';
import { exchangeToday } from '../domain/time/clock';
import type { LiveMinuteBar } from '../domain/market/liveBars';
import type { Snapshot } from '../domain/market/quotes';
import { replayTimeOf } from '../domain/time/replayClock';
import type { QuoteSource } from './quoteSources';

/** A stored minute bar of the session by its clock time (`HH:MM:SS`, the minute's end). */
type StoredMinute = Omit<LiveMinuteBar, 'ts_code' | 'trade_time'> & { clock: string };

interface ReplayedSecurity {
  name: string;
  preClose: number | null;
  minutes: StoredMinute[];
}

const closeBefore = async (db: Db, tsCode: string, day: string): Promise<number | null> => {
  const row = await db('daily_bars')
    .where('ts_code', tsCode)
    .where('trade_date', '<', day)
    .orderBy('trade_date', 'desc')
    .first('close');
  return row ? Number(row.close) : null;
};

/**
 * A security's latest stored session of minute bars, with its name, re-based to follow the store's newest close
 * before `today`: played as today, the session's prices (and amounts) are scaled by that close ÷ the session's own
 * pre-close, so the replayed day starts where the stored history ends (its pre-close is that close) and invents
 * no price gap — which the running daily bar would read as an ex-date.
 */
async function storedSession(db: Db, tsCode: string, today: string): Promise<ReplayedSecurity | null> {
  const latest = await db('intraday_bars').where('ts_code', tsCode).max('trade_time as at').first();
  if (!latest?.at) return null;
  const day = String(latest.at).slice(0, 10);
  const rows = await db('intraday_bars')
    .where('ts_code', tsCode)
    .whereBetween('trade_time', [`${day} 00:00:00`, `${day} 23:59:59`])
    .orderBy('trade_time')
    .select();
  const [ownPreClose, newest] = [await closeBefore(db, tsCode, day), await closeBefore(db, tsCode, today)];
  const ratio = ownPreClose !== null && newest !== null ? newest / ownPreClose : 1;
  const price = (value: unknown) => Math.round(Number(value) * ratio * 100) / 100;
  const security = await db('securities').where('ts_code', tsCode).first('name');
  return {
    name: security?.name ?? '',
    preClose: newest ?? ownPreClose,
    minutes: rows.map((row) => ({
      clock: String(row.trade_time).slice(11, 19),
      open: price(row.open),
      high: price(row.high),
      low: price(row.low),
      close: price(row.close),
      vol: Number(row.vol),
      amount: Math.round(Number(row.amount) * ratio * 100) / 100,
    })),
  };
}

/**
 * The `replay` source: plays each security's latest stored session of minute bars as if live, today, from
 * the moment the feed starts, at `speed`× (QUOTE_REPLAY_SPEED): a snapshot carries the session so far (the
 * bars whose minute has ended by the replay's time: last price, the day's open, high, low, cumulative volume
 * and amount). Nothing is contacted: a newcomer sees quotes and the stream move after `make run`, and tests and
 * benches have a source that needs no server. The session is played once and then held at its close, re-based
 * onto the store's newest close (see storedSession).
 */
export function replaySource(
  db: Db,
  { speed, clock = () => new Date() }: { speed: number; clock?: () => Date },
): QuoteSource {
  const startedAt = clock().getTime();
  const sessions = new Map<string, Promise<ReplayedSecurity | null>>();
  const sessionOf = (code: string) => {
    if (!sessions.has(code)) sessions.set(code, storedSession(db, code, exchangeToday(clock())));
    return sessions.get(code)!;
  };
  return {
    name: 'replay',
    perRequest: 800,
    async fetch(codes) {
      const now = clock();
      const at = replayTimeOf(now.getTime() - startedAt, speed);
      const today = exchangeToday(now);
      const snapshots: Snapshot[] = [];
      for (const code of codes) {
        const session = await sessionOf(code);
        const played = session?.minutes.filter((minute) => minute.clock <= at) ?? [];
        if (session === null || played.length === 0) continue;
        const last = played.at(-1)!;
        snapshots.push({
          ts_code: code,
          name: session.name,
          time: `${today} ${at}`,
          last: last.close,
          open: played[0]!.open,
          high: Math.max(...played.map((minute) => minute.high)),
          low: Math.min(...played.map((minute) => minute.low)),
          pre_close: session.preClose,
          volume: played.reduce((sum, minute) => sum + minute.vol, 0),
          amount: Math.round(played.reduce((sum, minute) => sum + minute.amount, 0) * 100) / 100,
          bids: [],
          asks: [],
          limit_up: null,
          limit_down: null,
          suspended: false,
        });
      }
      return snapshots;
    },
  };
}
