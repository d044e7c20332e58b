import { expect } from 'chai';
import { useSharedFixture } from '../support/fixture';

describe('GET /v1/stock/search', () => {
  const api = useSharedFixture();
  const search = (query: string) => api.get(`/v1/stock/search?${query}`);
  const symbolsOf = (body: { data: Array<{ standard_symbol: string }> }) =>
    body.data.map((item) => item.standard_symbol);

  it('pinyin initials find the stock', async () => {
    const { status, body } = await search('keyword=PAYH');
    expect(status).to.equal(200);
    expect(body.data[0]).to.deep.equal({
      symbol: '000001',
      name: '平安银行',
      exchange: 'SZSE',
      standard_symbol: '000001.SZ',
      industry: '银行',
      industry_classification: 'stock_list',
    });
  });

  it('pinyin initials are case-insensitive', async () => {
    const { body } = await search('keyword=payh');
    expect(symbolsOf(body)[0]).to.equal('000001.SZ');
  });

  it('ranks the exact code first, then prefixes, then names that contain the keyword', async () => {
    const { body } = await search(`keyword=${encodeURIComponent('600519')}`);
    expect(symbolsOf(body)[0]).to.equal('600519.SH');
    const byName = await search(`keyword=${encodeURIComponent('平安')}&limit=100`);
    const names: string[] = byName.body.data.map((item: { name: string }) => item.name);
    expect(names.length).to.be.greaterThan(1);
    const firstContains = names.findIndex((name) => !name.startsWith('平安'));
    expect(firstContains).to.be.greaterThan(0);
    expect(names.slice(firstContains).every((name) => !name.startsWith('平安'))).to.equal(true);
    expect(names.every((name) => name.includes('平安'))).to.equal(true);
  });

  it('exact name beats a longer name with the same prefix', async () => {
    const { body } = await search(`keyword=${encodeURIComponent('贵州茅台')}`);
    expect(symbolsOf(body)[0]).to.equal('600519.SH');
  });

  it('the standard code finds the security', async () => {
    const { body } = await search('keyword=600519.sh');
    expect(symbolsOf(body)).to.deep.equal(['600519.SH']);
  });

  it('LIKE wildcards in the keyword are literal', async () => {
    const { status, body } = await search(`keyword=${encodeURIComponent('%_')}`);
    expect(status).to.equal(200);
    expect(body.data).to.deep.equal([]);
    expect(body.pagination.total_items).to.equal(0);
  });

  it('paginates with page and limit', async () => {
    const first = await search('keyword=60&limit=5');
    expect(first.body.data).to.have.length(5);
    expect(first.body.pagination).to.include({
      current_page: 1,
      items_per_page: 5,
      has_prev_page: false,
      has_next_page: true,
    });
    const total = first.body.pagination.total_items;
    expect(first.body.pagination.total_pages).to.equal(Math.ceil(total / 5));
    const second = await search('keyword=60&limit=5&page=2');
    expect(second.body.pagination).to.include({ current_page: 2, has_prev_page: true });
    expect(symbolsOf(second.body)).not.to.include.members(symbolsOf(first.body));
  });

  it('offset wins over page', async () => {
    const byOffset = await search('keyword=60&limit=5&offset=3&page=9');
    const all = await search('keyword=60&limit=10');
    expect(symbolsOf(byOffset.body)).to.deep.equal(symbolsOf(all.body).slice(3, 8));
    expect(byOffset.body.pagination.current_page).to.equal(1);
  });

  it('a page beyond the last → 200 with empty data', async () => {
    const { status, body } = await search('keyword=PAYH&page=50');
    expect(status).to.equal(200);
    expect(body.data).to.deep.equal([]);
    expect(body.pagination).to.include({
      current_page: 50,
      total_items: 1,
      total_pages: 1,
      has_next_page: false,
      has_prev_page: true,
    });
  });

  it('limit defaults to 20 and must be 1-100', async () => {
    const { body } = await search('keyword=60');
    expect(body.data).to.have.length(20);
    for (const limit of ['0', '101', 'abc']) {
      const bad = await search(`keyword=60&limit=${limit}`);
      expect(bad.status, limit).to.equal(400);
      expect(bad.body.error).to.equal('invalid_parameter');
      expect(bad.body.message).to.contain('limit');
    }
  });

  it('page 0 and negative offset are rejected', async () => {
    expect((await search('keyword=60&page=0')).body.error).to.equal('invalid_parameter');
    expect((await search('keyword=60&offset=-1')).body.error).to.equal('invalid_parameter');
  });

  it('missing or blank keyword → 400', async () => {
    expect((await search('')).body).to.deep.equal({
      code: 400,
      message: 'Missing required parameter: keyword',
      error: 'missing_parameter',
    });
    expect((await search('keyword=%20%20')).body.error).to.equal('invalid_parameter');
  });
});
