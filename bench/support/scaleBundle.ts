import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateBundle } from '../../src/generate/generateBundle';

export interface ScaleSize {
  stocks: number;
  years: number;
  sessions: number;
}

/**
 * The whole-market bundle of `size` in the temp dir, generated on first use (minutes at full size: 5,500 ×
 * 20 years is ~24 M daily rows a table, 60 sessions ~79 M minute bars) and kept: a marker file says it is complete.
 */
export async function scaleBundle(size: ScaleSize): Promise<{ dir: string; generatedSeconds: number | null }> {
  const dir = join(tmpdir(), `ashare-scale-${size.stocks}x${size.years}x${size.sessions}`);
  const marker = join(dir, '.complete');
  if (existsSync(marker)) return { dir, generatedSeconds: null };
  rmSync(dir, { recursive: true, force: true });
  console.error(
    `generating ${size.stocks} stocks × ${size.years} years, ${size.sessions} sessions of minute bars into ${dir} …`,
  );
  const started = performance.now();
  const counts = await generateBundle({
    out: dir,
    stocks: size.stocks,
    years: size.years,
    seed: 1,
    wholeMarket: { minuteSessions: size.sessions },
  });
  writeFileSync(marker, JSON.stringify(counts, null, 2));
  return { dir, generatedSeconds: Math.round((performance.now() - started) / 1000) };
}
