import { expect } from 'chai';
import { loadContract } from '../../src/http/contract';
import { OperationIndex, operationPolicies } from '../../src/http/operations';
import { hashPassword, verifyPassword } from '../../src/modules/accounts/passwords.service';
import { effectiveRateLimit } from '../../src/domain/rateLimits';
import { daysBetween, usageRange } from '../../src/modules/billing/usageRange.service';

describe('accounts: rules (pure)', () => {
  const index = new OperationIndex(operationPolicies(loadContract()));

  it('credentials from the contract: account routes take a session, data routes a key, sign-up and sign-in neither', () => {
    const expected = {
      '/api/v1/auth/login': 'none', '/api/v1/auth/register/': 'none', '/api/v1/auth/me': 'session', '/api/v1/api-keys': 'session',
      '/api/v1/api-keys/12': 'session', '/API/V1/Billing/usage': 'session', '/api/v1/stocks/prices': 'apiKey', '/v1/market/daily': 'apiKey',
      // Outside the contract: no credential is asked, the answer is 404.
      '/api/v1/api-keysx': undefined, '/api/v1/api-keys/12/x': undefined, '/console': undefined, '/v1x': undefined,
    };
    for (const [path, credential] of Object.entries(expected)) expect(index.find(path)?.credential, path).to.equal(credential);
  });

  it('scopes from x-scope; every API-key operation has one, no other operation does', () => {
    const expected = {
      '/v1/market/daily': 'market', '/api/v1/stocks/prices': 'market', '/api/v1/indices': 'market',
      '/v1/financials/income-statement': 'financials', '/api/v1/fundamentals': 'financials',
      '/v1/stock/basic-info': 'reference', '/V1/STOCK/search': 'reference', '/v1/nope': undefined,
    };
    for (const [path, scope] of Object.entries(expected)) expect(index.operationOf('GET', path)?.scope, path).to.equal(scope);
    for (const policy of index.policies) expect(policy.scope !== null, policy.operationId).to.equal(policy.credential === 'apiKey');
  });

  it('operations: HEAD is GET, a trailing slash and letter case do not matter, a path parameter is one segment', () => {
    expect(index.operationOf('HEAD', '/v1/market/daily')?.operationId).to.equal('getDaily');
    expect(index.operationOf('put', '/API/v1/api-keys/7/')?.operationId).to.equal('updateApiKey');
    expect(index.operationOf('DELETE', '/v1/market/daily')).to.equal(undefined);
    expect(index.find('/v1/market/daily')?.credential).to.equal('apiKey');
  });

  it('rate limit: the plan’s, else the account’s own, else 1000', () => {
    expect(effectiveRateLimit(100, 5000)).to.equal(100);
    expect(effectiveRateLimit(null, 5000)).to.equal(5000);
    expect(effectiveRateLimit(null, null)).to.equal(1000);
  });

  it('usage range: 30 days ending today by default, explicit bounds, limits', () => {
    const today = new Date('2026-03-10T12:00:00Z');
    expect(usageRange({}, today)).to.deep.equal({ begin: '2026-02-09', end: '2026-03-10' });
    expect(usageRange({ end_date: '2026-01-31' }, today)).to.deep.equal({ begin: '2026-01-02', end: '2026-01-31' });
    expect(usageRange({ begin_date: '2026-03-01' }, today)).to.deep.equal({ begin: '2026-03-01', end: '2026-03-10' });
    expect(() => usageRange({ begin_date: '2025-01-01', end_date: '2026-01-02' }, today)).to.throw('at most 366 days');
    expect(usageRange({ begin_date: '2024-01-01', end_date: '2024-12-31' }, today).end).to.equal('2024-12-31');
    expect(() => usageRange({ begin_date: '2026-02-30' }, today)).to.throw('Invalid date');
    expect(daysBetween('2024-02-28', '2024-03-01')).to.deep.equal(['2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('passwords: salted scrypt, verified in constant time; a malformed hash never matches', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).to.equal(true);
    expect(await verifyPassword('correct horse batterz', stored)).to.equal(false);
    expect(await hashPassword('correct horse battery')).not.to.equal(stored);
    expect(await verifyPassword('anything', 'bcrypt$whatever')).to.equal(false);
    expect(await verifyPassword('anything', '')).to.equal(false);
  });
});
