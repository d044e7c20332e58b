import { expect } from 'chai';
import { loadReferenceDataIfEmpty } from '../../src/ingest/demo';
import { useSharedFixture } from '../support/fixture';
import { useKeyedServer } from '../support/server';

describe('GET /v1/stock/basic-info', () => {
  // 600519.SH's valuations of 2025-04-02 and 03 and the fixtures' company profiles: in the shared fixture.
  const api = useSharedFixture();

  it('one symbol → one Stock object with every field', async () => {
    const { status, body } = await api.get('/v1/stock/basic-info?symbol=600519');
    expect(status).to.equal(200);
    expect(body.code).to.equal(200);
    expect(body.message).to.equal('success');
    expect(body.data).to.include({
      symbol: '600519.SH',
      name: '贵州茅台',
      exchange: 'SSE',
      exchange_name: '上海证券交易所',
      currency: 'CNY',
      industry: '白酒',
      subindustry: null,
      industry_classification: 'stock_list',
      listing_date: '2001-08-27',
      delisting_date: null,
      status: '上市',
      region: '贵州',
    });
    expect(Object.keys(body.data)).to.have.length(27);
  });

  it('fields the source lacks are null (no company profile loaded for 000001.SZ)', async () => {
    const { body } = await api.get('/v1/stock/basic-info?symbol=000001&fields=description,chairman,registered_capital');
    expect(body.data).to.deep.equal({ description: null, chairman: null, registered_capital: null });
  });

  it('the company profile comes from stock_company (registered capital 10,000 yuan → yuan)', async () => {
    const fields =
      'description,website,address,chairman,general_manager,secretary,established_date,registered_capital,business_scope';
    const { body } = await api.get(`/v1/stock/basic-info?symbol=600519&fields=${fields}`);
    expect(body.data).to.deep.equal({
      description: '公司是白酒生产企业。',
      website: 'www.moutaichina.com',
      address: '贵州省仁怀市茅台镇',
      chairman: '张德芹',
      general_manager: '王莉',
      secretary: '蒋焰',
      established_date: '1999-11-20',
      registered_capital: 1256197800,
      business_scope: '茅台酒系列产品的生产与销售',
    });
  });

  it('a real code change: the old code 000022 answers for 001872.SZ and names itself', async () => {
    const { body } = await api.get('/v1/stock/basic-info?symbol=000022&fields=symbol,name,listing_date,status');
    expect(body.data).to.deep.equal({
      requested_symbol: '000022.SZ',
      symbol: '001872.SZ',
      name: '招商港口',
      listing_date: '1993-05-05',
      status: '上市',
    });
  });

  it('market values and shares come from the latest daily_basic row', async () => {
    const { body } = await api.get('/v1/stock/basic-info?symbol=600519.SH');
    expect(body.data).to.include({
      market_cap: 1960000000000,
      circulating_market_cap: 1960000000000,
      issued_shares: 1256197800,
      circulating_shares: 1256197800,
    });
    // 000001.SZ's latest is the sample valuation of 2024-12-31; 600000.SH has none.
    expect((await api.get('/v1/stock/basic-info?symbol=000001')).body.data.market_cap).to.equal(221227467457);
    expect((await api.get('/v1/stock/basic-info?symbol=600000')).body.data.market_cap).to.equal(null);
  });

  it('accepts every symbol format', async () => {
    for (const symbol of ['600519', 'sh.600519', 'SH.600519', '600519.SH', '600519.sh']) {
      const { status, body } = await api.get(`/v1/stock/basic-info?symbol=${symbol}`);
      expect(status, symbol).to.equal(200);
      expect(body.data.symbol).to.equal('600519.SH');
    }
  });

  it('several symbols → an array in request order, duplicates removed', async () => {
    const { status, body } = await api.get('/v1/stock/basic-info?symbol=000001.SZ,sh.600519,688981,920099,600519');
    expect(status).to.equal(200);
    expect(body.data.map((stock: { symbol: string }) => stock.symbol)).to.deep.equal([
      '000001.SZ',
      '600519.SH',
      '688981.SH',
      '920099.BJ',
    ]);
    expect(body.data[0]).to.include({ name: '平安银行', exchange: 'SZSE', exchange_name: '深圳证券交易所' });
    expect(body.data[3]).to.include({ exchange: 'BSE', exchange_name: '北京证券交易所' });
  });

  it('a delisted stock carries its delisting date and status 退市', async () => {
    const { body } = await api.get('/v1/stock/basic-info?symbol=600001');
    expect(body.data).to.include({ symbol: '600001.SH', status: '退市', delisting_date: '2009-12-29' });
  });

  it('fields selects and orders fields', async () => {
    const { body } = await api.get('/v1/stock/basic-info?symbol=600519&fields=name,symbol,market_cap');
    expect(body.data).to.deep.equal({ name: '贵州茅台', symbol: '600519.SH', market_cap: 1960000000000 });
  });

  it('unknown field → 400 invalid_field', async () => {
    const { status, body } = await api.get('/v1/stock/basic-info?symbol=600519&fields=name,price');
    expect(status).to.equal(400);
    expect(body).to.deep.equal({ code: 400, message: 'Unknown field: price', error: 'invalid_field' });
  });

  it('malformed symbol → 400 invalid_symbol naming it', async () => {
    const { status, body } = await api.get('/v1/stock/basic-info?symbol=600519,12345');
    expect(status).to.equal(400);
    expect(body).to.deep.equal({ code: 400, message: 'Invalid symbol: 12345', error: 'invalid_symbol' });
  });

  it('well-formed but unknown symbol → 400 invalid_symbol naming it', async () => {
    const { status, body } = await api.get('/v1/stock/basic-info?symbol=600519,609999');
    expect(status).to.equal(400);
    expect(body).to.deep.equal({ code: 400, message: 'Unknown symbol: 609999.SH', error: 'invalid_symbol' });
  });

  it('more than 50 symbols → 400 too_many_symbols', async () => {
    const { body: listed } = await api.get('/v1/stock/search?keyword=60&limit=100');
    const codes = listed.data.map((item: { symbol: string }) => item.symbol);
    const ok = await api.get(`/v1/stock/basic-info?symbol=${codes.slice(0, 50).join(',')}&fields=symbol`);
    expect(ok.status).to.equal(200);
    expect(ok.body.data).to.have.length(50);
    const { status, body } = await api.get(`/v1/stock/basic-info?symbol=${codes.slice(0, 51).join(',')}`);
    expect(status).to.equal(400);
    expect(body.error).to.equal('too_many_symbols');
  });

  it('missing symbol → 400 missing_parameter', async () => {
    const { status, body } = await api.get('/v1/stock/basic-info');
    expect(status).to.equal(400);
    expect(body).to.deep.equal({
      code: 400,
      message: 'Missing required parameter: symbol',
      error: 'missing_parameter',
    });
  });

  it('unknown query parameter → 400 invalid_parameter', async () => {
    const { status, body } = await api.get('/v1/stock/basic-info?symbol=600519&colour=red');
    expect(status).to.equal(400);
    expect(body.error).to.equal('invalid_parameter');
    expect(body.message).to.contain('colour');
  });

  it("an unknown parameter that another route names is still unknown here, not that route's error (begin_date: no date error)", async () => {
    const { status, body } = await api.get('/v1/stock/basic-info?symbol=600519&begin_date=2024-01-02');
    expect([status, body]).to.deep.equal([
      400,
      { code: 400, message: "begin_date: Unknown query parameter 'begin_date'", error: 'invalid_parameter' },
    ]);
  });
});

describe('GET /v1/stock/basic-info with code changes', () => {
  // A store of its own: the demo's reference data and a made-up chain of two code changes.
  const api = useKeyedServer(async (db) => {
    await loadReferenceDataIfEmpty(db);
    await db('code_changes').insert([
      { old_code: '600001.SH', new_code: '600002.SH', change_date: '2009-12-29', reason: 'test: first hop' },
      { old_code: '600002.SH', new_code: '600519.SH', change_date: '2010-01-04', reason: 'test: second hop' },
    ]);
  });

  it('a code that is the new code of a change answers for itself', async () => {
    const { body } = await api.get('/v1/stock/basic-info?symbol=600519&fields=symbol');
    expect(body.data).to.deep.equal({ symbol: '600519.SH' });
  });

  it('an old code follows a chain of changes even while the store still holds its own row', async () => {
    const { body } = await api.get('/v1/stock/basic-info?symbol=600001&fields=symbol');
    expect(body.data).to.deep.equal({ requested_symbol: '600001.SH', symbol: '600519.SH' });
  });

  it('an old code that no longer exists follows its changes to the current security', async () => {
    await api.db('securities').where({ ts_code: '600002.SH' }).delete();
    const { status, body } = await api.get('/v1/stock/basic-info?symbol=600002,000001&fields=symbol,name');
    expect(status).to.equal(200);
    expect(body.data).to.deep.equal([
      { requested_symbol: '600002.SH', symbol: '600519.SH', name: '贵州茅台' },
      { symbol: '000001.SZ', name: '平安银行' },
    ]);
  });
});
