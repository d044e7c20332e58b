import type { Db } from '../../db/connection';
import { SecurityDirectory, type DirectoryEntry, type NameChange } from '../../domain/reference/securityDirectory';

/** Every security's name and kind and every name change (about 6,000 and 20,000 rows for the whole market), in two reads. */
export async function securityDirectory(db: Db): Promise<SecurityDirectory> {
  const [securities, nameChanges] = await Promise.all([
    db('securities').select('ts_code', 'name', 'kind') as Promise<DirectoryEntry[]>,
    db('name_changes').select('ts_code', 'start_date', 'name') as Promise<NameChange[]>,
  ]);
  return new SecurityDirectory(securities, nameChanges);
}
