import { expect } from 'chai';
import { hashPassword, verifyPassword } from '../../src/modules/accounts/passwords.service';
import { effectiveRateLimit } from '../../src/domain/access/rateLimits';
import { daysBetween, usageRange } from '../../src/domain/time/usageRange';

describe('accounts: rules (pure)', () => {
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
