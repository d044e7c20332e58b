import { expect } from 'chai';
import { connect } from '../../src/db/connection';
import { isDatabaseUnavailable, isUniqueViolation } from '../../src/db/driverErrors';
import { dialect, useTestDb } from '../support/testDb';

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => expect.fail('expected the statement to fail'),
    (err: unknown) => err,
  );

describe(`db/driverErrors: the drivers' errors read in one place (${dialect}, real statements)`, () => {
  const testDb = useTestDb();

  it('a second row with the same unique key is a unique violation, and not an outage', async () => {
    const insert = () =>
      testDb.db('plans').insert({
        id: 'custom',
        name: 'Custom',
        price_monthly_cents: 0,
        rate_limit_per_minute: 10,
        daily_delay_minutes: 0,
        minute_delay_minutes: 0,
        tick_access: false,
        sort_order: 9,
      });
    await insert();
    const err = await failureOf(insert());
    expect([isUniqueViolation(err), isDatabaseUnavailable(err)]).to.deep.equal([true, false]);
  });

  it('a server that refuses the connection is unavailable (503), and not a unique violation', async () => {
    const unreachable = connect('mysql://root@127.0.0.1:1/test', { queryTimeoutMs: 1000 });
    try {
      const err = await failureOf(unreachable.raw('select 1'));
      expect([isDatabaseUnavailable(err), isUniqueViolation(err)]).to.deep.equal([true, false]);
    } finally {
      await unreachable.destroy();
    }
  });

  it("a statement past the server's own time limit is unavailable (503), not a 500", async function () {
    if (dialect !== 'mysql') this.skip(); // SQLite has no server-side statement limit
    const err = await failureOf(
      testDb.db.raw(
        'set statement max_statement_time = 0.01 for select count(*) from information_schema.collations a, information_schema.collations b, information_schema.collations c',
      ),
    );
    expect([isDatabaseUnavailable(err), isUniqueViolation(err)]).to.deep.equal([true, false]);
  });

  it('a wrong statement is neither (it stays a 500)', async () => {
    const err = await failureOf(testDb.db.raw('select * from no_such_table'));
    expect([isDatabaseUnavailable(err), isUniqueViolation(err)]).to.deep.equal([false, false]);
  });
});
