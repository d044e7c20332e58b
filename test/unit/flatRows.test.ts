import { expect } from 'chai';
import {
  agentCsvLines,
  columnsOf,
  csvLine,
  csvLines,
  csvRows,
  flatRows,
  tableRows,
  type FlatRow,
} from '../../src/domain/answers/flatRows';
import type { Json } from '../../src/domain/answers/toolResults';

describe('domain/flatRows: answers as flat rows and CSV lines', () => {
  it('writes a list of series as one row per bar, the series fields repeated on each', () => {
    const data: Json = [
      {
        symbol: '600519.SH',
        name: '贵州茅台',
        daily: [
          { date: '2024-06-14', close: 1500.5 },
          { date: '2024-06-13', close: 1490, volume: 10 },
        ],
      },
      { symbol: '000001.SZ', name: '平安银行', daily: [] },
    ];
    expect(flatRows(data)).to.deep.equal([
      { symbol: '600519.SH', name: '贵州茅台', date: '2024-06-14', close: 1500.5 },
      { symbol: '600519.SH', name: '贵州茅台', date: '2024-06-13', close: 1490, volume: 10 },
      { symbol: '000001.SZ', name: '平安银行', daily: '[]' },
    ]);
  });

  it('gives a table answer the same rows, except that a series without bars gives none', () => {
    const data: Json = [
      { symbol: '000001.SZ', name: '平安银行', daily: [] },
      { symbol: '600519.SH', name: '贵州茅台', daily: [{ date: '2024-06-14', close: 1500.5 }] },
    ];
    expect([...tableRows(data)]).to.deep.equal([
      { symbol: '600519.SH', name: '贵州茅台', date: '2024-06-14', close: 1500.5 },
    ]);
  });

  it('writes one record as one row, nested objects and scalar lists as JSON text, and scalars as a value column', () => {
    expect(flatRows({ symbol: '600519.SH', profile: { city: '遵义' }, tags: ['a'] })).to.deep.equal([
      { symbol: '600519.SH', profile: '{"city":"遵义"}', tags: '["a"]' },
    ]);
    expect(flatRows(['2024-06-14', '2024-06-13'])).to.deep.equal([{ value: '2024-06-14' }, { value: '2024-06-13' }]);
    expect(flatRows(42)).to.deep.equal([{ value: 42 }]);
  });

  it('gives CSV lines with the columns in first-seen order, nulls and missing values empty, quoting where needed', () => {
    const rows: FlatRow[] = [
      { a: 1.5, b: null },
      { a: 'x,y', c: true },
    ];
    expect(columnsOf(rows)).to.deep.equal(['a', 'b', 'c']);
    expect(csvLines(rows)).to.deep.equal(['a,b,c', '1.5,,', '"x,y",,true']);
    expect(csvLines([{ title: 'line one\nline two' }])).to.deep.equal(['title', '"line one\nline two"']);
  });

  it('writes a number as JavaScript does, shortest round trip, and one that is not finite empty, as JSON makes it null', () => {
    const numbers = [0.1 + 0.2, 12.34, -0.5, 1e21, 5e-7, 123456789012, 0];
    expect(csvLines(numbers.map((n) => ({ n }))).slice(1)).to.deep.equal(numbers.map(String));
    expect(csvLines([{ a: Number.NaN, b: Number.POSITIVE_INFINITY, c: 1 }])).to.deep.equal(['a,b,c', ',,1']);
  });

  it('writes rows as csvLine writes each line, by JSON text when no text needs quoting or escaping', () => {
    const plain = [
      ['2025-04-03', '000001.SZ', '平安银行', 12.34, null, 0.1 + 0.2, -5e-7, 1e21, true],
      ['2025-04-03', 'null', '', null, null, 3, Number.NaN, undefined, false],
    ];
    expect(csvRows(plain)).to.equal(
      '2025-04-03,000001.SZ,平安银行,12.34,,0.30000000000000004,-5e-7,1e+21,true\n2025-04-03,null,,,,3,,,false\n',
    );
    for (const text of ['a,b', 'say "hi"', 'tab\there', 'back\\slash', ' lead', 'trail ', 'line\nbreak', '\ud800'])
      expect(csvRows([[text, 1, null]]), text).to.equal(`${csvLine([text, 1, null])}\n`);
    expect(csvRows([])).to.equal('');
  });

  it('gives an agent a list of series as one header, a # line of each series fields, then its rows; anything else flat', () => {
    const series: Json = [
      {
        symbol: '600519.SH',
        name: '贵州茅台',
        daily: [
          { date: '2024-06-14', close: 1500.5 },
          { date: '2024-06-13', close: 1490 },
        ],
      },
      { symbol: '000001.SZ', name: null, daily: [] },
    ];
    expect(agentCsvLines(series)).to.deep.equal([
      'date,close',
      '# symbol=600519.SH, name=贵州茅台',
      '2024-06-14,1500.5',
      '2024-06-13,1490',
      '# symbol=000001.SZ, name=',
    ]);
    expect(agentCsvLines({ symbol: '600519.SH', daily: [{ date: '2024-06-14' }] })).to.deep.equal([
      'date',
      '# symbol=600519.SH',
      '2024-06-14',
    ]);
    expect(agentCsvLines([{ symbol: '600519.SH', tags: [] }])).to.deep.equal(['symbol,tags', '600519.SH,[]']);
    expect(agentCsvLines([{ symbol: '600519.SH' }])).to.deep.equal(['symbol', '600519.SH']);
  });
});
