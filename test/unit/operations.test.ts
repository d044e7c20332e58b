import { expect } from 'chai';
import { loadContract, type Contract } from '../../src/http/contract';
import { OperationIndex, operationPolicies } from '../../src/http/operations';

/** The bundled contract with one change to the getDaily operation. */
function withDaily(change: (operation: Record<string, unknown>) => void): Contract {
  const contract = loadContract();
  change(contract.paths!['/v1/market/daily']!.get as unknown as Record<string, unknown>);
  return contract;
}

describe('http/operations: the policy read from the contract', () => {
  it('getDaily: API key, scope market, cached on market, reference and live data for real-time plans', () => {
    const daily = operationPolicies(loadContract()).find((policy) => policy.operationId === 'getDaily');
    expect(daily).to.deep.equal({
      operationId: 'getDaily',
      method: 'get',
      path: '/v1/market/daily',
      credential: 'apiKey',
      scope: 'market',
      cache: { datasets: ['market', 'reference', 'live'], realtimeOnly: true },
      tables: true,
      // The series' scalars then each bar's, typed from the contract (its running bar's as_of is market time).
      columns: new Map<string, string>([
        ['symbol', 'string'],
        ['requested_symbol', 'string'],
        ['name', 'string'],
        ['currency', 'string'],
        ['adj_anchor_date', 'date'],
        ['daily', 'text'],
        ['date', 'date'],
        ...['open', 'high', 'low', 'close', 'pre_close', 'change', 'pct_change'].map((name): [string, string] => [
          name,
          'float64',
        ]),
        ['volume', 'int64'],
        ...['amount', 'turnover', 'adj_factor'].map((name): [string, string] => [name, 'float64']),
        ['final', 'bool'],
        ['as_of', 'timestamp'],
        // The day's state, opt-in.
        ['risk_warning', 'string'],
        ['limit_up', 'float64'],
        ['limit_down', 'float64'],
        ['limit_source', 'string'],
        ['limit_move', 'string'],
        ['limit_streak', 'int64'],
        ['listing_session', 'int64'],
      ]),
      // An answer without bars: the series' scalars, then a bar's columns (its list left out).
      emptyColumns: [
        'symbol',
        'requested_symbol',
        'name',
        'currency',
        'adj_anchor_date',
        'date',
        ...['open', 'high', 'low', 'close', 'pre_close', 'change', 'pct_change', 'volume', 'amount', 'turnover'],
        ...['adj_factor', 'final', 'as_of'],
        ...['risk_warning', 'limit_up', 'limit_down', 'limit_source', 'limit_move', 'limit_streak', 'listing_session'],
      ],
      json: true,
      stream: false,
      tushare: false,
      datasetScoped: false,
    });
  });

  it('getStream: an event stream', () => {
    expect(operationPolicies(loadContract()).find((policy) => policy.operationId === 'getStream')).to.deep.include({
      stream: true,
      tables: false,
    });
  });

  it('an API-key operation without a known x-scope stops the process', () => {
    expect(() => operationPolicies(withDaily((op) => delete op['x-scope']))).to.throw(
      'getDaily: an API-key operation needs x-scope',
    );
    expect(() => operationPolicies(withDaily((op) => (op['x-scope'] = 'markets')))).to.throw(
      'getDaily: an API-key operation needs x-scope',
    );
  });

  it('a malformed x-cache stops the process', () => {
    expect(() => operationPolicies(withDaily((op) => (op['x-cache'] = true)))).to.throw(
      'getDaily: x-cache.datasets must list',
    );
    expect(() => operationPolicies(withDaily((op) => (op['x-cache'] = { datasets: ['prices'] })))).to.throw(
      'getDaily: x-cache.datasets must list',
    );
  });

  it('security: [] is public, BearerAuth a console session', () => {
    const credentialOf = (id: string) =>
      operationPolicies(loadContract()).find((policy) => policy.operationId === id)?.credential;
    expect([
      credentialOf('login'),
      credentialOf('register'),
      credentialOf('getMe'),
      credentialOf('listPlans'),
    ]).to.deep.equal(['none', 'none', 'session', 'session']);
  });

  const index = new OperationIndex(operationPolicies(loadContract()));

  it('credentials from the contract: account routes take a session, data routes a key, sign-up and sign-in neither', () => {
    const expected = {
      '/api/v1/auth/login': 'none',
      '/api/v1/auth/register/': 'none',
      '/api/v1/auth/me': 'session',
      '/api/v1/api-keys': 'session',
      '/api/v1/api-keys/12': 'session',
      '/API/V1/Billing/usage': 'session',
      '/api/v1/stocks/prices': 'apiKey',
      '/v1/market/daily': 'apiKey',
      // Outside the contract: no credential is asked, the answer is 404.
      '/api/v1/api-keysx': undefined,
      '/api/v1/api-keys/12/x': undefined,
      '/console': undefined,
      '/v1x': undefined,
    };
    for (const [path, credential] of Object.entries(expected))
      expect(index.find(path)?.credential, path).to.equal(credential);
  });

  it('scopes from x-scope; every API-key operation has one but the Tushare-compatible ones (each api_name its own), no other operation does', () => {
    const expected = {
      '/v1/market/daily': 'market',
      '/api/v1/stocks/prices': 'market',
      '/api/v1/indices': 'market',
      '/v1/financials/income-statement': 'financials',
      '/api/v1/fundamentals': 'financials',
      '/v1/stock/basic-info': 'reference',
      '/V1/STOCK/search': 'reference',
      '/v1/nope': undefined,
    };
    for (const [path, scope] of Object.entries(expected))
      expect(index.operationOf('GET', path)?.scope, path).to.equal(scope);
    for (const policy of index.policies)
      expect(policy.scope !== null, policy.operationId).to.equal(
        policy.credential === 'apiKey' && !policy.tushare && !policy.datasetScoped,
      );
    expect(index.policies.filter((policy) => policy.datasetScoped).map((policy) => policy.operationId)).to.deep.equal([
      'getFlatFiles',
      'getFlatFile',
      'headFlatFile',
    ]);
    expect(
      index.policies.filter((policy) => policy.tushare).map((policy) => [policy.operationId, policy.credential]),
    ).to.deep.equal([
      ['queryTushare', 'apiKey'],
      ['queryTushareApi', 'apiKey'],
    ]);
  });

  it('operations: HEAD is GET, a trailing slash and letter case do not matter, a path parameter is one segment', () => {
    expect(index.operationOf('HEAD', '/v1/market/daily')?.operationId).to.equal('getDaily');
    expect(index.operationOf('put', '/API/v1/api-keys/7/')?.operationId).to.equal('updateApiKey');
    expect(index.operationOf('DELETE', '/v1/market/daily')).to.equal(undefined);
    expect(index.find('/v1/market/daily')?.credential).to.equal('apiKey');
  });
});
