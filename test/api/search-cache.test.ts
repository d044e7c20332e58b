import { expect } from 'chai';
import { bumpDataVersion } from '../../src/db/dataVersions';
import { insertSecurities, keyOnPlan } from '../support/marketData';
import { replyOf, useTestServer } from '../support/server';

const PATH = `/v1/stock/search?keyword=${encodeURIComponent('美的')}`;

/** A database of its own: securities are imported under the server. */
describe('search: answer cache and ETags', () => {
  let key: string;
  const store = useTestServer(async (db) => {
    await insertSecurities(db, [{ ts_code: '000333.SZ', name: '美的集团' }]);
    key = await keyOnPlan(db, 'starter');
  });

  const get = async (path: string, headers: Record<string, string> = {}) =>
    replyOf(await fetch(store.server.baseUrl + path, { headers: { 'X-API-KEY': key, ...headers } }));
  const symbolsOf = (body: { data: Array<{ standard_symbol: string }> }) =>
    body.data.map((item) => item.standard_symbol);

  it('answers with ETag and Cache-Control, and If-None-Match with 304 while the reference data is unchanged', async () => {
    const first = await get(PATH);
    expect(first.status).to.equal(200);
    expect(symbolsOf(first.body)).to.deep.equal(['000333.SZ']);
    const etag = first.headers.get('etag')!;
    expect(etag).to.match(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).to.equal('private, max-age=60');
    const again = await get(PATH, { 'If-None-Match': etag });
    expect(again.status).to.equal(304);
    expect(again.headers.get('etag')).to.equal(etag);
    const respelled = await get(`/v1/stock/search?limit=20&keyword=${encodeURIComponent('美的')}`);
    expect(respelled.headers.get('etag')).to.equal(etag);
  });

  it('an import of securities (reference version bump) retires the cached answers: the new security is found', async () => {
    const before = await get(PATH);
    await insertSecurities(store.db, [{ ts_code: '600000.SH', name: '美的置业' }]);
    await bumpDataVersion(store.db, 'reference');
    const after = await get(PATH, { 'If-None-Match': before.headers.get('etag')! });
    expect(after.status).to.equal(200);
    expect(after.headers.get('etag')).to.not.equal(before.headers.get('etag'));
    expect(symbolsOf(after.body)).to.deep.equal(['000333.SZ', '600000.SH']);
  });
});
