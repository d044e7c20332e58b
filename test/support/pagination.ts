/** The pagination object of a page/offset list, by hand: `offset` defaults to the page's first item. */
export const pageOf = (current: number, totalItems: number, perPage: number, offset = (current - 1) * perPage) => ({
  current_page: current,
  total_pages: Math.ceil(totalItems / perPage),
  total_items: totalItems,
  items_per_page: perPage,
  has_next_page: offset + perPage < totalItems,
  has_prev_page: offset > 0,
});
