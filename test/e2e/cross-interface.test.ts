import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { TUSHARE_APIS } from '../../src/catalogue/apiCatalogue';
import { DataVersions } from '../../src/db/dataVersions';
import { storedDay } from '../../src/db/sql';
import type { DatasetDescriptor } from '../../src/domain/tables/datasetDescriptor';
import { DATASET_DESCRIPTORS } from '../../src/domain/tables/datasetDescriptors';
import type { FieldSource } from '../../src/domain/tables/tushareApi';
import { toTushareDate, toTushareUnits } from '../../src/domain/tables/tushareUnits';
import { TradingCalendar } from '../../src/modules/common/tradingCalendar.service';
import { FLAT_DATASETS, writeFlatFiles } from '../../src/modules/tushare/flatFiles.service';
import { exportQlib } from '../../src/export/qlib/qlibExport';
import { qlibInstrument } from '../../src/domain/qlib/qlibLayout';
import { ColumnarReader } from '../support/columnarReader';
import { operations } from '../support/contract';
import { dataapi } from '../support/dataapi';
import { useDemoServer } from '../support/demoServer';
import { mcpClient, textOf } from '../support/mcpClient';

type Row = Record<string, unknown>;
type Route = NonNullable<DatasetDescriptor['route']>;

/** The column a route's window (`begin_date`, `end_date`) reads: a session's day, or an announced route's own. */
const windowColumn = (route: Route) => (route.by === 'session' ? 'trade_date' : route.date);

/** A stored column's name on a /v1 route: the code is `symbol`, the window's column the route's own name. */
function wireName(route: Route, column: string): string {
  if (column === 'ts_code') return 'symbol';
  if (column === windowColumn(route)) return route.by === 'session' ? 'date' : route.wire;
  return column;
}

/** A stored value as /v1 answers it: numbers as numbers, days as `YYYY-MM-DD`. */
function v1Value(source: FieldSource, stored: unknown): unknown {
  if (stored === null || stored === undefined) return null;
  if (source.kind === 'number' || source.kind === 'integer') return Number(stored);
  if (source.kind === 'date') return storedDay(stored);
  return stored;
}

/** A stored value as /dataapi and the flat files answer it: Tushare's units, days as `YYYYMMDD`. */
function tushareValue(source: FieldSource, stored: unknown): unknown {
  if (stored === null || stored === undefined) return null;
  if (source.kind === 'number') return toTushareUnits(Number(stored), source.power);
  if (source.kind === 'integer') return Number(stored);
  if (source.kind === 'date') return toTushareDate(storedDay(stored));
  return stored;
}

/** The fields of an api read from its own table, by field name. */
const tableFields = (api: string) =>
  Object.entries(TUSHARE_APIS[api]!.fields).filter(([, source]) => source.from === 'table');

/** A dataset's stored columns as field sources: what /v1 serves of them. */
const layoutFields = (descriptor: DatasetDescriptor): Array<[string, FieldSource]> =>
  Object.entries(descriptor.columns).map(([column, layout]) => [column, { from: 'table', column, ...layout }]);

/** /dataapi's parameters that pick out a stored row: its code, its days and its text keys, as Tushare takes them. */
function dataapiParams(api: string, row: Row): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, filter] of Object.entries(TUSHARE_APIS[api]!.params)) {
    const value = row[filter.column];
    if (filter.ofSecurity || value === null || value === undefined) continue;
    if (filter.kind === 'date') params[name] = toTushareDate(storedDay(value))!;
    else if (filter.op === 'in' || filter.op === 'eq') params[name] = String(value);
  }
  return params;
}

/**
 * One fact, one answer: for every dataset of the catalogue, its newest row of the demo store reads the same,
 * field by field (codes, names, values in each interface's units, nulls), on /dataapi, /v1, MCP and the flat
 * files. A dataset the catalogue gains joins without a new test; one without a row in the demo store fails
 * here. The forms of /v1 (CSV, NDJSON, Parquet, Arrow) are held equal to its JSON for every operation by
 * test/api/formats.test.ts and columnar-formats.test.ts.
 */
describe('e2e: each dataset of the catalogue reads the same on every interface (demo store)', function () {
  this.timeout(120_000);
  const demo = useDemoServer();
  const reader = ColumnarReader.open();
  after(async () => (await reader).close());

  /** /dataapi: the row in Tushare's fields and units; returns them. */
  async function onDataapi(descriptor: DatasetDescriptor, stored: Row, key: string[]): Promise<Row> {
    const fields = tableFields(descriptor.api);
    const expected = Object.fromEntries(
      fields.map(([name, source]) => [name, tushareValue(source, stored[source.column])]),
    );
    const answer = await dataapi(demo.server.baseUrl, demo.key, descriptor.api, dataapiParams(descriptor.api, stored));
    expect(answer.code, answer.msg).to.equal(0);
    const items = answer.data.items.map((item) => Object.fromEntries(answer.data.fields.map((f, i) => [f, item[i]])));
    const found = items.find((item) => key.every((column) => item[column] === expected[column]));
    expect(found, `${descriptor.api} row ${JSON.stringify(expected)} on /dataapi`).to.not.equal(undefined);
    expect(Object.fromEntries(fields.map(([name]) => [name, found![name]]))).to.deep.equal(expected);
    return expected;
  }

  /** /v1: the row in the store's units under the route's names, the security's name beside its code; then MCP. */
  async function onV1(descriptor: DatasetDescriptor, route: Route, stored: Row, key: string[]): Promise<void> {
    const path = operations().find((op) => op.operationId === route.operationId)!.path;
    const day = storedDay(stored[windowColumn(route)])!;
    const query = new URLSearchParams({
      ...(stored.ts_code === undefined ? {} : { symbol: String(stored.ts_code) }),
      begin_date: day,
      end_date: day,
    });
    const get = (suffix = '') =>
      fetch(`${demo.server.baseUrl}${path}?${query}${suffix}`, { headers: { 'X-API-KEY': demo.key } });
    const response = await get();
    expect(response.status, await response.clone().text()).to.equal(200);
    const rows = ((await response.json()) as { data: Row[] }).data;
    const expected = Object.fromEntries(
      layoutFields(descriptor).map(([column, source]) => [wireName(route, column), v1Value(source, stored[column])]),
    );
    const served = rows.find((row) =>
      key.every((column) => row[wireName(route, column)] === expected[wireName(route, column)]),
    );
    expect(served, `${descriptor.api} row on ${path}`).to.not.equal(undefined);
    expect(Object.fromEntries(Object.keys(expected).map((name) => [name, served![name]]))).to.deep.equal(expected);
    if (stored.ts_code !== undefined) expect(served!.name).to.be.a('string');

    // MCP: the dataset's tool answers the route's rows as its CSV.
    const client = await mcpClient(demo.server.baseUrl, demo.key);
    try {
      const dataset = datasetOf(route);
      const tool = (await client.listTools()).tools.find((one) =>
        ((one.inputSchema.properties?.dataset as { enum?: string[] } | undefined)?.enum ?? []).includes(dataset),
      );
      const text = textOf(
        await client.callTool({ name: tool!.name, arguments: { dataset, ...Object.fromEntries(query) } }),
      );
      const csvRows = (csv: string) => Papa.parse<Row>(csv.trim(), { header: true }).data;
      expect(csvRows(text.split('\n{')[0]!)).to.deep.equal(csvRows(await (await get('&format=csv')).text()));
    } finally {
      await client.close();
    }
  }

  /** The rows of an api's day in its flat file (its year's, month's or own), as DuckDB reads them. */
  async function flatFile(api: string, day: string) {
    const { db } = demo.testDb;
    const out = mkdtempSync(join(tmpdir(), 'ashare-cross-'));
    try {
      const calendar = new TradingCalendar(db, new DataVersions(db, 0));
      await writeFlatFiles(db, calendar, { out, datasets: [api], since: day, until: day });
      const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
        files: Array<{ path: string }>;
      };
      const table = await (await reader).parquet(readFileSync(join(out, manifest.files[0]!.path)));
      // A snapshot (a reference table's every row) has no day to keep.
      const dayOf = (row: Row) => row.trade_date ?? row.ann_date;
      return { ...table, rows: table.rows.filter((row) => dayOf(row) === undefined || dayOf(row) === day) };
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }

  /** The flat files: the day's rows in its file hold the /dataapi row. */
  async function inFlatFile(descriptor: DatasetDescriptor, stored: Row, key: string[], expected: Row): Promise<void> {
    const day = storedDay(stored.trade_date ?? stored.ann_date)!;
    const table = await flatFile(descriptor.api, day);
    const typeOf = new Map(table.columns.map((column) => [column.name, column.type]));
    const value = (row: Row, name: string) => fileValue(row[name], typeOf.get(name)!);
    const kept = Object.keys(expected).filter((name) => typeOf.has(name));
    const found = table.rows.find((row) =>
      key.every((column) => !typeOf.has(column) || value(row, column) === expected[column]),
    );
    expect(found, `${descriptor.api} row in the flat file of ${day}`).to.not.equal(undefined);
    expect(Object.fromEntries(kept.map((name) => [name, value(found!, name)]))).to.deep.equal(
      Object.fromEntries(kept.map((name) => [name, expected[name]])),
    );
  }

  /**
   * A day's bar of each kind of security, and across a code change and a delisting: the same on /v1's series
   * and cross-section (the store's units), /dataapi and the flat files (Tushare's), MCP (the series' CSV) and
   * qlib (the close × its factor, float32). Prices are the same number in both units.
   */
  const BAR_SAMPLES: Array<{ what: string; symbol: string; day?: string; kind: string; api: string }> = [
    { what: 'a stock', symbol: '000001.SZ', kind: 'stock', api: 'daily' },
    { what: 'an index', symbol: '000300.SH', kind: 'index', api: 'index_daily' },
    { what: 'an ETF', symbol: '510300.SH', kind: 'etf', api: 'fund_daily' },
    { what: 'a convertible', symbol: '127999.SZ', kind: 'convertible', api: 'cb_daily' },
    {
      what: 'a Beijing stock before its code change (430017.BJ)',
      symbol: '920017.BJ',
      day: '2025-04-03',
      kind: 'stock',
      api: 'daily',
    },
    { what: 'a stock delisted since', symbol: '000584.SZ', day: '2025-04-03', kind: 'stock', api: 'daily' },
  ];
  const PRICES = ['open', 'high', 'low', 'close', 'pre_close'] as const;
  /** The demo store's qlib export, written once for the samples (by the first that reads it). */
  const qlibOut = join(tmpdir(), `ashare-qlib-${process.pid}-${Date.now()}`);
  let qlibWritten: Promise<unknown> | undefined;
  after(() => rmSync(qlibOut, { recursive: true, force: true }));
  const CROSS_SECTIONS: Record<string, string> = {
    stock: '/v1/market/cross-section?kind=stock&adjusted=false&',
    index: '/v1/market/cross-section?kind=index&adjusted=false&',
    etf: '/v1/fund/cross-section?',
    convertible: '/v1/convertible/cross-section?',
  };

  for (const sample of BAR_SAMPLES) {
    it(`daily bars of ${sample.what} (${sample.symbol}): /v1's series and cross-section, /dataapi, MCP, flat files, qlib`, async () => {
      const { db } = demo.testDb;
      const headers = { 'X-API-KEY': demo.key };
      const day =
        sample.day ??
        storedDay((await db('daily_bars').where('ts_code', sample.symbol).max({ day: 'trade_date' }).first())!.day)!;
      const window = `symbol=${sample.symbol}&begin_date=${day}&end_date=${day}&adjusted=false`;
      const series = (await (await fetch(`${demo.server.baseUrl}/v1/market/daily?${window}`, { headers })).json()) as {
        data: { symbol: string; name: string; daily: Row[] };
      };
      const [bar] = series.data.daily;
      expect(series.data.symbol).to.equal(sample.symbol);
      expect(bar, `${sample.symbol} on ${day}`).to.include({ date: day });

      const section = (await (
        await fetch(`${demo.server.baseUrl}${CROSS_SECTIONS[sample.kind]}date=${day}`, { headers })
      ).json()) as { data: Record<string, unknown> };
      const entries = Object.values(section.data).find(Array.isArray) as Row[];
      const row = entries.find((entry) => entry.symbol === sample.symbol);
      expect(row, `${sample.symbol} in the cross-section of ${day}`).to.not.equal(undefined);
      const shared = ['open', 'high', 'low', 'close', 'pre_close', 'volume', 'amount'].filter((field) => field in row!);
      expect(Object.fromEntries(shared.map((field) => [field, row![field]]))).to.deep.equal(
        Object.fromEntries(shared.map((field) => [field, bar![field]])),
      );
      if ('name' in row!) expect(row.name).to.equal(series.data.name);

      const answer = await dataapi(demo.server.baseUrl, demo.key, sample.api, {
        ts_code: sample.symbol,
        trade_date: day.replaceAll('-', ''),
      });
      expect(answer.code, answer.msg).to.equal(0);
      const wire = Object.fromEntries(answer.data.fields.map((field, i) => [field, answer.data.items[0]?.[i]]));
      expect(Object.fromEntries(PRICES.map((field) => [field, wire[field]]))).to.deep.equal(
        Object.fromEntries(PRICES.map((field) => [field, bar![field]])),
      );

      const client = await mcpClient(demo.server.baseUrl, demo.key);
      try {
        const args = { symbol: sample.symbol, begin_date: day, end_date: day, adjusted: false };
        const text = textOf(await client.callTool({ name: 'get_daily', arguments: args }));
        const csv = await (
          await fetch(`${demo.server.baseUrl}/v1/market/daily?${window}&format=csv`, { headers })
        ).text();
        // The tool's CSV names the series once (`# symbol=…`), then its rows: the same rows as the route's CSV.
        const csvRows = (body: string) =>
          Papa.parse<Row>(
            body
              .split('\n')
              .filter((line) => !line.startsWith('#') && !line.startsWith('{'))
              .join('\n')
              .trim(),
            {
              header: true,
            },
          ).data;
        const [viaTool, viaRoute] = [csvRows(text), csvRows(csv)];
        expect(viaTool).to.have.length(viaRoute.length);
        expect(
          viaRoute.map((one, i) => Object.fromEntries(Object.keys(viaTool[i]!).map((key) => [key, one[key]]))),
        ).to.deep.equal(viaTool);
        expect(text).to.include(`# symbol=${sample.symbol}`);
      } finally {
        await client.close();
      }

      if (FLAT_DATASETS.includes(sample.api)) {
        const table = await flatFile(sample.api, day);
        const fileRow = table.rows.find((one) => one.ts_code === sample.symbol);
        expect(fileRow, `${sample.symbol} in the flat file of ${day}`).to.not.equal(undefined);
        const fields = answer.data.fields.filter((field) => field in fileRow! && field !== 'trade_date');
        expect(Object.fromEntries(fields.map((field) => [field, fileRow![field]]))).to.deep.equal(
          Object.fromEntries(fields.map((field) => [field, wire[field]])),
        );
      }
      if (sample.kind === 'convertible') return; // not a qlib instrument (stocks, ETFs and indices are)
      await (qlibWritten ??= exportQlib(db, { out: qlibOut }));
      const calendarDays = readFileSync(join(qlibOut, 'calendars', 'day.txt'), 'utf8')
        .trim()
        .split('\n');
      const features = join(qlibOut, 'features', qlibInstrument(sample.symbol).toLowerCase());
      const floats = (field: string) =>
        new Float32Array(new Uint8Array(readFileSync(join(features, `${field}.day.bin`))).buffer);
      const [close, factor] = [floats('close'), floats('factor')];
      const at = calendarDays.indexOf(day) - close[0]! + 1;
      // The file holds close × the factor rounded once to float32; the factor file holds the factor rounded
      // itself, so the product of the two read back may be one float32 step off (a day's factor such as 1.0853…).
      const expected = Number(bar!.close) * factor[at]!;
      expect(Math.abs(close[at]! - expected)).to.be.at.most(Math.abs(expected) * 2 ** -23);
    });
  }

  for (const descriptor of DATASET_DESCRIPTORS) {
    it(`${descriptor.api}: the demo's newest row on /dataapi, /v1, MCP and the flat files`, async () => {
      const route = descriptor.route;
      const order = route ? windowColumn(route) : descriptor.key.find((column) => column.endsWith('date'))!;
      const stored = (await demo.testDb
        .db(descriptor.table)
        .orderBy(order, 'desc')
        .orderBy(descriptor.key[0]!)
        .first()) as Row | undefined;
      expect(stored, `no row of ${descriptor.table} in the demo store`).to.not.equal(undefined);
      const key = [...descriptor.key];
      const expected = descriptor.tushare ? await onDataapi(descriptor, stored!, key) : null;
      if (route) await onV1(descriptor, route, stored!, key);
      if (expected !== null && FLAT_DATASETS.includes(descriptor.api))
        await inFlatFile(descriptor, stored!, key, expected);
    });
  }
});

/** A route's dataset name in its MCP tool group: its tool's name without `get_` (getMoneyFlow → money_flow). */
const datasetOf = (route: Route) =>
  route.operationId
    .replace(/^get/, '')
    .replace(/[A-Z]/g, (letter, at: number) => `${at === 0 ? '' : '_'}${letter.toLowerCase()}`);

/** A value as DuckDB gives it back, in Tushare's form: a DATE as `YYYYMMDD`, a BIGINT as a number. */
function fileValue(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'DATE') return String(value).replaceAll('-', '');
  if (type === 'BIGINT' || type === 'INTEGER') return Number(value);
  return value;
}
