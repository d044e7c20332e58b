import type { Db } from '../../db/connection';
import { marketStatusAt } from '../../domain/time/marketStatus';
import { parseOneSymbol } from '../../domain/reference/symbols';
import { writeAnswer } from '../../http/answers/answerWriters';
import { ok } from '../../http/envelope';
import { pageWindow, paginationOf } from '../../domain/api/pagination';
import type { Handler } from '../../http/handler';
import { signedIn } from '../../http/auth';
import type { CodeHistory } from '../common/codeHistory.service';
import { listingRows } from '../common/listing.repository';
import { resolveSecurities, securityCodesOf } from '../common/securityResolution.service';
import type { TradingCalendar } from '../common/tradingCalendar.service';
import type { PlanVisibility } from '../subscriptions/planVisibility.service';
import type { StoreCoverage } from './coverage.service';
import { recentRuns } from './freshness.repository';
import { findingsPage, openFindingCounts } from './quality.repository';
import * as wire from './freshness.serializer';

export interface FreshnessDeps {
  db: Db;
  codes: CodeHistory;
  calendar: TradingCalendar;
  coverage: StoreCoverage;
  visibility: PlanVisibility;
  clock?: () => Date;
}

/** Where the market and the data stand: the market's phase now, how current each dataset is, and (console) the last updates. */
export function freshnessHandlers({
  db,
  codes,
  calendar,
  coverage,
  visibility,
  clock = () => new Date(),
}: FreshnessDeps) {
  const getMarketStatus: Handler<'getMarketStatus'> = async (_req, res) => {
    res.json(ok(wire.toMarketStatus(marketStatusAt(clock(), await calendar.openDays()))));
  };

  const getDataCoverage: Handler<'getDataCoverage'> = async (req, res) => {
    const security =
      req.query.symbol === undefined
        ? undefined
        : (
            await resolveSecurities(codes, [parseOneSymbol(req.query.symbol)], (current) => listingRows(db, current))
          )[0]!.row;
    const report = await coverage.report(await visibility.of(res.locals.keyOwner!.planId), security);
    await writeAnswer(req, res, ok(wire.toDataCoverage(report)));
  };

  const getDataStatus: Handler<'getDataStatus'> = async (_req, res) => {
    const account = signedIn(res);
    const [report, runs] = await Promise.all([
      coverage.report(await visibility.of(account.plan_id)),
      recentRuns(db, 10),
    ]);
    res.json(ok({ coverage: wire.toDataCoverage(report), runs: runs.map(wire.toUpdateRunRecord) }));
  };

  const getDataQuality: Handler<'getDataQuality'> = async (req, res) => {
    const { check, severity, status = 'open', symbol, begin_date: begin, end_date: end } = req.query;
    const window = pageWindow(req.query, 1000);
    const through = (await visibility.of(res.locals.keyOwner!.planId)).dailyThrough;
    const security = await securityCodesOf(db, codes, symbol);
    const [counts, page] = await Promise.all([
      openFindingCounts(db, through),
      findingsPage(db, { status, check, severity, codes: security.all, begin, end, through }, window),
    ]);
    const data = { summary: wire.toQualitySummary(counts), findings: page.rows.map(wire.toQualityFinding) };
    await writeAnswer(req, res, { ...ok(data), pagination: paginationOf(window, page.total) });
  };

  return { getMarketStatus, getDataCoverage, getDataStatus, getDataQuality };
}
