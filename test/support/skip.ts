/**
 * Skips the calling suite (from a `before` hook) with one visible line naming what is skipped, why and how to
 * run it, unless `requiredBy` names an environment variable set to 1 (CI sets them), in which case the
 * missing piece is a failure. Never silent: a skipped suite always says so in the run's output.
 */
export function skipVisibly(context: Mocha.Context, what: string, why: string, requiredBy: string): never {
  if (process.env[requiredBy] === '1') throw new Error(`${what} cannot run: ${why} (${requiredBy}=1 requires it)`);
  console.log(`    SKIPPED ${what}: ${why}`);
  context.skip();
}
