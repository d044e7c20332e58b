import { pinyin } from 'pinyin-pro';

/** Pinyin initials of a security name as Tushare writes them: `平安银行` → `PAYH`, `万科Ａ` → `WKA`. */
export function cnspellOf(name: string): string {
  return pinyin(name.normalize('NFKC'), { pattern: 'first', toneType: 'none', type: 'array' }).join('').toUpperCase();
}

/** Full pinyin of a security name, upper case without tones or spaces: `平安银行` → `PINGANYINHANG`. */
export function fullPinyinOf(name: string): string {
  return pinyin(name.normalize('NFKC'), { toneType: 'none', type: 'array' }).join('').toUpperCase();
}
