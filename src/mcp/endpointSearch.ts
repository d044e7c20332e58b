/** What `search_endpoints` ranks: an operation by its tool name, summary and parameter names. */
export interface SearchableEndpoint {
  name: string;
  summary: string;
  parameters: readonly string[];
}

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9\u4e00-\u9fff]+/)
    .filter(Boolean);

/**
 * Endpoints ranked for a keyword query: each query word scores 3 in the tool name, 2 in the summary and 1 in
 * a parameter name (a word's prefix of 3 letters or more counts: "divid" finds dividends); ties keep the
 * catalog's order. Endpoints that match no word are left out.
 */
export function rankEndpoints<E extends SearchableEndpoint>(endpoints: readonly E[], query: string, limit = 5): E[] {
  const words = wordsOf(query);
  const hits = (word: string, within: string[]) =>
    within.some((candidate) => candidate === word || (word.length >= 3 && candidate.startsWith(word)));
  const scored = endpoints.map((endpoint, index) => {
    const name = wordsOf(endpoint.name);
    const summary = wordsOf(endpoint.summary);
    const parameters = endpoint.parameters.flatMap(wordsOf);
    const score = words.reduce(
      (sum, word) =>
        sum + (hits(word, name) ? 3 : 0) + (hits(word, summary) ? 2 : 0) + (hits(word, parameters) ? 1 : 0),
      0,
    );
    return { endpoint, index, score };
  });
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.endpoint);
}
