import { expect } from 'chai';
import { parseSina, parseTencent, sourceCodeOf, tsCodeOfSource } from '../../src/domain/market/quotes';
import { SINA_600519, TENCENT_600519, sinaLine, tencentLine } from '../support/quoteServer';

const EXPECTED = {
  ts_code: '600519.SH',
  name: '贵州茅台',
  last: 1459.88,
  open: 1459.44,
  high: 1464.88,
  low: 1452.1,
  pre_close: 1459.44,
  volume: 2_106_400,
  amount: 3_071_809_846,
  bids: [
    [1459.44, 100],
    [1459.4, 100],
    [1459.38, 100],
    [1459.37, 1000],
    [1459.3, 600],
  ],
  asks: [
    [1459.88, 300],
    [1459.98, 400],
    [1459.99, 1900],
    [1460, 9300],
    [1460.02, 100],
  ],
  suspended: false,
};

describe("domain/quotes: the free sources' answers in the store's units", () => {
  it('codes: 600519.SH ↔ sh600519, BSE too; a code of no exchange is refused', () => {
    expect(sourceCodeOf('600519.SH')).to.equal('sh600519');
    expect(sourceCodeOf('920001.BJ')).to.equal('bj920001');
    expect(tsCodeOfSource('sz000001')).to.equal('000001.SZ');
    expect(tsCodeOfSource('hk00700')).to.equal(null);
  });

  it('Tencent: every field at its position and in its unit (lots × 100, the exact amount in yuan, limit prices)', () => {
    expect(parseTencent(`${TENCENT_600519}v_pv_none_match="1";\n`)).to.deep.equal([
      { ...EXPECTED, time: '2026-04-02 16:14:01', limit_up: 1605.38, limit_down: 1313.5 },
    ]);
  });

  it('Sina: shares and yuan as sent, size before price in the book, no limit prices; an empty body skipped', () => {
    expect(parseSina(`${SINA_600519}var hq_str_sz999999="";\n`)).to.deep.equal([
      { ...EXPECTED, time: '2026-04-02 15:00:01', limit_up: null, limit_down: null },
    ]);
  });

  it('a suspended stock: Tencent status S, Sina a status other than 00; zero prices are null', () => {
    const tencent = TENCENT_600519.split('~')
      .map((field, i) => (i === 40 ? 'S' : [3, 5, 33, 34].includes(i) ? '0.00' : field))
      .join('~');
    const [halted] = parseTencent(tencent);
    expect(halted).to.include({ suspended: true, last: null, open: null, high: null, low: null, pre_close: 1459.44 });
    const [sina] = parseSina(SINA_600519.replace(',00";', ',03";'));
    expect(sina!.suspended).to.equal(true);
  });

  it("the local server's lines read back as the snapshots it was given, in both formats", () => {
    const [snapshot] = parseTencent(TENCENT_600519);
    expect(parseTencent(tencentLine(snapshot!))).to.deep.equal([snapshot]);
    expect(parseSina(sinaLine(snapshot!))).to.deep.equal([{ ...snapshot, limit_up: null, limit_down: null }]);
  });
});
