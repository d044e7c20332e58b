import { expect } from 'chai';
import type { Request } from 'express';
import { loadColumnarWriters } from '../../src/http/answers/columnarChunks';
import { RowsAnswer, type RowColumn } from '../../src/http/answers/rowsAnswer';
import { bytesOf, tableText } from '../../src/http/answers/tableWriter';
import { ok } from '../../src/http/envelope';
import type { ColumnType } from '../../src/domain/answers/columnTypes';

interface Row {
  code: string;
  name: string | null;
  close: number | null;
}

const COLUMNS: RowColumn<Row>[] = [
  ['symbol', (row) => row.code],
  ['name', (row) => row.name],
  ['close', (row) => row.close],
];

/** The columns' types as the contract gives them. */
const TYPES = new Map<string, ColumnType>([
  ['date', 'date'],
  ['symbol', 'string'],
  ['name', 'string'],
  ['close', 'float64'],
]);

/** Rows whose text needs care: quotes, commas, line breaks, leading spaces, Chinese, nulls, a non-finite number. */
const TRICKY: Row[] = [
  { code: '000001.SZ', name: '平安银行', close: 11.7 },
  { code: '000002.SZ', name: 'A "quoted", name', close: null },
  { code: '000003.SZ', name: ' padded\nline', close: 1e-7 },
  { code: '000004.SZ', name: null, close: Number.NaN },
];

/** The text of an answer in a format, joined, and the number of chunks it came in. */
function written(answer: RowsAnswer, format: 'json' | 'csv' | 'ndjson'): { text: string; chunks: number } {
  const chunks = [...answer.text(format).chunks];
  return { text: chunks.join(''), chunks: chunks.length };
}

/** The same rows as the objects an envelope would hold. */
const envelopeOf = (rows: Row[]) =>
  ok({ date: '2025-12-31', securities: rows.map((row) => ({ symbol: row.code, name: row.name, close: row.close })) });

describe('http/answers/rowsAnswer', () => {
  before(loadColumnarWriters);
  for (const [label, rows] of [
    ['tricky rows', TRICKY],
    [
      '1,201 rows (three chunks)',
      Array.from({ length: 1201 }, (_, i) => ({
        code: `${String(i).padStart(6, '0')}.SZ`,
        name: `n${i}`,
        close: i / 7,
      })),
    ],
  ] as const) {
    it(`${label}: the JSON is JSON.stringify's text of the envelope; CSV and NDJSON are the table writer's bytes of it`, () => {
      const answer = RowsAnswer.of({ date: '2025-12-31' }, 'securities', COLUMNS, rows);
      const json = written(answer, 'json');
      expect(json.text).to.equal(JSON.stringify(envelopeOf([...rows])));
      // The envelope's head and tail, and a chunk per 500 rows.
      expect(json.chunks).to.equal(Math.ceil(rows.length / 500) + 2);
      const req = { path: '/v1/market/cross-section', originalUrl: '/v1/market/cross-section' } as Request;
      for (const format of ['csv', 'ndjson', 'parquet', 'arrow'] as const) {
        const [fromRows, fromEnvelope] = [
          bytesOf(answer.text(format, TYPES).chunks),
          bytesOf(tableText(req, envelopeOf([...rows]), format, { columns: TYPES, emptyColumns: [] }).chunks),
        ];
        expect(fromRows.equals(fromEnvelope), format).to.equal(true);
      }
    });
  }

  it('media types: JSON with its charset, CSV and NDJSON', () => {
    const answer = RowsAnswer.of({}, 'rows', COLUMNS, TRICKY);
    expect((['json', 'csv', 'ndjson'] as const).map((format) => answer.text(format).headers)).to.deep.equal([
      { 'Content-Type': 'application/json; charset=utf-8' },
      { 'Content-Type': 'text/csv; charset=utf-8' },
      { 'Content-Type': 'application/x-ndjson; charset=utf-8' },
    ]);
  });
});
