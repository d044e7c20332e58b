import { expect } from 'chai';
import { importBundle } from '../../src/ingest/bundle';
import { runAudit } from '../../src/audit/runAudit';
import { useTestDb } from '../support/testDb';
import { correctedBundle } from '../support/plantedBundle';
import { csv, writeBundle } from './support/bundle';

/**
 * The audit's computed limit prices (src/audit/computedLimits.ts) on the planted January 2024 bundle:
 * every audited bar without a source row gets one by the rules in force, a limit-free day none, and a source
 * row, loaded later, replaces the computed one for good.
 */
describe('ingest: limit prices the audit computes where the source sent none', () => {
  const testDb = useTestDb();
  const limitsOf = (code: string, from = '2024-01-01', to = '2024-01-31') =>
    testDb
      .db('price_limits')
      .where('ts_code', code)
      .whereBetween('trade_date', [from, to])
      .orderBy('trade_date')
      .select('trade_date', 'pre_close', 'up_limit', 'down_limit', 'computed');

  /** A bundle imported as `ashare import` does it: the load, then the audit of the store. */
  const imported = async ({ dir, remove }: { dir: string; remove(): void }) => {
    try {
      await importBundle(testDb.db, dir);
      await runAudit(testDb.db);
    } finally {
      remove();
    }
  };

  before(() => imported(correctedBundle()));

  it('by the board, the risk warning and the listing: ±10 %, ±5 % for ST, ±20 % on ChiNext, none in a new listing’s first five sessions', async () => {
    // 10.00 × 1.1 and × 0.9; ST 10.59 × 1.05 = 11.1195 → 11.12 and × 0.95 = 10.0605 → 10.06; ChiNext 11.90 × 1.2 and × 0.8.
    expect(await limitsOf('600013.SH', '2024-01-02', '2024-01-02')).to.deep.equal([
      { trade_date: '2024-01-02', pre_close: 10, up_limit: 11, down_limit: 9, computed: 1 },
    ]);
    expect(await limitsOf('600015.SH', '2024-01-22', '2024-01-22')).to.deep.equal([
      { trade_date: '2024-01-22', pre_close: 10.59, up_limit: 11.12, down_limit: 10.06, computed: 1 },
    ]);
    expect(await limitsOf('300016.SZ', '2024-01-22', '2024-01-22')).to.deep.equal([
      { trade_date: '2024-01-22', pre_close: 11.9, up_limit: 14.28, down_limit: 9.52, computed: 1 },
    ]);
    // Listed 2024-01-15 under the registration system: its first limit is on its sixth session.
    expect((await limitsOf('600017.SH')).map((row) => row.trade_date)).to.deep.equal([
      '2024-01-22',
      '2024-01-23',
      '2024-01-24',
      '2024-01-25',
      '2024-01-26',
      '2024-01-29',
      '2024-01-30',
    ]);
  });

  it('a source row replaces the computed one and is kept by the audits after', async () => {
    const source = () =>
      writeBundle({
        'stk_limit.csv': csv(
          'trade_date,ts_code,pre_close,up_limit,down_limit',
          '20240122,600015.SH,10.59,11.12,10.06',
        ),
      });
    await imported(source());
    await imported(source());
    expect(await limitsOf('600015.SH', '2024-01-19', '2024-01-23')).to.deep.equal([
      { trade_date: '2024-01-19', pre_close: 10.1, up_limit: 10.61, down_limit: 9.6, computed: 1 },
      { trade_date: '2024-01-22', pre_close: 10.59, up_limit: 11.12, down_limit: 10.06, computed: null },
      { trade_date: '2024-01-23', pre_close: 10.1, up_limit: 10.61, down_limit: 9.6, computed: 1 },
    ]);
  });
});
