import { expect } from 'chai';
import { AnswerStore, JsonText, matchesIfNoneMatch } from '../../src/http/answers/answerStore';
import { ok, okText, seriesJson } from '../../src/http/envelope';

describe('http/answers/answerStore', () => {
  it('If-None-Match: weak comparison, lists and *', () => {
    expect(matchesIfNoneMatch('"abc"', '"abc"')).to.equal(true);
    expect(matchesIfNoneMatch('W/"abc"', '"abc"')).to.equal(true);
    expect(matchesIfNoneMatch('"x", "abc"', '"abc"')).to.equal(true);
    expect(matchesIfNoneMatch('*', '"abc"')).to.equal(true);
    expect(matchesIfNoneMatch('"abd"', '"abc"')).to.equal(false);
    expect(matchesIfNoneMatch(undefined, '"abc"')).to.equal(false);
  });

  it('JSON text in pieces: the UTF-8 bytes of the joined text; a daily series the same text as JSON.stringify', () => {
    const pieces = ['{"name":"平安银行",', '"daily":[1,2]', '}'];
    expect(new JsonText(pieces).toBuffer().equals(Buffer.from(pieces.join('')))).to.equal(true);
    const series = {
      symbol: '000001.SZ',
      name: '平安银行',
      adj_anchor_date: null,
      daily: [
        {
          date: '2024-12-31',
          open: 1,
          high: 1,
          low: 1,
          close: 1,
          pre_close: 1,
          change: 0,
          pct_change: 0,
          volume: 1,
          amount: 1,
          turnover: null,
        },
      ],
    };
    expect(seriesJson(series, 'daily').join('')).to.equal(JSON.stringify(series));
    const other = seriesJson({ ...series, symbol: '600000.SH' }, 'daily');
    expect(
      okText([seriesJson(series, 'daily')], true)
        .toBuffer()
        .toString(),
    ).to.equal(JSON.stringify(ok(series)));
    expect(
      okText([seriesJson(series, 'daily'), other], false)
        .toBuffer()
        .toString(),
    ).to.equal(JSON.stringify(ok([series, { ...series, symbol: '600000.SH' }])));
    expect(okText([], false).toBuffer().toString()).to.equal(JSON.stringify(ok([])));
    const valuation = { symbol: '600519.SH', name: '贵州茅台', valuation: [{ date: '2024-06-14', pe: null }] };
    expect(seriesJson(valuation, 'valuation').join('')).to.equal(JSON.stringify(valuation));
  });

  it('holds answers by key and counts the hits', () => {
    const cache = new AnswerStore();
    const entry = { body: Buffer.from('{}'), etag: '"e"' };
    expect(cache.get('key')).to.equal(undefined);
    cache.set('key', entry);
    expect([cache.get('key'), cache.hits, cache.bytes]).to.deep.equal([entry, 1, 2]);
  });
});
