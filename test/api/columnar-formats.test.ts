import { expect } from 'chai';
import { tableParts, tableRows, columnsOf } from '../../src/domain/answers/flatRows';
import { answerColumnType } from '../../src/domain/answers/columnTypes';
import { operationPolicies } from '../../src/http/operations';
import { asJsonValue, ColumnarReader, DUCKDB_TYPES, type ReadTable } from '../support/columnarReader';
import { contract, operations } from '../support/contract';
import { EMPTY_REQUESTS, SAMPLE_REQUESTS as REQUESTS } from '../support/sampleRequests';
import { useSharedFixture } from '../support/fixture';

const POLICIES = new Map(operationPolicies(contract).map((policy) => [policy.operationId, policy]));
const COLUMN_TYPES = new Map([...POLICIES].map(([operationId, policy]) => [operationId, policy.columns]));

/** A read table's rows in the JSON rows' form, each column by its type and the JSON's value of it. */
const asJsonRows = ({ columns, rows }: ReadTable, json: ReadonlyArray<Record<string, unknown>>) =>
  rows.map((row, i) =>
    Object.fromEntries(columns.map(({ name, type }) => [name, asJsonValue(row[name], type, json[i]?.[name])])),
  );

describe('formats: every table route answers Parquet and Arrow, read back by DuckDB and arrow-rs equal to its JSON', () => {
  const api = useSharedFixture();
  let reader: ColumnarReader;
  before(async () => {
    reader = await ColumnarReader.open();
  });
  after(() => reader.close());

  it('the contract gives every operation with a CSV answer a Parquet and an Arrow answer too', () => {
    const tables = operations().filter((op) => op.responses['200']?.content?.['text/csv']);
    for (const op of tables)
      expect(Object.keys(op.responses['200']!.content!), op.operationId).to.include.members([
        'application/vnd.apache.parquet',
        'application/vnd.apache.arrow.stream',
      ]);
    expect(Object.keys(REQUESTS).sort()).to.deep.equal(tables.map((op) => op.operationId).sort());
  });

  for (const [operationId, path] of Object.entries(REQUESTS)) {
    it(`${operationId}: format=parquet and Accept: Arrow give the JSON rows, typed by the contract`, async () => {
      const json = await api.get(path);
      expect(json.status, JSON.stringify(json.body)).to.equal(200);
      const rows = [...tableRows(json.body.data)];
      const columns = columnsOf(rows);
      const expected = rows.map((row) => Object.fromEntries(columns.map((column) => [column, row[column] ?? null])));
      const types = COLUMN_TYPES.get(operationId as never)!;

      const parquet = await fetch(`${api.baseUrl}${path}&format=parquet`, { headers: { 'X-API-KEY': api.key } });
      expect(parquet.headers.get('content-type')).to.equal('application/vnd.apache.parquet');
      const arrow = await fetch(api.baseUrl + path, {
        headers: { 'X-API-KEY': api.key, Accept: 'application/vnd.apache.arrow.stream' },
      });
      expect(arrow.headers.get('content-type')).to.equal('application/vnd.apache.arrow.stream');

      for (const table of [
        await reader.parquet(new Uint8Array(await parquet.arrayBuffer())),
        await reader.arrow(new Uint8Array(await arrow.arrayBuffer())),
      ]) {
        expect(table.columns.map(({ name }) => name)).to.deep.equal(columns);
        // Each column of the type the contract gives it.
        expect(table.columns).to.deep.equal(
          columns.map((name) => ({
            name,
            type: DUCKDB_TYPES[answerColumnType(types.get(name), () => expected[0]?.[name])],
          })),
        );
        expect(asJsonRows(table, expected)).to.deep.equal(expected);
        if (json.body.pagination !== undefined)
          expect(JSON.parse(table.metadata.pagination!)).to.deep.equal(json.body.pagination);
        if (typeof json.body.cursor === 'string') expect(table.metadata.next_cursor).to.equal(json.body.cursor);
      }
    });
  }

  for (const [operationId, path] of Object.entries(EMPTY_REQUESTS)) {
    it(`${operationId} without rows: CSV, Parquet and Arrow still carry the contract's columns and types`, async () => {
      const json = await api.get(path);
      expect(json.status, JSON.stringify(json.body)).to.equal(200);
      expect([...tableParts(json.body.data)]).to.deep.equal([]);
      const { columns: types, emptyColumns } = POLICIES.get(operationId as never)!;
      expect(emptyColumns.length).to.be.greaterThan(0);
      const get = (format: string) =>
        fetch(`${api.baseUrl}${path}&format=${format}`, { headers: { 'X-API-KEY': api.key } });
      expect(await (await get('csv')).text()).to.equal(`${emptyColumns.join(',')}\n`);
      for (const table of [
        await reader.parquet(new Uint8Array(await (await get('parquet')).arrayBuffer())),
        await reader.arrow(new Uint8Array(await (await get('arrow')).arrayBuffer())),
      ]) {
        expect(table.rows).to.deep.equal([]);
        expect(table.columns).to.deep.equal(
          emptyColumns.map((name) => ({ name, type: DUCKDB_TYPES[types.get(name)!] })),
        );
      }
    });
  }

  it("klines' time: a DATE for daily to yearly bars, a TIMESTAMP WITH TIME ZONE (Beijing wall time) for minute bars", async () => {
    for (const [interval, type] of [
      ['weekly', 'DATE'],
      ['60m', 'TIMESTAMP WITH TIME ZONE'],
    ] as const) {
      const path = `/v1/market/klines?symbol=000001&interval=${interval}`;
      const json = await api.get<'getKlines'>(path);
      const times = json.body.data.klines.map((bar) => bar.time);
      expect(times.length, interval).to.be.greaterThan(0);
      for (const format of ['parquet', 'arrow']) {
        const answer = await fetch(`${api.baseUrl}${path}&format=${format}`, { headers: { 'X-API-KEY': api.key } });
        const table = await reader[format as 'parquet' | 'arrow'](new Uint8Array(await answer.arrayBuffer()));
        expect(
          table.columns.find(({ name }) => name === 'time'),
          `${interval} ${format}`,
        ).to.deep.equal({ name: 'time', type });
        expect(table.rows.map((row) => asJsonValue(row.time, type, times[0]))).to.deep.equal(times);
      }
    }
  });

  it('the daily series: dates as DATE, prices DOUBLE, volume BIGINT, the adjustment anchor in the metadata', async () => {
    const path = '/v1/market/daily?symbol=000001&begin_date=2024-12-30&end_date=2024-12-31&fields=date,close,volume';
    const json = await api.get(path);
    const parquet = await fetch(`${api.baseUrl}${path}&format=parquet`, { headers: { 'X-API-KEY': api.key } });
    const table = await reader.parquet(new Uint8Array(await parquet.arrayBuffer()));
    expect(table.columns).to.deep.equal([
      { name: 'symbol', type: 'VARCHAR' },
      { name: 'name', type: 'VARCHAR' },
      { name: 'adj_anchor_date', type: 'DATE' },
      { name: 'date', type: 'DATE' },
      { name: 'close', type: 'DOUBLE' },
      { name: 'volume', type: 'BIGINT' },
    ]);
    const series = json.body.data;
    const facts = { symbol: '000001.SZ', name: series.name, adj_anchor_date: series.adj_anchor_date };
    expect(table.metadata).to.deep.equal({ ...facts, time_zone: 'Asia/Shanghai' });
    expect(table.rows.map(({ date, close, volume }) => ({ date, close, volume: Number(volume) }))).to.deep.equal(
      series.daily,
    );
    const arrow = await fetch(`${api.baseUrl}${path}&format=arrow`, { headers: { 'X-API-KEY': api.key } });
    expect((await reader.arrow(new Uint8Array(await arrow.arrayBuffer()))).metadata).to.deep.equal(facts);
    // The answer cache holds each form under its own ETag: a repeat with it is a 304.
    const tags = [parquet, arrow].map((answer) => answer.headers.get('etag')!);
    expect(new Set([...tags, json.headers.get('etag')]).size).to.equal(3);
    const again = await fetch(`${api.baseUrl}${path}&format=parquet`, {
      headers: { 'X-API-KEY': api.key, 'If-None-Match': tags[0]! },
    });
    expect(again.status).to.equal(304);
  });
});
