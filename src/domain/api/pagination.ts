import type { components } from '../../../generated/api';

export type Pagination = components['schemas']['Pagination'];

export interface PageRequest {
  limit: number;
  offset: number;
}

/** page/offset/limit query values → a window; `offset` wins over `page` when both are given. */
export function pageWindow(query: { limit?: number; page?: number; offset?: number }, defaultLimit = 20): PageRequest {
  const limit = query.limit ?? defaultLimit;
  const offset = query.offset ?? ((query.page ?? 1) - 1) * limit;
  return { limit, offset };
}

/** The pagination object for a window over `totalItems` items. */
export function paginationOf(window: PageRequest, totalItems: number): Pagination {
  const currentPage = Math.floor(window.offset / window.limit) + 1;
  const totalPages = Math.ceil(totalItems / window.limit);
  return {
    current_page: currentPage,
    total_pages: totalPages,
    total_items: totalItems,
    items_per_page: window.limit,
    has_next_page: window.offset + window.limit < totalItems,
    has_prev_page: window.offset > 0,
  };
}
