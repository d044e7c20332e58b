import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import type { Db } from '../../db/connection';
import type { AnswerCache, AnswerCacheOptions } from '../../http/answerCache';
import { PlanRules, type Visibility } from './market.visibility';

export interface MarketOptions extends AnswerCacheOptions {
  /** Secret that signs trade cursors; a random one per process when absent (cursors then die with it). */
  cursorSecret?: string;
}

/** What the market handlers share: the database, plan rules, the answer cache and the cursor secret. */
export class MarketContext {
  readonly plans: PlanRules;
  readonly cursorSecret: string;

  constructor(
    readonly db: Db,
    readonly answers: AnswerCache,
    cursorSecret?: string,
  ) {
    this.plans = new PlanRules(db);
    this.cursorSecret = cursorSecret ?? randomBytes(32).toString('hex');
  }

  visibility(res: Response): Promise<Visibility> {
    return this.plans.visibility(res.locals.keyOwner!.planId);
  }
}
