import type { components } from '../../../generated/api';

/** Tushare's `data`: field names, rows of values in that order, and whether more rows match. */
export type TushareData = NonNullable<components['schemas']['TushareData']>;
export type TushareValue = TushareData['items'][number][number];
