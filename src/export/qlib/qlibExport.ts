import { join } from 'node:path';
import type { Knex } from 'knex';
import { allOpenDays } from '../../db/sessionCoverage';
import { unitsPerLotOf } from '../../domain/market/adjust';
import { intervalSpans, membershipSpans, type MemberSpan } from '../../domain/market/universe';
import { groupBy } from '../../domain/api/collections';
import {
  featureBytes,
  pitFiles,
  QLIB_FIELDS,
  qlibInstrument,
  qlibValues,
  relativeFactors,
  type QlibField,
  type QlibSourceBar,
} from '../../domain/qlib/qlibLayout';
import { appendValues, featureExtent, readIfAny, replaceFile } from './qlibFiles';
import {
  barSpan,
  barsFrom,
  constituentRows,
  industryMemberRows,
  pitChanges,
  pitRevisions,
  qlibSecurities,
  type QlibSecurity,
} from './qlibReads';

/** The index membership files, by qlib's market name: CSI's index code first, then the SZSE's copy of it. */
const INDEX_MARKETS = {
  csi300: ['000300.SH', '399300.SZ'],
  csi500: ['000905.SH', '399905.SZ'],
  csi1000: ['000852.SH', '399852.SZ'],
} as const;

/**
 * Securities read a query at a time: bounded memory whatever the history's length (the CLI runs in a heap of
 * 128 MB; 20 years of a security are about 4,900 rows).
 */
const CODES_A_READ = 8;

/** What the directory holds, kept beside it (`manifest.json`) so that the next run only appends. */
interface QlibManifest {
  format: 'qlib';
  version: 1;
  /** The calendar's first and last sessions. */
  first: string;
  last: string;
  /** The last publication day of a PIT version written. */
  pit_through: string | null;
  /** Per instrument: its first stored factor (the base), its last one, and its first and last bar days. */
  instruments: Record<string, { base: number | null; factor: number | null; first: string; last: string }>;
  fields: readonly string[];
}

export interface QlibExportOptions {
  out: string;
  /** Write again from this session on (a correction the update loaded); the manifest's next session by default. */
  rewriteFrom?: string | null;
  progress?(done: number, total: number): void;
}

export interface QlibExportSummary {
  sessions: number;
  instruments: number;
  /** Feature files written whole, appended to, and left as they were. */
  written: number;
  appended: number;
  unchanged: number;
  /** PIT fields written. */
  pit: number;
}

/**
 * The store as qlib's `provider_uri` (its `dump_bin.py` layout, src/domain/qlib/qlibLayout.ts): calendar,
 * instruments (delisted ones with their real spans, the CSI 300/500/1000 membership spans), each instrument's
 * daily features, and the PIT statements. A first run writes it all; a later one appends the sessions after the
 * manifest's last, writes again only what changed from `rewriteFrom`, and writes nothing when nothing did.
 * The calendar is written last: a qlib process reading meanwhile reads the sessions it lists, whole.
 */
export async function exportQlib(db: Knex, options: QlibExportOptions): Promise<QlibExportSummary> {
  const summary: QlibExportSummary = { sessions: 0, instruments: 0, written: 0, appended: 0, unchanged: 0, pit: 0 };
  const span = await barSpan(db);
  if (span === null) return summary;
  const sessions = (await allOpenDays(db)).filter((day) => day >= span.first && day <= span.last);
  const indexOf = new Map(sessions.map((day, i) => [day, i]));
  const previous = readManifest(options.out);
  // A new calendar start or a new field (each feature file from its first bar) is a directory written whole.
  const whole = previous === null || previous.first !== sessions[0] || previous.fields.join() !== QLIB_FIELDS.join();
  const manifest: QlibManifest = {
    format: 'qlib',
    version: 1,
    first: sessions[0]!,
    last: sessions.at(-1)!,
    pit_through: whole ? null : previous.pit_through,
    instruments: whole ? {} : { ...previous.instruments },
    fields: QLIB_FIELDS,
  };
  const from = whole ? sessions[0]! : firstToWrite(sessions, previous.last, options.rewriteFrom ?? null);
  const securities = await qlibSecurities(db);
  if (from !== null)
    for (let i = 0; i < securities.length; i += CODES_A_READ) {
      const chunk = securities.slice(i, i + CODES_A_READ);
      const bars = await barsFrom(db, chunk, from);
      for (const security of chunk) {
        const own = bars.get(security.ts_code);
        if (own !== undefined)
          writeFeatures(options.out, security, own, indexOf.get(from)!, indexOf, manifest, summary);
      }
      options.progress?.(Math.min(i + CODES_A_READ, securities.length), securities.length);
    }
  await writeInstruments(db, options.out, securities, manifest);
  summary.pit = await writePit(db, options.out, manifest);
  replaceFile(join(options.out, 'calendars', 'day.txt'), sessions.map((day) => `${day}\n`).join(''));
  replaceFile(join(options.out, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  return { ...summary, sessions: sessions.length, instruments: Object.keys(manifest.instruments).length };
}

const readManifest = (out: string): QlibManifest | null => {
  const bytes = readIfAny(join(out, 'manifest.json'));
  return bytes === null ? null : (JSON.parse(bytes.toString('utf8')) as QlibManifest);
};

/** The first session to write: the one after the last written, or an earlier one to write again; null: none. */
function firstToWrite(sessions: readonly string[], last: string, rewriteFrom: string | null): string | null {
  const next = sessions.find((day) => day > last) ?? null;
  if (rewriteFrom === null || rewriteFrom > last) return next;
  return sessions.find((day) => day >= rewriteFrom) ?? next;
}

/**
 * One security's feature files from its bars since `fromIndex`: appended where they end the session before,
 * written again (beside, then renamed) where the bars change what they hold, left alone where they do not.
 */
function writeFeatures(
  out: string,
  security: QlibSecurity,
  bars: readonly QlibSourceBar[],
  fromIndex: number,
  indexOf: ReadonlyMap<string, number>,
  manifest: QlibManifest,
  summary: QlibExportSummary,
): void {
  const instrument = qlibInstrument(security.ts_code);
  const known = manifest.instruments[instrument];
  const base = known?.base ?? bars.find((bar) => bar.adj_factor !== null)?.adj_factor ?? null;
  const factors = relativeFactors(bars, security.kind === 'index' ? null : base, known?.factor ?? null);
  const lot = unitsPerLotOf(security.kind);
  // Each field's values from the first bar read to the last, NaN on the sessions between without one.
  const first = indexOf.get(bars[0]!.trade_date)!;
  const lastIndex = indexOf.get(bars.at(-1)!.trade_date)!;
  const read = Object.fromEntries(
    QLIB_FIELDS.map((field) => [field, new Float32Array(lastIndex - first + 1).fill(NaN)]),
  ) as Record<QlibField, Float32Array>;
  bars.forEach((bar, i) => {
    const values = qlibValues(bar, factors[i]!, lot);
    const at = indexOf.get(bar.trade_date)! - first;
    for (const field of QLIB_FIELDS) read[field][at] = values[field];
  });
  for (const field of QLIB_FIELDS) {
    const path = join(out, 'features', instrument.toLowerCase(), `${field}.day.bin`);
    const extent = known === undefined ? null : featureExtent(path);
    const end = extent === null ? null : extent.start + extent.count - 1;
    // Appended after the file's last value, or written from the first session asked (the file's own start at most).
    const tail = extent === null ? first : Math.max(extent.start, Math.min(end! + 1, fromIndex));
    const values = new Float32Array(lastIndex - tail + 1).fill(NaN);
    values.set(read[field].subarray(Math.max(0, tail - first)), Math.max(0, first - tail));
    if (extent !== null && extent.whole && tail === end! + 1) {
      appendValues(path, Buffer.from(values.buffer));
      summary.appended++;
      continue;
    }
    const kept = extent === null ? null : readIfAny(path)!.subarray(0, 4 * (tail - extent.start + 1));
    const bytes = kept === null ? featureBytes(tail, values) : Buffer.concat([kept, Buffer.from(values.buffer)]);
    if (replaceFile(path, bytes)) summary.written++;
    else summary.unchanged++;
  }
  const lastFactor = [...bars].reverse().find((bar) => bar.adj_factor !== null)?.adj_factor ?? known?.factor ?? null;
  manifest.instruments[instrument] = {
    base,
    factor: lastFactor,
    first: known?.first ?? bars[0]!.trade_date,
    last: bars.at(-1)!.trade_date,
  };
}

/**
 * `instruments/all.txt` (every instrument, from its first bar to its last when delisted, else to the calendar's
 * end: a backtest is survivorship-free), the CSI index membership spans and each Shenwan level-1 industry's
 * (`sw_l1_<code>`), cut to the calendar's sessions.
 */
async function writeInstruments(
  db: Knex,
  out: string,
  securities: readonly QlibSecurity[],
  manifest: QlibManifest,
): Promise<void> {
  const delisted = new Set(securities.filter((security) => security.delisted).map((s) => qlibInstrument(s.ts_code)));
  const lines = Object.entries(manifest.instruments)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, { first, last }]) => `${name}\t${first}\t${delisted.has(name) ? last : manifest.last}\n`);
  replaceFile(join(out, 'instruments', 'all.txt'), lines.join(''));
  /** A market's membership spans as qlib's instruments file, cut to the calendar's first and last session. */
  const writeMarket = (market: string, spans: readonly MemberSpan[]) =>
    replaceFile(
      join(out, 'instruments', `${market}.txt`),
      spans
        .map(({ ts_code, from, until }) => ({
          name: qlibInstrument(ts_code),
          from: from < manifest.first ? manifest.first : from,
          until: until === null || until > manifest.last ? manifest.last : until,
        }))
        .filter(({ from, until }) => from <= until)
        .map(({ name, from, until }) => `${name}\t${from}\t${until}\n`)
        .join(''),
    );
  for (const [market, codes] of Object.entries(INDEX_MARKETS))
    writeMarket(market, membershipSpans(await constituentRows(db, codes)));
  // Each Shenwan level-1 industry's members as a market of its own: D.instruments('sw_l1_801120').
  for (const [l1Code, rows] of groupBy(await industryMemberRows(db), (row) => row.l1_code))
    writeMarket(`sw_l1_${l1Code.slice(0, 6)}`, intervalSpans(rows));
}

/** The PIT files of every security with a version published since the last run (all of them the first time). */
async function writePit(db: Knex, out: string, manifest: QlibManifest): Promise<number> {
  const { codes, through } = await pitChanges(db, manifest.pit_through);
  let written = 0;
  for (const code of codes) {
    const folder = join(out, 'financial', qlibInstrument(code).toLowerCase());
    for (const [field, revisions] of await pitRevisions(db, code)) {
      const { data, index } = pitFiles(revisions);
      // The data first: the index names its offsets.
      const changed = replaceFile(join(folder, `${field}_q.data`), data);
      if (replaceFile(join(folder, `${field}_q.index`), index) || changed) written++;
    }
  }
  manifest.pit_through = through;
  return written;
}
