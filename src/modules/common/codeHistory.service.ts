import type { Db } from '../../db/connection';
import { VersionedValue, type DataVersions } from '../../db/dataVersions';
import { CodeChangeMap, type CodeChange, type CodeSpan, type ResolvedSymbol } from '../../domain/reference/codeChanges';
import { codeChangeSources } from '../../db/codeChangeSources';

/**
 * The store's code changes from memory (`CodeChangeMap`), built at start and again when the `reference` data
 * version moves: a symbol-taking route resolves old codes and reads a security's former codes without SQL
 * (a cold daily request used to ask `code_changes` twice, once to resolve and once for the spans).
 */
export class CodeHistory {
  private readonly map: VersionedValue<CodeChangeMap>;

  /** `versions`: the ones the answer cache keys on, so no answer is stored under a newer reference version than its map. */
  constructor(db: Db, versions: DataVersions) {
    this.map = new VersionedValue(versions, 'reference', async () => {
      const { changes, knownCodes } = await codeChangeSources(db);
      return new CodeChangeMap(changes, knownCodes);
    });
  }

  warmUp(): void {
    this.map.warmUp();
  }

  async resolve(requested: readonly string[]): Promise<ResolvedSymbol[]> {
    return (await this.map.current()).resolve(requested);
  }

  async spans(currentCodes: readonly string[]): Promise<Map<string, CodeSpan[]>> {
    return (await this.map.current()).spans(currentCodes);
  }

  async touching(codes?: readonly string[]): Promise<CodeChange[]> {
    return (await this.map.current()).touching(codes);
  }

  async chainOf(code: string): Promise<CodeChange[]> {
    return (await this.map.current()).chainOf(code);
  }
}
