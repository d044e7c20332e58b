import type { Db } from './connection';
import type { CodeChange } from '../domain/reference/codeChanges';

/** Every code change, oldest first, and which of the codes they lead to are securities of the store. */
export async function codeChangeSources(db: Db): Promise<{ changes: CodeChange[]; knownCodes: Set<string> }> {
  const changes: CodeChange[] = await db('code_changes')
    .orderBy([{ column: 'change_date' }, { column: 'old_code' }])
    .select('old_code', 'new_code', 'change_date', 'reason');
  const newCodes = [...new Set(changes.map((change) => change.new_code))];
  const knownCodes = new Set<string>(
    newCodes.length === 0 ? [] : await db('securities').whereIn('ts_code', newCodes).pluck('ts_code'),
  );
  return { changes, knownCodes };
}
