import { ladderOf } from '../../domain/quality/limitLadder';
import type { Visibility } from '../../domain/time/marketTime';
import { crossSection, type CrossSectionRequest } from './crossSection.service';
import type { MarketSources } from './market.service';
import type { LimitLadder } from './market.types';

export type LimitLadderRequest = Pick<CrossSectionRequest, 'date' | 'exchange' | 'board' | 'riskWarning'>;

/** A day's ladder, from the stocks of its cross-section with their states (the same rows, the same states). */
export async function limitLadder(
  sources: MarketSources,
  request: LimitLadderRequest,
  visibility: Visibility,
): Promise<LimitLadder> {
  const day = await crossSection(sources, { ...request, kind: 'stock', adjusted: false, states: true }, visibility);
  const entries = day.entries.slice(0, day.entries.length).map((entry) => ({
    symbol: entry.row.symbol,
    move: entry.row.stateField('limit_move'),
    streak: entry.row.stateField('limit_streak'),
    entry,
  }));
  return { date: day.date, ...ladderOf(entries) };
}
