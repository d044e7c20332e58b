import type { CoverageDataset } from '../domain/market/coverage';
import type { UpdateSource } from '../domain/time/syncSchedule';
import type { ApiDescriptor } from './apiDescriptor';
import { API, API_CATALOGUE } from './apiCatalogue';
import { asksPerSession } from './syncPlans';

const CLOCKS: readonly CoverageDataset['clock'][] = ['session', 'minute', 'period'];
const LEADING: readonly string[] = [API.daily.api, API.adj_factor.api];

/**
 * The datasets whose coverage the service reports: each api with a coverage, filled by Baostock's update where
 * its entry says so and by Tushare's where its sync asks it session by session. The daily bars and their
 * factors lead (what a reader looks for first; the catalogue loads the valuations before them), then the rest
 * by clock (sessions, minutes, report periods), each in the catalogue's order.
 */
export const COVERAGE_DATASETS: readonly CoverageDataset[] = API_CATALOGUE.flatMap(({ api, coverage, sync }) => {
  if (!coverage) return [];
  const { baostock, ...dataset } = coverage;
  const sources: UpdateSource[] = [
    ...(baostock ? ['baostock' as const] : []),
    ...(asksPerSession(sync) ? ['tushare' as const] : []),
  ];
  return [{ name: api, ...dataset, sources }];
}).sort((a, b) => rankOf(a) - rankOf(b));

function rankOf({ name, clock }: CoverageDataset): number {
  const leading = LEADING.indexOf(name);
  return leading >= 0 ? leading - LEADING.length : CLOCKS.indexOf(clock);
}

/** The datasets an update from `source` fills, session by session. */
export const datasetsOf = (source: UpdateSource) =>
  COVERAGE_DATASETS.filter((dataset) => dataset.sources.includes(source));

/** The coverage of an api that has one. */
export const coverageOf = ({ api }: ApiDescriptor): CoverageDataset =>
  COVERAGE_DATASETS.find((dataset) => dataset.name === api)!;
