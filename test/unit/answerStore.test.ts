import { expect } from 'chai';
import { AnswerStore, JsonText, matchesIfNoneMatch } from '../../src/http/answers/answerStore';
import { ok, okText } from '../../src/http/envelope';
import { dailySeriesJson } from '../../src/modules/market/market.serializer';

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
    expect(dailySeriesJson(series).join('')).to.equal(JSON.stringify(series));
    const other = dailySeriesJson({ ...series, symbol: '600000.SH' });
    expect(
      okText([dailySeriesJson(series)], true)
        .toBuffer()
        .toString(),
    ).to.equal(JSON.stringify(ok(series)));
    expect(
      okText([dailySeriesJson(series), other], false)
        .toBuffer()
        .toString(),
    ).to.equal(JSON.stringify(ok([series, { ...series, symbol: '600000.SH' }])));
    expect(okText([], false).toBuffer().toString()).to.equal(JSON.stringify(ok([])));
  });

  it('holds answers by key and counts the hits', () => {
    const cache = new AnswerStore();
    const entry = { body: Buffer.from('{}'), etag: '"e"' };
    expect(cache.get('key')).to.equal(undefined);
    cache.set('key', entry);
    expect([cache.get('key'), cache.hits, cache.bytes]).to.deep.equal([entry, 1, 2]);
  });
});
