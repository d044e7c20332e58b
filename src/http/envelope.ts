import type { Pagination } from '../domain/pagination';

/** The success envelope. */
export function ok<T>(data: T): { code: 200; message: 'success'; data: T } {
  return { code: 200, message: 'success', data };
}

/** The success envelope of a page/offset paginated list. */
export function okPage<T>(data: T[], pagination: Pagination) {
  return { ...ok(data), pagination };
}
