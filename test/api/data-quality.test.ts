import { expect } from 'chai';
import { pageOf } from '../support/pagination';
import type { Knex } from 'knex';
import { importBundle } from '../../src/ingest/bundle';
import { runAudit } from '../../src/audit/runAudit';
import { correctedBundle, plantedBundle } from '../support/plantedBundle';
import { useKeyedServer } from '../support/server';

const FOUND = new Date('2024-02-01T10:00:00Z');
const FIXED = new Date('2024-02-02T10:00:00Z');

async function seed(db: Knex): Promise<void> {
  const bundle = plantedBundle();
  try {
    await importBundle(db, bundle.dir);
    await runAudit(db, { minCoverage: 0.9, now: FOUND });
  } finally {
    bundle.remove();
  }
}

describe('GET /v1/data/quality: the audit’s findings, counted and listed', () => {
  const api = useKeyedServer(seed, 'enterprise');

  it('the open counts by check and severity, and a check’s findings with their figures', async () => {
    const { status, body } = await api.get('/v1/data/quality?check=limit_breach');
    expect(status, JSON.stringify(body)).to.equal(200);
    expect(body).to.deep.equal({
      code: 200,
      message: 'success',
      data: {
        summary: {
          open_errors: 9,
          open_warnings: 6,
          by_check: [
            ['balance_sheet_identity', 'error'],
            ['bar_on_closed_day', 'error'],
            ['event_without_factor_step', 'error'],
            ['factor_step_mismatch', 'error'],
            ['factor_step_without_event', 'warning'],
            ['limit_breach', 'error'],
            ['limit_list_mismatch', 'warning'],
            ['limit_price_mismatch', 'warning'],
            ['missing_session', 'error'],
            ['ohlc_inconsistent', 'error'],
            ['partial_session', 'warning'],
            ['pre_close_mismatch', 'error'],
            ['stale_bar', 'warning'],
            ['vwap_outside_range', 'error'],
            ['zero_volume', 'warning'],
          ].map(([check, severity]) => ({ check, severity, open: 1 })),
        },
        findings: [
          {
            check: 'limit_breach',
            severity: 'error',
            symbol: '600006.SH',
            date: '2024-01-16',
            item: null,
            detail: {
              pre_close: 10,
              limit_ratio: 0.1,
              limit_up: 11,
              limit_down: 9,
              high: 11.05,
              low: 10,
              close: 11.05,
            },
            first_seen: '2024-02-01T10:00:00Z',
            last_seen: '2024-02-01T10:00:00Z',
            resolved_at: null,
          },
        ],
      },
      pagination: pageOf(1, 1, 1000),
    });
  });

  it('filters by symbol (any format), severity and dates, newest first; CSV is a row per finding', async () => {
    const one = await api.get('/v1/data/quality?symbol=sh.600012');
    expect(one.body.data.findings.map((f: { check: string; date: string }) => [f.check, f.date])).to.deep.equal([
      ['zero_volume', '2024-01-24'],
      ['balance_sheet_identity', '2023-12-31'],
    ]);
    expect(one.body.data.findings[1].item).to.equal('1 2024-01-20');
    const warnings = await api.get('/v1/data/quality?severity=warning&begin_date=2024-01-18&end_date=2024-01-24');
    expect(warnings.body.data.findings.map((f: { check: string }) => f.check)).to.deep.equal([
      'zero_volume',
      'stale_bar',
      'limit_list_mismatch',
      'limit_price_mismatch',
      'factor_step_without_event',
    ]);
    const response = await fetch(`${api.server.baseUrl}/v1/data/quality?check=partial_session&format=csv`, {
      headers: { 'X-API-KEY': api.key },
    });
    const [header, row] = (await response.text()).trim().split('\n');
    expect(header).to.equal('summary,check,severity,symbol,date,item,detail,first_seen,last_seen,resolved_at');
    expect(row).to.match(
      /,partial_session,warning,,2024-01-31,,"{""bars"":1,""expected"":16,""min_coverage"":0.9}",2024-02-01T10:00:00Z,2024-02-01T10:00:00Z,$/,
    );
  });

  it('an unknown check or status → 400 invalid_parameter; an unknown symbol → 400 invalid_symbol', async () => {
    const check = await api.get('/v1/data/quality?check=price_glitch');
    expect([check.status, check.body.error]).to.deep.equal([400, 'invalid_parameter']);
    const status = await api.get('/v1/data/quality?status=closed');
    expect([status.status, status.body.error]).to.deep.equal([400, 'invalid_parameter']);
    const symbol = await api.get('/v1/data/quality?symbol=999999');
    expect([symbol.status, symbol.body.error]).to.deep.equal([400, 'invalid_symbol']);
  });

  it('after a correcting load and its audit, status=resolved lists what it fixed and the counts drop', async () => {
    const bundle = correctedBundle();
    try {
      await api.db('daily_bars').where({ ts_code: '600003.SH', trade_date: '2024-01-06' }).delete();
      await importBundle(api.db, bundle.dir);
      await runAudit(api.db, { minCoverage: 0.9, now: FIXED });
    } finally {
      bundle.remove();
    }
    const open = await api.get('/v1/data/quality');
    expect(open.body.data.summary).to.deep.equal({
      open_errors: 0,
      open_warnings: 1,
      by_check: [{ check: 'partial_session', severity: 'warning', open: 1 }],
    });
    const resolved = await api.get('/v1/data/quality?status=resolved&check=limit_breach');
    expect(
      resolved.body.data.findings.map((f: { symbol: string; resolved_at: string }) => [f.symbol, f.resolved_at]),
    ).to.deep.equal([['600006.SH', '2024-02-02T10:00:00Z']]);
    const coverage = await api.get('/v1/data/coverage');
    expect(coverage.body.data.open_findings).to.deep.equal({ errors: 0, warnings: 1 });
    const metrics = await (await fetch(`${api.server.baseUrl}/metrics`)).text();
    expect(metrics).to.include('ashare_quality_findings{check="partial_session",severity="warning"} 1');
  });
});
