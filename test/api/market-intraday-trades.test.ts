import { expect } from 'chai';
import { useSharedFixture } from '../support/fixture';

describe('GET /v1/market/intraday and /v1/market/trades', () => {
  const api = useSharedFixture();

  it('intraday: the one-minute bars of the latest session, oldest first, with the time of the newest bar', async () => {
    const { status, body } = await api.get('/v1/market/intraday?symbol=000001');
    expect(status).to.equal(200);
    expect(body.data).to.include({
      symbol: '000001.SZ',
      name: '平安银行',
      trade_date: '2024-12-31',
      as_of: '2024-12-31 15:00:00',
    });
    expect(body.data.bars).to.have.length(240); // 09:25 and 15:30 rows are outside the sessions
    expect(body.data.bars[0]).to.deep.equal({
      time: '2024-12-31 09:31:00',
      open: 11.9,
      high: 11.92,
      low: 11.89,
      close: 11.91,
      volume: 100,
      amount: 119000,
    });
  });

  it('intraday without minute data → 404 no_data; bad symbol → 400', async () => {
    expect((await api.get('/v1/market/intraday?symbol=000333')).body.error).to.equal('no_data');
    expect((await api.get('/v1/market/intraday?symbol=abc')).body.error).to.equal('invalid_symbol');
    expect((await api.get('/v1/market/intraday')).body.error).to.equal('missing_parameter');
  });

  it('trades: pages follow the cursor in time order until has_more is false', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/v1/market/trades?symbol=000001.SZ&limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const { status, body } = await api.get(query);
      expect(status).to.equal(200);
      expect(body).to.have.keys('code', 'message', 'data', 'cursor', 'has_more');
      seen.push(...body.data.map((t: { time: string; seq: number }) => `${t.time}#${t.seq}`));
      expect(body.has_more).to.equal(body.cursor !== null);
      cursor = body.cursor;
      pages++;
    } while (cursor);
    expect(pages).to.equal(3);
    expect(seen).to.have.length(25);
    expect(seen[0]).to.equal('2024-12-31 09:30:00#0');
    expect(seen.at(-1)).to.equal('2024-12-31 09:30:08#0');
    expect([...seen].sort()).to.deep.equal(seen);
  });

  it('trades of another session by date; a trade carries price, volume (shares), amount and side', async () => {
    const { body } = await api.get('/v1/market/trades?symbol=000001&date=2024-12-30');
    expect(body).to.include({ cursor: null, has_more: false });
    expect(body.data).to.deep.equal([
      { time: '2024-12-30 14:59:58', seq: 0, price: 11.8, volume: 100, amount: 1180, side: 'B' },
    ]);
  });

  it('a tampered cursor, or one used for another symbol or date → 400 invalid_cursor', async () => {
    const first = await api.get('/v1/market/trades?symbol=000001&limit=5');
    const cursor: string = first.body.cursor;
    const [body, signature] = cursor.split('.');
    const forged = Buffer.from(Buffer.from(body!, 'base64url').toString().replace('"q":1', '"q":0')).toString(
      'base64url',
    );
    for (const query of [
      `symbol=000001&cursor=${forged}.${signature}`,
      `symbol=000001&cursor=${cursor.slice(0, -3)}abc`,
      'symbol=000001&cursor=not-a-cursor',
      `symbol=000333&cursor=${cursor}`,
      `symbol=000001&date=2024-12-30&cursor=${cursor}`,
      `symbol=000001&cursor=${'x'.repeat(600)}`,
    ]) {
      const response = await api.get(`/v1/market/trades?${query}`);
      expect(response.status, query).to.equal(400);
      expect(response.body, query).to.deep.include({ code: 400, error: 'invalid_cursor' });
    }
    const next = await api.get(`/v1/market/trades?symbol=sz.000001&limit=5&cursor=${cursor}`);
    expect(next.status).to.equal(200);
    expect(next.body.data[0]).to.include({ time: '2024-12-31 09:30:01', seq: 2 });
  });

  it('trades without ticks → 404 no_data; limit is 1-1000', async () => {
    expect((await api.get('/v1/market/trades?symbol=000333')).body.error).to.equal('no_data');
    expect((await api.get('/v1/market/trades?symbol=000001&limit=1001')).body.error).to.equal('invalid_parameter');
    expect((await api.get('/v1/market/trades?symbol=000001&date=2024-02-30')).body.error).to.equal(
      'invalid_date_format',
    );
  });
});
