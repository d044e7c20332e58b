import type { Db } from '../../db/connection';
import { VersionedValue, type DataVersions } from '../../db/dataVersions';
import type { SecurityDirectory } from '../../domain/reference/securityDirectory';
import { securityDirectory } from './securityDirectory.repository';

/**
 * The security directory from memory, built at start and again when the `reference` data version moves (the
 * versions the answer cache keys on, so no answer is stored under a newer reference version than its names).
 */
export function securityDirectorySource(db: Db, versions: DataVersions): VersionedValue<SecurityDirectory> {
  return new VersionedValue(versions, 'reference', () => securityDirectory(db));
}
