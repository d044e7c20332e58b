import { randomBytes } from 'node:crypto';
import { parseOneSymbol } from '../../domain/reference/symbols';
import { ok } from '../../http/envelope';
import { writeAnswer } from '../../http/answers/answerWriters';
import type { Handler } from '../../http/handler';
import type { CodeHistory } from '../common/codeHistory.service';
import { assertTickAccess, type PlanVisibility } from '../subscriptions/planVisibility.service';
import { snapshotMinutes, snapshotPage } from './snapshots.service';
import { toSnapshot } from './snapshots.serializer';

export interface SnapshotsDeps {
  /** The recorder's directory (SNAPSHOT_DIR); none: nothing is recorded here. */
  root?: string;
  codes: CodeHistory;
  visibility: PlanVisibility;
  cursorSecret?: string;
}

export function snapshotsHandlers({
  root,
  codes,
  visibility,
  cursorSecret = randomBytes(32).toString('hex'),
}: SnapshotsDeps) {
  // A former code answers as the security's current one, whose bucket holds its snapshots.
  const currentCode = async (symbol: string) => (await codes.resolve([symbol]))[0]?.code ?? symbol;

  const getSnapshots: Handler<'getSnapshots'> = async (req, res) => {
    const seen = await visibility.of(res.locals.keyOwner!.planId);
    assertTickAccess(seen);
    const code = await currentCode(parseOneSymbol(req.query.symbol));
    const { date, cursor, limit = 1000 } = req.query;
    const page = await snapshotPage(root, { tsCode: code, date, cursor, limit }, seen, cursorSecret);
    await writeAnswer(req, res, { ...ok(page.snapshots.map(toSnapshot)), cursor: page.cursor, has_more: page.hasMore });
  };
  const getSnapshotMinutes: Handler<'getSnapshotMinutes'> = async (req, res) => {
    const seen = await visibility.of(res.locals.keyOwner!.planId);
    const code = await currentCode(parseOneSymbol(req.query.symbol));
    const { date, bars } = await snapshotMinutes(root, { tsCode: code, date: req.query.date }, seen);
    await writeAnswer(req, res, ok({ symbol: code, trade_date: date, bars }));
  };

  return { getSnapshots, getSnapshotMinutes };
}
