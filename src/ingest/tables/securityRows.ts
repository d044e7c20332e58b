import { cnspellOf, fullPinyinOf } from '../../domain/reference/cnspell';
import { exchangeOfStandard } from '../../domain/reference/symbols';

/** The columns every `securities` row has, from its standard code, kind and name (pinyin initials unless given, full pinyin for search). */
export function securityIdentity(tsCode: string, kind: 'stock' | 'index', name: string, cnspell = cnspellOf(name)) {
  return {
    ts_code: tsCode,
    symbol: tsCode.slice(0, 6),
    kind,
    name,
    cnspell,
    pinyin: fullPinyinOf(name),
    exchange: exchangeOfStandard(tsCode),
  };
}
