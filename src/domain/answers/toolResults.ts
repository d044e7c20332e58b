/**
 * Tool results for agents, who pay for every token and whose clients refuse long results (one common client
 * refuses a result over 25,000 tokens). JSON of this API runs at about 4 characters a token for numbers and
 * Latin text and fewer for Chinese names, so a budget of 60,000 characters stays under 20,000 tokens for
 * market data, with room for the note.
 */
export const TOOL_RESULT_BUDGET_CHARS = 60_000;

export type ToolFormat = 'csv' | 'json';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isRecord = (value: Json): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * CSV lines (the header first) as one text cut to the budget between rows (rows come newest first, so the
 * newest are kept): the header and as many whole rows as fit, and how many rows that is.
 */
export function csvWithinBudget(
  lines: readonly string[],
  budget = TOOL_RESULT_BUDGET_CHARS,
): { text: string; shown: number; total: number } {
  const total = lines.length - 1;
  let length = lines[0]!.length;
  let shown = 0;
  while (shown < total && length + 1 + lines[shown + 1]!.length <= budget) length += 1 + lines[++shown]!.length;
  return { text: lines.slice(0, shown + 1).join('\n'), shown, total };
}

/** One list cut to fit the budget: where it is and how much of it is shown. */
export interface Cut {
  path: string;
  shown: number;
  total: number;
}

interface ListAt {
  path: string;
  list: Json[];
}

/** Every list with more than one item (a table's `rows` count as its list), with its JSON path. */
function listsOf(value: Json, path: string, found: ListAt[]): void {
  if (Array.isArray(value)) {
    if (value.length > 1) found.push({ path, list: value });
    value.forEach((item, index) => listsOf(item, `${path}[${index}]`, found));
  } else if (isRecord(value)) {
    for (const [key, inner] of Object.entries(value)) listsOf(inner, `${path}.${key}`, found);
  }
}

const sizeOf = (value: Json) => JSON.stringify(value).length;

/**
 * The value cut to at most `budget` characters of JSON: the largest list is shortened (its first items kept:
 * series come newest first) until the whole fits, and each cut is reported. Pure: a copy is cut.
 */
export function fitToBudget(value: Json, budget = TOOL_RESULT_BUDGET_CHARS): { value: Json; cuts: Cut[] } {
  const copy = structuredClone(value);
  const cuts = new Map<Json[], Cut>();
  for (let size = sizeOf(copy); size > budget; size = sizeOf(copy)) {
    const lists: ListAt[] = [];
    listsOf(copy, '$', lists);
    const largest = lists.sort((a, b) => sizeOf(b.list) - sizeOf(a.list))[0];
    if (largest === undefined) break;
    const { list, path } = largest;
    const cut = cuts.get(list) ?? { path, shown: list.length, total: list.length };
    // Shrink in proportion to the excess, by at least one item.
    const keep = Math.floor(list.length * (1 - (size - budget) / sizeOf(list)) * 0.95);
    list.length = Math.max(1, Math.min(list.length - 1, keep));
    cuts.set(list, { ...cut, shown: list.length });
  }
  return { value: copy, cuts: [...cuts.values()] };
}

/** What an agent reads when a result was cut: what is missing and how to ask for the rest. */
export function truncationNote(cuts: readonly Cut[], budget = TOOL_RESULT_BUDGET_CHARS): string {
  const parts = cuts.map((cut) => `${cut.path} shows the first ${cut.shown} of ${cut.total}`);
  return (
    `Truncated to the result budget of ${budget} characters (about ${Math.round(budget / 4)} tokens): ${parts.join('; ')}. ` +
    'To get the rest, narrow the request: a shorter date range (begin_date/end_date), fewer symbols or fields, ' +
    'or a smaller limit with the next page (page/offset, or the cursor of trades); ' +
    'or keep every row out of the context with store_as and ask them with query_results.'
  );
}
