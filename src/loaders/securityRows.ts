import { cnspellOf, fullPinyinOf } from '../domain/reference/cnspell';
import { listingOf, type SecurityKind } from '../domain/reference/symbols';

/** The columns every `securities` row has, from its standard code, kind and name (pinyin initials unless given, full pinyin for search). */
export function securityIdentity(tsCode: string, kind: SecurityKind, name: string, cnspell = cnspellOf(name)) {
  return {
    ts_code: tsCode,
    symbol: tsCode.slice(0, 6),
    kind,
    name,
    cnspell,
    pinyin: fullPinyinOf(name),
    exchange: listingOf(tsCode),
  };
}
