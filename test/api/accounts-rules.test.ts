import { expect } from 'chai';
import { routeFamily } from '../../src/http/auth';
import { scopeOfPath } from '../../src/http/authScopes';
import { hashPassword, verifyPassword } from '../../src/modules/accounts/passwords';
import { effectiveRateLimit } from '../../src/modules/accounts/rateLimitPolicy';
import { daysBetween, usageRange } from '../../src/modules/billing/usageRange';

describe('accounts: rules (pure)', () => {
  it('route families: account routes take a session, data routes a key, the rest neither', () => {
    expect(routeFamily('/api/v1/auth/login')).to.equal('public');
    expect(routeFamily('/api/v1/auth/register/')).to.equal('public');
    expect(routeFamily('/api/v1/auth/me')).to.equal('account');
    expect(routeFamily('/api/v1/api-keys')).to.equal('account');
    expect(routeFamily('/api/v1/api-keys/12')).to.equal('account');
    expect(routeFamily('/API/V1/Billing/usage')).to.equal('account');
    expect(routeFamily('/api/v1/stocks/prices')).to.equal('data');
    expect(routeFamily('/api/v1/api-keysx')).to.equal('data');
    expect(routeFamily('/v1/market/daily')).to.equal('data');
    expect(routeFamily('/console')).to.equal('public');
    expect(routeFamily('/v1x')).to.equal('public');
  });

  it('scopes by route prefix', () => {
    expect(scopeOfPath('/v1/market/daily')).to.equal('market');
    expect(scopeOfPath('/api/v1/stocks/prices')).to.equal('market');
    expect(scopeOfPath('/api/v1/indices')).to.equal('market');
    expect(scopeOfPath('/v1/financials/income-statement')).to.equal('financials');
    expect(scopeOfPath('/api/v1/fundamentals')).to.equal('financials');
    expect(scopeOfPath('/v1/stock/basic-info')).to.equal('reference');
    expect(scopeOfPath('/V1/STOCK/search')).to.equal('reference');
    expect(scopeOfPath('/v1/industry/constituents')).to.equal('reference');
    expect(scopeOfPath('/v1/indices/constituents')).to.equal('reference');
    expect(scopeOfPath('/v1/events/dividends')).to.equal('events');
    expect(scopeOfPath('/v1/nope')).to.equal(undefined);
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
