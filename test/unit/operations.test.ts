import { expect } from 'chai';
import { loadContract, type Contract } from '../../src/http/contract';
import { operationPolicies } from '../../src/http/operations';

/** The bundled contract with one change to the getDaily operation. */
function withDaily(change: (operation: Record<string, unknown>) => void): Contract {
  const contract = loadContract();
  change(contract.paths!['/v1/market/daily']!.get as unknown as Record<string, unknown>);
  return contract;
}

describe('http/operations: the policy read from the contract', () => {
  it('getDaily: API key, scope market, cached on market and reference data for real-time plans', () => {
    const daily = operationPolicies(loadContract()).find((policy) => policy.operationId === 'getDaily');
    expect(daily).to.deep.equal({
      operationId: 'getDaily', method: 'get', path: '/v1/market/daily', credential: 'apiKey', scope: 'market',
      cache: { datasets: ['market', 'reference'], realtimeOnly: true },
    });
  });

  it('an API-key operation without a known x-scope stops the process', () => {
    expect(() => operationPolicies(withDaily((op) => delete op['x-scope']))).to.throw('getDaily: an API-key operation needs x-scope');
    expect(() => operationPolicies(withDaily((op) => (op['x-scope'] = 'markets')))).to.throw('getDaily: an API-key operation needs x-scope');
  });

  it('a malformed x-cache stops the process', () => {
    expect(() => operationPolicies(withDaily((op) => (op['x-cache'] = true)))).to.throw('getDaily: x-cache.datasets must list');
    expect(() => operationPolicies(withDaily((op) => (op['x-cache'] = { datasets: ['prices'] })))).to.throw('getDaily: x-cache.datasets must list');
  });

  it('security: [] is public, BearerAuth a console session', () => {
    const credentialOf = (id: string) => operationPolicies(loadContract()).find((policy) => policy.operationId === id)?.credential;
    expect([credentialOf('login'), credentialOf('register'), credentialOf('getMe'), credentialOf('listPlans')]).to.deep.equal(['none', 'none', 'session', 'session']);
  });
});
