export { AshareClient } from './client.js';
export type {
  AshareClientOptions,
  DataPath,
  DailyQuery,
  ItemOf,
  PagedPath,
  QueryOf,
  ResultOf,
  TablePath,
  Trade,
  TradesQuery,
} from './client.js';
export type { DailySeries } from './dailyRange.js';
export { AshareApiError } from './errors.js';
export type { RetryPolicy } from './retry.js';
export type { components, operations, paths } from './api.js';
export type { LiveBar, LiveEvent, Quote, StreamOptions } from './stream.js';
