import type { Db } from '../../db/connection';
import { exchangeToday } from '../../domain/clock';
import type { LiveMinuteBar } from '../../domain/liveBars';
import type { Snapshot } from '../../domain/quotes';
import { replayTimeOf } from '../../domain/replayClock';
import type { QuoteSource } from './quoteSources';

/** A stored minute bar of the session by its clock time (`HH:MM:SS`, the minute's end). */
type StoredMinute = Omit<LiveMinuteBar, 'ts_code' | 'trade_time'> & { clock: string };

interface ReplayedSecurity {
  name: string;
  preClose: number | null;
  minutes: StoredMinute[];
}

/** A security's latest stored session of minute bars, with its name and the close of the day before. */
async function storedSession(db: Db, tsCode: string): Promise<ReplayedSecurity | null> {
  const latest = await db('intraday_bars').where('ts_code', tsCode).max('trade_time as at').first();
  if (!latest?.at) return null;
  const day = String(latest.at).slice(0, 10);
  const rows = await db('intraday_bars').where('ts_code', tsCode).whereBetween('trade_time', [`${day} 00:00:00`, `${day} 23:59:59`]).orderBy('trade_time').select();
  const before = await db('daily_bars').where('ts_code', tsCode).where('trade_date', '<', day).orderBy('trade_date', 'desc').first('close');
  const security = await db('securities').where('ts_code', tsCode).first('name');
  return {
    name: security?.name ?? '',
    preClose: before ? Number(before.close) : null,
    minutes: rows.map((row) => ({ clock: String(row.trade_time).slice(11, 19), open: Number(row.open), high: Number(row.high), low: Number(row.low), close: Number(row.close), vol: Number(row.vol), amount: Number(row.amount) })),
  };
}

/**
 * The `replay` source: plays each security's latest stored session of minute bars as if live, today, from
 * the moment the feed starts, at `speed`× (QUOTE_REPLAY_SPEED): a snapshot carries the session so far (the
 * bars whose minute has ended by the replay's time: last price, the day's open, high, low, cumulative volume
 * and amount). Nothing is contacted: a newcomer sees quotes and the stream move after `make run`, and tests and
 * benches have a source that needs no server. The session is played once and then held at its close.
 */
export function replaySource(db: Db, { speed, clock = () => new Date() }: { speed: number; clock?: () => Date }): QuoteSource {
  const startedAt = clock().getTime();
  const sessions = new Map<string, Promise<ReplayedSecurity | null>>();
  const sessionOf = (code: string) => {
    if (!sessions.has(code)) sessions.set(code, storedSession(db, code));
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
          ts_code: code, name: session.name, time: `${today} ${at}`, last: last.close, open: played[0]!.open,
          high: Math.max(...played.map((minute) => minute.high)), low: Math.min(...played.map((minute) => minute.low)), pre_close: session.preClose,
          volume: played.reduce((sum, minute) => sum + minute.vol, 0), amount: Math.round(played.reduce((sum, minute) => sum + minute.amount, 0) * 100) / 100,
          bids: [], asks: [], limit_up: null, limit_down: null, suspended: false,
        });
      }
      return snapshots;
    },
  };
}
