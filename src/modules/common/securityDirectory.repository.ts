import type { Db } from '../../db/connection';
import { SecurityDirectory, type DirectoryEntry, type NameChange } from '../../domain/reference/securityDirectory';

/**
 * Every security's name and kind, every name change and every code change (about 6,000, 20,000 and a few
 * hundred rows for the whole market), in three reads.
 */
export async function securityDirectory(db: Db): Promise<SecurityDirectory> {
  const [securities, nameChanges, codeChanges] = await Promise.all([
    db('securities').select('ts_code', 'name', 'kind') as Promise<DirectoryEntry[]>,
    db('name_changes').select('ts_code', 'start_date', 'name') as Promise<NameChange[]>,
    db('code_changes').select('old_code', 'new_code') as Promise<Array<{ old_code: string; new_code: string }>>,
  ]);
  return new SecurityDirectory(securities, nameChanges, codeChanges);
}
