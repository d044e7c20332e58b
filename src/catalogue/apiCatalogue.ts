import { tushareApiOf, type DatasetDescriptor } from '../domain/tables/datasetDescriptor';
import { DATASET_DESCRIPTORS } from '../domain/tables/datasetDescriptors';
import type { TushareApi } from '../domain/tables/tushareApi';
import { datasetLoad } from '../loaders/datasetTables';
import { periodsOf, sessionsOf, type ApiDescriptor, type ApiEntry } from './apiDescriptor';
import { EVENT_APIS, INTRADAY_APIS } from './eventApis';
import { FINANCIAL_APIS } from './financialApis';
import { MARKET_APIS } from './marketApis';
import { REFERENCE_APIS } from './referenceApis';
import { datasetPlan } from './syncPlans';

/** A dataset's descriptor (src/domain/tables) as an api of the catalogue. */
const datasetEntry = (descriptor: DatasetDescriptor): ApiEntry => ({
  tushare: tushareApiOf(descriptor),
  load: datasetLoad(descriptor),
  sync: descriptor.sync && datasetPlan(descriptor.sync),
  kind: descriptor.kind,
  coverage:
    descriptor.coverage === 'sessions'
      ? sessionsOf(descriptor.table, 'any')
      : descriptor.coverage === 'periods'
        ? periodsOf(descriptor.table)
        : undefined,
});

/** Entries under their names as descriptors, each name typed: `API.daily.api` is `'daily'`. */
function named<T extends Record<string, ApiEntry>>(entries: T): { [K in keyof T & string]: T[K] & { api: K } } {
  return Object.fromEntries(Object.entries(entries).map(([api, entry]) => [api, { api, ...entry }])) as never;
}

/**
 * The apis beside the datasets' descriptors, by api_name. Code elsewhere names such an api through this record
 * (`API.daily`), and a dataset through its descriptor, never as a string.
 */
const [reference, market, financial, events, intraday] = [
  named(REFERENCE_APIS),
  named(MARKET_APIS),
  named(FINANCIAL_APIS),
  named(EVENT_APIS),
  named(INTRADAY_APIS),
];
export const API = { ...reference, ...market, ...financial, ...events, ...intraday };

/**
 * Every api the service knows, in import order: the securities and the calendar before the data on them, the
 * datasets of the descriptors (Baostock's quarterly indicators among them) after the prices.
 */
export const API_CATALOGUE: readonly ApiDescriptor[] = [
  ...Object.values(reference),
  ...Object.values(market),
  ...DATASET_DESCRIPTORS.map((descriptor) => ({ api: descriptor.api, ...datasetEntry(descriptor) })),
  ...Object.values(financial),
  ...Object.values(events),
  ...Object.values(intraday),
];

/** The api_names `/dataapi` answers: every api with an entry there, by name. */
export const TUSHARE_APIS: Readonly<Record<string, TushareApi>> = Object.fromEntries(
  API_CATALOGUE.flatMap(({ api, tushare }) => (tushare ? [[api, tushare]] : [])),
);

/** The names, for an unknown name's message. */
export const TUSHARE_API_NAMES = Object.keys(TUSHARE_APIS);
