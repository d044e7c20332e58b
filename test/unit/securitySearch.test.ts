import { expect } from 'chai';
import { cnspellOf, fullPinyinOf, loadPinyin } from '../../src/domain/reference/cnspell';
import { SecurityIndex, type SearchableSecurity } from '../../src/domain/reference/securitySearch';

function security(ts_code: string, name: string, list_status = 'L', former_names: string[] = []): SearchableSecurity {
  return {
    ts_code,
    symbol: ts_code.slice(0, 6),
    name,
    exchange: ts_code.endsWith('.SH') ? 'SSE' : 'SZSE',
    industry: null,
    industry_classification: null,
    list_status,
    cnspell: cnspellOf(name),
    pinyin: fullPinyinOf(name),
    former_names,
  };
}

// The index below is built as the suite is defined: the dictionaries first.
await loadPinyin();

describe('in-memory security search', () => {
  const index = new SecurityIndex([
    security('601318.SH', '中国平安'),
    security('000001.SZ', '平安银行', 'L', ['深发展Ａ']),
    security('600000.SH', '浦发银行'),
    security('000005.SZ', '平安地产', 'D'),
    security('000002.SZ', '万科Ａ'),
    security('600001.SH', '邯郸钢铁', 'D'),
    security('000004.SZ', '国华网安', 'P'),
  ]);
  const codes = (keyword: string, window = { limit: 20, offset: 0 }) =>
    index.search(keyword, window).securities.map((s) => s.ts_code);

  it('full pinyin of a name, upper case', () => {
    expect(fullPinyinOf('平安银行')).to.equal('PINGANYINHANG');
    expect(fullPinyinOf('万科Ａ')).to.equal('WANKEA');
  });

  it('ranks exact code, exact name, prefixes, then names containing the keyword; listed before delisted', () => {
    // 平安银行 and 平安地产 begin with 平安 (rank 2, listed first), 中国平安 contains it (rank 3).
    expect(codes('平安')).to.deep.equal(['000001.SZ', '000005.SZ', '601318.SH']);
    expect(codes('平安银行')).to.deep.equal(['000001.SZ']);
    // 600000 exactly (rank 0), then 600001 by prefix; the suspended 国华网安 (P) ranks before listed ones.
    expect(codes('600000')).to.deep.equal(['600000.SH']);
    expect(codes('6000')).to.deep.equal(['600000.SH', '600001.SH']);
    expect(codes('00000')).to.deep.equal(['000004.SZ', '000001.SZ', '000002.SZ', '000005.SZ']);
    expect(codes('000001.sz')).to.deep.equal(['000001.SZ']);
  });

  it('finds initials, full pinyin and former names, case-insensitively', () => {
    expect(codes('payh')).to.deep.equal(['000001.SZ']);
    expect(codes('pingan')).to.deep.equal(['000001.SZ', '000005.SZ']);
    expect(codes('PINGANYINHANG')).to.deep.equal(['000001.SZ']);
    expect(codes('深发展')).to.deep.equal(['000001.SZ']);
    expect(codes('发展')).to.deep.equal(['000001.SZ']);
    expect(codes('wanke')).to.deep.equal(['000002.SZ']);
    // Both contain Ａ (万科Ａ now, 深发展Ａ formerly): same rank, so by code.
    expect(codes('ａ')).to.deep.equal(['000001.SZ', '000002.SZ']);
  });

  it('matches no field across the joins of its texts and keeps wildcards literal', () => {
    expect(codes('.SZ')).to.deep.equal([]);
    expect(codes('%')).to.deep.equal([]);
    expect(codes('平安\u0001')).to.deep.equal([]);
  });

  it('pages over the ranked matches and counts them all', () => {
    expect(index.search('00000', { limit: 2, offset: 1 })).to.deep.equal({
      securities: index.search('00000', { limit: 4, offset: 0 }).securities.slice(1, 3),
      total: 4,
    });
    expect(index.search('00000', { limit: 2, offset: 10 }).securities).to.deep.equal([]);
    expect(index.size).to.equal(7);
  });
});
