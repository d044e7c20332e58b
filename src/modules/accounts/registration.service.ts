import type { Db } from '../../db/connection';
import { isUniqueViolation } from '../../db/driverErrors';
import { emailTaken } from '../../domain/api/errors';
import { findPlan, insertInvoice } from '../subscriptions/subscriptions.repository';
import { findAccount, findAccountIdByEmail, insertAccount } from './accounts.repository';
import type { AccountRow } from './accounts.types';
import { hashPassword } from './passwords.service';

/** Every new account starts on the starter plan, with its first invoice (0 yuan) written with it. */
const NEW_ACCOUNT_PLAN = 'starter';

export interface Registration {
  email: string;
  name: string | null;
  password: string;
}

/**
 * Opens an account: the email once (409 email_taken, also when a concurrent registration wins the race and the
 * unique key refuses the second), the password as a scrypt hash, the account and its first invoice in one
 * transaction.
 */
export async function registerAccount(db: Db, registration: Registration): Promise<AccountRow> {
  if ((await findAccountIdByEmail(db, registration.email)) !== null) throw emailTaken();
  const passwordHash = await hashPassword(registration.password);
  const plan = (await findPlan(db, NEW_ACCOUNT_PLAN))!;
  const id = await db
    .transaction(async (trx) => {
      const accountId = await insertAccount(trx, {
        email: registration.email,
        name: registration.name,
        planId: plan.id,
        passwordHash,
      });
      await insertInvoice(trx, accountId, plan, null);
      return accountId;
    })
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? emailTaken() : err;
    });
  return (await findAccount(db, id))!;
}
