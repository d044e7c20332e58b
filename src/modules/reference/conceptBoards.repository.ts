import type { Db } from '../../db/connection';
import type { PageRequest } from '../../domain/api/pagination';
import { pageOf } from './constituents.repository';
import type { ConceptBoardRow, ConceptMemberRow } from './reference.types';

/** Boards of a kind, a market and a name containing `name` (each when given), by code. */
export function conceptBoardPage(
  db: Db,
  filter: { type?: string; exchange?: string; name?: string },
  window: PageRequest,
) {
  const base = () => {
    const query = db('concept_boards as b');
    if (filter.type !== undefined) query.where('b.type', filter.type);
    if (filter.exchange !== undefined) query.where('b.exchange', filter.exchange);
    // instr, not LIKE: a name's own % and _ match themselves, with no escape rules that differ by engine.
    if (filter.name !== undefined) query.whereRaw('instr(b.name, ?) > 0', [filter.name]);
    return query;
  };
  return pageOf<ConceptBoardRow>(
    base,
    [{ column: 'b.ts_code' }],
    ['b.ts_code', 'b.name', 'b.type', 'b.exchange', 'b.count', 'b.list_date'],
    window,
  );
}

/** The board a `board` parameter names: its code (885800.TI) or its exact name; null when none has it. */
export async function findConceptBoard(db: Db, board: string): Promise<{ ts_code: string; name: string } | null> {
  const row = await db('concept_boards')
    .where('ts_code', board)
    .orWhere('name', board)
    .orderBy('ts_code')
    .first('ts_code', 'name');
  return row ?? null;
}

/**
 * Memberships of one board (by member) or of some stocks' codes (by board), current ones only unless `past`
 * (a current member is `is_new` Y, or unmarked).
 */
export function conceptMemberPage(
  db: Db,
  filter: { board: string | null; codes: readonly string[] | null; past: boolean },
  window: PageRequest,
) {
  const base = () => {
    const query = db('concept_members as m').leftJoin('concept_boards as b', 'b.ts_code', 'm.ts_code');
    if (filter.board !== null) query.where('m.ts_code', filter.board);
    if (filter.codes !== null) query.whereIn('m.con_code', [...filter.codes]);
    if (!filter.past) query.where((q) => q.whereNull('m.is_new').orWhere('m.is_new', 'Y'));
    return query;
  };
  const order =
    filter.board !== null
      ? [{ column: 'm.con_code' }, { column: 'm.ts_code' }]
      : [{ column: 'm.ts_code' }, { column: 'm.con_code' }];
  return pageOf<ConceptMemberRow>(
    base,
    order,
    [
      'm.ts_code',
      'b.name as board_name',
      'm.con_code',
      'm.con_name',
      'm.weight',
      'm.in_date',
      'm.out_date',
      'm.is_new',
    ],
    window,
  );
}
