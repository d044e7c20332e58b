import type * as PinyinPro from 'pinyin-pro';

let pinyinPro: typeof PinyinPro | undefined;

/**
 * Loads pinyin-pro, whose dictionaries take 9 MB of a process: by the loads that spell names (`loadTable`), not by
 * a server that never loads a stock list (`make bench-footprint`).
 */
export async function loadPinyin(): Promise<void> {
  pinyinPro ??= await import('pinyin-pro');
}

const syllables = (name: string, pattern: 'first' | 'pinyin'): string[] => {
  if (pinyinPro === undefined) throw new Error('pinyin-pro is not loaded: loadPinyin() first');
  return pinyinPro.pinyin(name.normalize('NFKC'), { pattern, toneType: 'none', type: 'array' });
};

/** Pinyin initials of a security name as Tushare writes them: `平安银行` → `PAYH`, `万科Ａ` → `WKA`. */
export const cnspellOf = (name: string): string => syllables(name, 'first').join('').toUpperCase();

/** Full pinyin of a security name, upper case without tones or spaces: `平安银行` → `PINGANYINHANG`. */
export const fullPinyinOf = (name: string): string => syllables(name, 'pinyin').join('').toUpperCase();
