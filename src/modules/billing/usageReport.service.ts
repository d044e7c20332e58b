import type { components } from '../../../generated/api';
import type { Db } from '../../db/connection';
import { usagePerDay, usagePerEndpoint, usagePerKey, type UsageFilter } from './usage.repository';
import { daysBetween } from '../../domain/time/usageRange';

type UsageReport = components['schemas']['UsageReport'];

/** Totals, a zero-filled series per day, and the split per endpoint and per key. */
export async function usageReport(db: Db, filter: UsageFilter): Promise<UsageReport> {
  const [perDay, byEndpoint, byKey] = await Promise.all([
    usagePerDay(db, filter),
    usagePerEndpoint(db, filter),
    usagePerKey(db, filter),
  ]);
  const countOfDay = new Map(perDay.map((row) => [row.day, row.count]));
  return {
    begin_date: filter.begin,
    end_date: filter.end,
    total: perDay.reduce((sum, row) => sum + row.count, 0),
    total_bytes: byEndpoint.reduce((sum, row) => sum + row.bytes, 0),
    daily: daysBetween(filter.begin, filter.end).map((date) => ({ date, count: countOfDay.get(date) ?? 0 })),
    by_endpoint: byEndpoint,
    by_key: byKey,
  };
}
