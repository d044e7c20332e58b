import { expect } from 'chai';
import { ashareCli } from '../support/ashareCli';
import { plantedBundle } from '../support/plantedBundle';
import { useTestDb } from '../support/testDb';

/** `ashare <args>` on the test's database, a session complete at 90 % of its universe. */
const ashare = (databaseUrl: string, args: string[]) => ashareCli(databaseUrl, args, { SYNC_MIN_COVERAGE: '0.9' });

describe('the audit gate: a cron chain `import && audit` stops on known errors when asked to', function () {
  this.timeout(120_000);
  const testDb = useTestDb();

  it('import: never by default, open fails on the planted errors; audit: new by default passes on known ones, open fails', async () => {
    const bundle = plantedBundle();
    try {
      const imported = await ashare(testDb.url, ['import', bundle.dir]);
      expect(imported.code, imported.stderr).to.equal(0);
      expect(imported.stderr).to.match(/audit: new findings by check: .*limit_breach \(error\) \d+/);
      // And counted the store for the coverage, which the server reads instead of counting.
      expect(imported.stderr).to.match(/coverage: the store counted in \d+\.\d s/);
      expect(await testDb.db('coverage_counts').count({ n: '*' })).to.deep.equal([{ n: 1 }]);
      // The import's own audit made them known: no longer new.
      expect((await ashare(testDb.url, ['audit'])).code).to.equal(0);
      expect((await ashare(testDb.url, ['audit', '--fail-on', 'open'])).code).to.equal(1);
      expect((await ashare(testDb.url, ['import', bundle.dir, '--fail-on', 'open'])).code).to.equal(1);
      expect((await ashare(testDb.url, ['audit', '--fail-on', 'never'])).code).to.equal(0);
      const refused = await ashare(testDb.url, ['audit', '--fail-on', 'sometimes']);
      expect([refused.code, refused.stderr]).to.satisfy(
        ([code, text]: [number, string]) => code !== 0 && /expected new or open or never/.test(text),
      );
    } finally {
      bundle.remove();
    }
  });
});
