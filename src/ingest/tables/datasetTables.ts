import type { DatasetDescriptor } from '../../domain/tables/datasetDescriptor';
import type { TableLoad } from '../loaderTypes';
import { layoutLoad, layoutRow } from './layoutRows';

/** A dataset's load: its descriptor's columns in its units, less the source rows it skips; a load bumps its scope's data version. */
export function datasetLoad(descriptor: DatasetDescriptor): TableLoad {
  const { skips } = descriptor;
  return layoutLoad(
    descriptor,
    descriptor.scope,
    skips ? { toRow: (values) => (skips(values) ? null : layoutRow(descriptor, values)) } : {},
  );
}
