import { expect } from 'chai';
import Papa from 'papaparse';
import { tableRows, type FlatRow } from '../../src/domain/answers/flatRows';
import { operations, resolve, type Schema } from '../support/contract';
import { SAMPLE_REQUESTS as REQUESTS } from '../support/sampleRequests';
import { useSharedFixture } from '../support/fixture';

/** A row as CSV writes it: every column as text, nulls and missing values empty, booleans and numbers as JSON writes them. */
const asCsvText = (row: FlatRow, columns: string[]) =>
  Object.fromEntries(
    columns.map((column) => [column, row[column] === null || row[column] === undefined ? '' : String(row[column])]),
  );

/** Whether an operation's JSON answer is a page (`pagination`) or a cursor page (`cursor`), by its contract schema. */
function answerShape(operationId: string): { pagination: boolean; cursor: boolean } {
  const op = operations().find((candidate) => candidate.operationId === operationId)!;
  const schema = resolve<Schema>(op.responses['200']!.content!['application/json']!.schema);
  return { pagination: 'pagination' in (schema.properties ?? {}), cursor: 'cursor' in (schema.properties ?? {}) };
}

describe('formats: every /v1 data route answers CSV and NDJSON rows equal to its JSON', () => {
  const api = useSharedFixture();

  it('has a request here for every operation the contract gives a text/csv answer', () => {
    const withTables = operations()
      .filter((op) => op.responses['200']?.content?.['text/csv'])
      .map((op) => op.operationId);
    expect(Object.keys(REQUESTS).sort()).to.deep.equal(withTables.sort());
  });

  for (const [operationId, path] of Object.entries(REQUESTS)) {
    it(`${operationId}: format=csv, format=ndjson and the Accept header give the JSON answer's rows`, async () => {
      const json = await api.get(path);
      expect(json.status, JSON.stringify(json.body)).to.equal(200);
      const rows = [...tableRows(json.body.data)];
      expect(rows.length).to.be.greaterThan(0);

      const csv = await fetch(`${api.baseUrl}${path}&format=csv`, { headers: { 'X-API-KEY': api.key } });
      expect(csv.status).to.equal(200);
      expect(csv.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
      const parsed = Papa.parse<Record<string, string>>(await csv.text(), { header: true, skipEmptyLines: true });
      const columns = parsed.meta.fields!;
      expect(parsed.data).to.deep.equal(rows.map((row) => asCsvText(row, columns)));

      const ndjson = await fetch(api.baseUrl + path, {
        headers: { 'X-API-KEY': api.key, Accept: 'application/x-ndjson' },
      });
      expect(ndjson.headers.get('content-type')).to.equal('application/x-ndjson; charset=utf-8');
      const lines = (await ndjson.text())
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines).to.deep.equal(rows);

      // Paged and cursor answers (by their contract schema) carry their paging in headers; others none.
      const { pagination, cursor } = answerShape(operationId);
      expect(csv.headers.get('x-total-items')).to.equal(pagination ? String(json.body.pagination.total_items) : null);
      expect(ndjson.headers.get('x-next-cursor')).to.equal(cursor ? json.body.cursor : null);
      if (cursor) expect(json.body.cursor, 'the sample asks for a first page of several').to.be.a('string');
    });
  }

  it('a daily CSV is one row per bar with the symbol and name repeated, whole, a symbol without bars giving none', async () => {
    const csv = await fetch(
      `${api.baseUrl}/v1/market/daily?symbol=000001,600000&begin_date=2024-12-30&end_date=2024-12-31&adjusted=false&fields=date,close,adj_factor&format=csv`,
      {
        headers: { 'X-API-KEY': api.key },
      },
    );
    expect(await csv.text()).to.equal(
      await (
        await fetch(
          `${api.baseUrl}/v1/market/daily?symbol=000001,600000&begin_date=2024-12-30&end_date=2024-12-31&adjusted=false&fields=date,close,adj_factor`,
          {
            headers: { 'X-API-KEY': api.key },
          },
        )
      )
        .json()
        .then((body) =>
          [
            'symbol,name,adj_anchor_date,date,close,adj_factor',
            ...body.data.flatMap(
              (series: {
                symbol: string;
                name: string;
                adj_anchor_date: string;
                daily: Array<{ date: string; close: number; adj_factor: number }>;
              }) =>
                series.daily.map((bar) =>
                  [series.symbol, series.name, series.adj_anchor_date, bar.date, bar.close, bar.adj_factor].join(','),
                ),
            ),
            '',
          ].join('\n'),
        ),
    );
  });

  it('pagination goes to X-Total-Items and Link; ETags differ by form and each answers 304', async () => {
    const csv = await fetch(`${api.baseUrl}/v1/stock/list?date=2018-06-01&exchange=SZSE&limit=5&page=2&format=csv`, {
      headers: { 'X-API-KEY': api.key },
    });
    const link = csv.headers.get('link')!;
    expect(link).to.match(
      /^<\/v1\/stock\/list\?[^>]*page=3[^>]*>; rel="next", <\/v1\/stock\/list\?[^>]*page=1[^>]*>; rel="prev"$/,
    );
    expect(link).to.include('format=csv').and.not.include('api_key');
    const daily = '/v1/market/daily?symbol=000001&begin_date=2024-12-01&end_date=2024-12-31';
    const json = await api.get(daily);
    const first = await fetch(`${api.baseUrl}${daily}&format=csv`, { headers: { 'X-API-KEY': api.key } });
    const csvTag = first.headers.get('etag')!;
    expect(csvTag).to.be.a('string').and.not.equal(json.headers.get('etag'));
    const again = await fetch(`${api.baseUrl}${daily}&format=csv`, {
      headers: { 'X-API-KEY': api.key, 'If-None-Match': csvTag },
    });
    expect(again.status).to.equal(304);
  });

  it('errors stay JSON envelopes with their status; an unknown format is a 400', async () => {
    const missing = await fetch(`${api.baseUrl}/v1/market/daily?symbol=999999&format=csv`, {
      headers: { 'X-API-KEY': api.key },
    });
    expect(missing.headers.get('content-type')).to.match(/^application\/json/);
    expect(await missing.json()).to.include({ error: 'invalid_symbol' });
    // Even when the same request's JSON answer is stored (the warm path answers before validation).
    expect((await api.get('/v1/market/daily?symbol=000001')).status).to.equal(200);
    const unknown = await api.get('/v1/market/daily?symbol=000001&format=xlsx');
    expect([unknown.status, unknown.body.error]).to.deep.equal([400, 'invalid_parameter']);
  });
});
