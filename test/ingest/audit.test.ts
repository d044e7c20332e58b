import { expect } from 'chai';
import { importBundle } from '../../src/ingest/bundle';
import { runAudit } from '../../src/audit/runAudit';
import { auditFails, CHECK_NAMES } from '../../src/domain/quality/findings';
import { useTestDb } from '../support/testDb';
import { correctedBundle, plantedBundle } from '../support/plantedBundle';

const OPTIONS = { minCoverage: 0.9, now: new Date('2024-02-01T10:00:00Z') };

describe('audit: one planted defect of each check, found once under its name; a correcting load resolves it', () => {
  const testDb = useTestDb({ each: true });

  it('finds each planted defect exactly once, with its symbol, date and figures, and nothing else', async () => {
    const bundle = plantedBundle();
    try {
      await importBundle(testDb.db, bundle.dir);
      // The live feed's final snapshot of 600013.SH's last session, its last price 5 cents off the stored close.
      await testDb.db('live_quotes').insert({
        ts_code: '600013.SH',
        quote_minute: '2024-01-31 15:00:00',
        quote_time: '2024-01-31 15:00:03',
        last: 10.05,
        open: 10.1,
        high: 10.15,
        low: 9.95,
        pre_close: 10.1,
        volume: 102100,
        amount: 1026105,
        suspended: false,
      });
      const summary = await runAudit(testDb.db, OPTIONS);
      const told = summary.findings.map(({ check, symbol, date, detail }) => ({ check, symbol, date, detail }));
      expect(told).to.deep.equal(
        [
          {
            check: 'bar_on_closed_day',
            symbol: '600003.SH',
            date: '2024-01-06',
            detail: { calendar_first: '2024-01-02', calendar_last: '2024-01-31' },
          },
          {
            check: 'missing_session',
            symbol: '600001.SH',
            date: '2024-01-10',
            detail: { first_bar: '2024-01-02', last_bar: '2024-01-30' },
          },
          {
            check: 'ohlc_inconsistent',
            symbol: '600004.SH',
            date: '2024-01-11',
            detail: { open: 10.1, high: 10.02, low: 9.95, close: 10, vol: 1007 },
          },
          {
            check: 'vwap_outside_range',
            symbol: '600005.SH',
            date: '2024-01-12',
            detail: { vwap: 11.9048, low: 9.95, high: 10.15, amount: 1200000, vol: 1008, tick: 0.01 },
          },
          {
            check: 'limit_breach',
            symbol: '600006.SH',
            date: '2024-01-16',
            detail: {
              pre_close: 10,
              limit_ratio: 0.1,
              limit_up: 11,
              limit_down: 9,
              high: 11.05,
              low: 10,
              close: 11.05,
            },
          },
          {
            check: 'pre_close_mismatch',
            symbol: '600007.SH',
            date: '2024-01-17',
            detail: { pre_close: 10.5, previous_close: 10.1, previous_date: '2024-01-16' },
          },
          {
            check: 'event_without_factor_step',
            symbol: '600009.SH',
            date: '2024-01-18',
            detail: { ex_date: '2024-01-18', previous_close: 10, ex_reference: 9.8, pre_close: 9.8, factor: 1 },
          },
          {
            check: 'factor_step_mismatch',
            symbol: '600010.SH',
            date: '2024-01-18',
            detail: { step: 1.05, expected: 1.020408, previous_close: 10, pre_close: 9.8, tolerance: 0.00111 },
          },
          {
            check: 'factor_step_without_event',
            symbol: '600008.SH',
            date: '2024-01-18',
            detail: { factor_before: 1, factor: 1.020408 },
          },
          {
            check: 'stale_bar',
            symbol: '600011.SH',
            date: '2024-01-23',
            detail: {
              previous_date: '2024-01-22',
              open: 10,
              high: 10.1,
              low: 9.9,
              close: 10,
              vol: 1014,
              amount: 1019070,
            },
          },
          { check: 'zero_volume', symbol: '600012.SH', date: '2024-01-24', detail: { vol: 0, amount: 0 } },
          {
            check: 'balance_sheet_identity',
            symbol: '600012.SH',
            date: '2023-12-31',
            detail: {
              total_assets: 1000000000,
              total_liab: 600000000,
              total_hldr_eqy_inc_min_int: 390000000,
              difference: 10000000,
              tolerance: 10000,
            },
          },
          {
            check: 'limit_price_mismatch',
            symbol: '600013.SH',
            date: '2024-01-19',
            detail: { source_up: 11.2, source_down: 9.09, computed_up: 11.11, computed_down: 9.09 },
          },
          {
            check: 'limit_list_mismatch',
            symbol: '600013.SH',
            date: '2024-01-22',
            detail: { source_limit: 'U', source_limit_times: 2, limit_move: 'up', limit_streak: 1 },
          },
          {
            check: 'partial_session',
            symbol: null,
            date: '2024-01-31',
            detail: { bars: 1, expected: 16, min_coverage: 0.9 },
          },
          {
            check: 'source_mismatch',
            symbol: '600013.SH',
            date: '2024-01-31',
            detail: { stored_close: 10, live_close: 10.05 },
          },
        ].sort((a, b) => a.date.localeCompare(b.date) || (a.symbol ?? '').localeCompare(b.symbol ?? '')),
      );
      // Every check but an offer's first-day band, which no listing of 2024 has (test/unit/priceLimits.test.ts).
      expect(new Set(summary.findings.map(({ check }) => check))).to.have.length(CHECK_NAMES.length - 1);
      expect([summary.added.length, summary.resolved, auditFails('new', summary)]).to.deep.equal([16, 0, true]);
      // Run again, the same errors are no longer new: `new` passes, `open` still fails, `never` never does.
      const again = await runAudit(testDb.db, OPTIONS);
      expect([again.findings.length, again.added.length, again.resolved]).to.deep.equal([16, 0, 0]);
      expect((['new', 'open', 'never'] as const).map((gate) => auditFails(gate, again))).to.deep.equal([
        false,
        true,
        false,
      ]);
    } finally {
      bundle.remove();
    }
  });

  it('a load that corrects the rows resolves their findings; the rest stay open', async () => {
    const planted = plantedBundle();
    const fixed = correctedBundle();
    try {
      await importBundle(testDb.db, planted.dir);
      await runAudit(testDb.db, OPTIONS);
      await testDb.db('daily_bars').where({ ts_code: '600003.SH', trade_date: '2024-01-06' }).delete();
      await testDb.db('adj_factors').where({ ts_code: '600003.SH', trade_date: '2024-01-06' }).delete();
      await importBundle(testDb.db, fixed.dir);
      const after = await runAudit(testDb.db, { ...OPTIONS, now: new Date('2024-02-02T10:00:00Z') });
      expect(after.findings.map(({ check }) => check)).to.deep.equal(['partial_session']);
      expect([after.added.length, after.resolved]).to.deep.equal([0, 14]);
      const rows = await testDb
        .db('quality_findings')
        .orderBy(['check_name', 'ts_code'])
        .select('check_name', 'ts_code', 'resolved_at');
      expect(rows.filter((row) => row.resolved_at === null).map((row) => row.check_name)).to.deep.equal([
        'partial_session',
      ]);
      expect(rows).to.have.length(15);
    } finally {
      planted.remove();
      fixed.remove();
    }
  });
});
