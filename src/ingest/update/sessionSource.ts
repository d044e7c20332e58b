import type { Knex } from 'knex';
import type { UpdateSource } from '../../domain/time/syncSchedule';

/** What an update asks of its source: the calendar and stock list, a session's loads, and what follows them. */
export interface SessionSource {
  name: UpdateSource;
  /** The calendar and the stock list of the range, so that sessions and their universes are known. */
  refresh(db: Knex, since: string, until: string): Promise<void>;
  /**
   * Loads one session of every dataset the source fills; `lacking`: the stocks listed that day that some of
   * them lack (a source asked per security asks only these). Resolves with the rows written and how.
   */
  loadSession(db: Knex, day: string, lacking: string[], today: string): Promise<{ rows: number; path: string }>;
  /** After the sessions, what the gap window from `first` through `last` lacks besides (the main indices' bars). */
  finish(db: Knex, first: string, last: string, today: string): Promise<void>;
}
