import type { DatasetDescriptor, DatasetRoute } from '../../domain/tables/datasetDescriptor';
import { DATASET_DESCRIPTORS } from '../../domain/tables/datasetDescriptors';

/**
 * The dataset routes, derived from the descriptors (src/domain/tables/datasetDescriptors.ts): a dataset's route
 * is its descriptor's `route`, its contract path and schema; ARCHITECTURE.md's "Adding a dataset" says the rest.
 */
type Descriptor = (typeof DATASET_DESCRIPTORS)[number];
type RouteOf<D> = D extends DatasetDescriptor<string, infer Op> ? NonNullable<D['route']> & { operationId: Op } : never;
type Routes = RouteOf<Descriptor>;

/** The operations of session datasets (rows of a trading day) and of announced ones (disclosures point in time). */
export type DatasetOperation = Extract<Routes, { by: 'session' }>['operationId'];
export type AnnouncedDatasetOperation = Extract<Routes, { by: 'announcement' }>['operationId'];

/** A dataset with its route, as a route handler reads it. */
export type RoutedDataset<By extends 'session' | 'announcement'> = DatasetDescriptor & {
  route: Extract<DatasetRoute<string, DatasetOperation | AnnouncedDatasetOperation>, { by: By }>;
};

const routed = <By extends 'session' | 'announcement'>(by: By) =>
  (DATASET_DESCRIPTORS as readonly DatasetDescriptor[]).filter(
    (descriptor): descriptor is RoutedDataset<By> => descriptor.route?.by === by,
  );

/** The session datasets that have a route. */
export const SESSION_DATASET_ROUTES = routed('session');
/** The announced datasets that have a route. */
export const ANNOUNCED_DATASET_ROUTES = routed('announcement');
