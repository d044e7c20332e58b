import type { DatasetDescriptor } from '../domain/tables/datasetDescriptor';
import type { TableLoader } from './loaderTypes';
import { layoutLoad, layoutRow, numberedLoad } from './layoutRows';

/**
 * A dataset's load: its descriptor's columns in its units, less the source rows it skips, numbered where rows
 * share its key; a load bumps its scope's data version.
 */
export function datasetLoad(descriptor: DatasetDescriptor): TableLoader {
  const { skips } = descriptor;
  return numberedLoad(
    descriptor,
    layoutLoad(
      descriptor,
      descriptor.scope,
      skips ? { toRow: (values) => (skips(values) ? null : layoutRow(descriptor, values)) } : {},
    ),
  );
}
