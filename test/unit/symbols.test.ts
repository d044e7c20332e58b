import { expect } from 'chai';
import { AppError } from '../../src/domain/api/errors';
import {
  assertAllKnown,
  exchangeOfCode,
  exchangeOfStandard,
  normalizeSymbol,
  parseSymbolList,
  toStandard,
} from '../../src/domain/reference/symbols';

function appErrorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('domain/symbols', () => {
  describe('exchangeOfCode', () => {
    const cases: Array<[string, string | null]> = [
      ['600519', 'SSE'],
      ['601318', 'SSE'],
      ['603288', 'SSE'],
      ['605499', 'SSE'],
      ['688981', 'SSE'],
      ['689009', 'SSE'],
      ['900901', 'SSE'],
      ['000001', 'SZSE'],
      ['001979', 'SZSE'],
      ['002594', 'SZSE'],
      ['003816', 'SZSE'],
      ['300750', 'SZSE'],
      ['301269', 'SZSE'],
      ['302132', 'SZSE'],
      ['200002', 'SZSE'],
      ['430047', 'BSE'],
      ['830799', 'BSE'],
      ['873223', 'BSE'],
      ['920099', 'BSE'],
      // ETFs and LOFs, convertibles (symbols.ts: the exchanges' code allocation rules).
      ['510300', 'SSE'],
      ['512880', 'SSE'],
      ['560010', 'SSE'],
      ['588000', 'SSE'],
      ['501018', 'SSE'],
      ['159919', 'SZSE'],
      ['161725', 'SZSE'],
      ['113050', 'SSE'],
      ['110059', 'SSE'],
      ['111010', 'SSE'],
      ['118000', 'SSE'],
      ['123107', 'SZSE'],
      ['127045', 'SZSE'],
      ['128136', 'SZSE'],
      ['100000', null],
      ['120001', null],
      ['700001', null],
      ['999999', null],
      ['399001', null],
      ['910000', null],
      // Shenwan's industry indices and BSE's own indices are no BSE stock.
      ['801120', null],
      ['851241', null],
      ['899050', null],
      ['810001', null],
    ];
    for (const [code, exchange] of cases) {
      it(`${code} → ${exchange}`, () => expect(exchangeOfCode(code)).to.equal(exchange));
    }
  });

  describe('normalizeSymbol', () => {
    it('accepts the three formats, case-insensitively', () => {
      for (const input of ['600519', 'sh.600519', 'SH.600519', '600519.SH', '600519.sh', ' 600519 ']) {
        expect(normalizeSymbol(input), input).to.equal('600519.SH');
      }
      expect(normalizeSymbol('sz.000001')).to.equal('000001.SZ');
      expect(normalizeSymbol('bj.920099')).to.equal('920099.BJ');
      expect(normalizeSymbol('830799.bj')).to.equal('830799.BJ');
    });
    it('keeps an explicit exchange even outside the stock ranges (indices)', () => {
      expect(normalizeSymbol('000001.SH')).to.equal('000001.SH');
      expect(normalizeSymbol('sz.399001')).to.equal('399001.SZ');
      expect(normalizeSymbol('801010.SH')).to.equal('801010.SH');
    });
    it('rejects malformed shapes', () => {
      for (const input of [
        '',
        '60051',
        '6005190',
        'abcdef',
        '600519.SS',
        'hk.600519',
        '600519SH',
        'sh600519',
        'sh.60051',
        '600519.',
        '.SH',
        '801120.SW',
        'si.801120',
        '950001',
      ]) {
        expect(normalizeSymbol(input), input).to.equal(null);
      }
    });
  });

  describe('code families (SPEC "Symbol formats": industry indices start with 801 or 000)', () => {
    const families: Array<[family: string, formats: string[], standard: string]> = [
      ['Shenwan level 1 (801, Tushare .SI)', ['801120', '801120.SI', '801120.si', ' 801120 '], '801120.SI'],
      ['Shenwan level 2 (801)', ['801125', '801125.SI'], '801125.SI'],
      ['Shenwan level 3 (85)', ['851241', '851241.SI'], '851241.SI'],
      ['CSI (.CSI)', ['000985.CSI', '930050.csi'], ''],
      ['SSE index family two (000, standard form only)', ['000300.SH', 'sh.000300'], '000300.SH'],
      ['SZSE indices (399)', ['399001', 'sz.399001', '399001.SZ'], '399001.SZ'],
      ['BSE indices (899)', ['899050', 'bj.899050', '899050.BJ'], '899050.BJ'],
      ['BSE stocks (43)', ['430047', 'bj.430047', '430047.BJ'], '430047.BJ'],
      ['BSE stocks (83)', ['830799', 'bj.830799', '830799.BJ'], '830799.BJ'],
      ['BSE stocks (87)', ['873223', 'bj.873223', '873223.BJ'], '873223.BJ'],
      ['BSE stocks (88)', ['889001', 'bj.889001', '889001.BJ'], '889001.BJ'],
      ['BSE stocks (920)', ['920099', 'bj.920099', '920099.BJ'], '920099.BJ'],
      ['SZSE main board (000, raw is the stock)', ['000001', 'sz.000001', '000001.SZ'], '000001.SZ'],
    ];
    for (const [family, formats, standard] of families)
      it(`${family}: ${formats.join(', ')}`, () => {
        for (const input of formats)
          expect(normalizeSymbol(input), input).to.equal(standard === '' ? input.trim().toUpperCase() : standard);
      });
    it('a BSE code is never an index and an index never a BSE stock', () => {
      expect(normalizeSymbol('801120')).to.not.match(/\.BJ$/);
      expect(normalizeSymbol('851241')).to.not.match(/\.BJ$/);
      expect(exchangeOfCode('801120')).to.equal(null);
    });
  });

  it('toStandard and exchangeOfStandard are inverse', () => {
    expect(toStandard('600519', 'SSE')).to.equal('600519.SH');
    expect(toStandard('000001', 'SZSE')).to.equal('000001.SZ');
    expect(toStandard('920099', 'BSE')).to.equal('920099.BJ');
    expect(exchangeOfStandard('600519.SH')).to.equal('SSE');
    expect(exchangeOfStandard('000001.SZ')).to.equal('SZSE');
    expect(exchangeOfStandard('920099.BJ')).to.equal('BSE');
  });

  describe('parseSymbolList', () => {
    it('one symbol without a comma is single', () => {
      expect(parseSymbolList('600519', 50)).to.deep.equal({ symbols: ['600519.SH'], single: true });
    });
    it('keeps request order and removes duplicates across formats', () => {
      expect(parseSymbolList('000001, sh.600519,600519.SH,000001.sz', 50)).to.deep.equal({
        symbols: ['000001.SZ', '600519.SH'],
        single: false,
      });
    });
    it('a list that collapses to one symbol is still a list', () => {
      expect(parseSymbolList('600519,sh.600519', 50)).to.deep.equal({ symbols: ['600519.SH'], single: false });
    });
    it('names every malformed symbol', () => {
      const err = appErrorOf(() => parseSymbolList('600519,12345,,abc', 50));
      expect(err.status).to.equal(400);
      expect(err.code).to.equal('invalid_symbol');
      expect(err.message).to.equal('Invalid symbol: 12345, (empty), abc');
    });
    it('over the maximum of distinct symbols → too_many_symbols', () => {
      const codes = Array.from({ length: 51 }, (_, i) => `600${String(i).padStart(3, '0')}`);
      expect(parseSymbolList(codes.slice(0, 50).join(','), 50).symbols).to.have.length(50);
      const err = appErrorOf(() => parseSymbolList(codes.join(','), 50));
      expect(err.code).to.equal('too_many_symbols');
      expect(err.message).to.contain('51');
      expect(parseSymbolList([...codes.slice(0, 50), codes[0]].join(','), 50).symbols).to.have.length(50);
    });
  });

  describe('assertAllKnown', () => {
    it('passes when every symbol is known', () => {
      expect(() => assertAllKnown(['600519.SH'], ['600519.SH', '000001.SZ'])).not.to.throw();
    });
    it('names the unknown ones', () => {
      const err = appErrorOf(() => assertAllKnown(['600519.SH', '600000.SZ', '699999.SH'], ['600519.SH']));
      expect(err.code).to.equal('invalid_symbol');
      expect(err.message).to.equal('Unknown symbol: 600000.SZ, 699999.SH');
    });
  });
});
