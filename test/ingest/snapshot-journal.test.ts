import { expect } from 'chai';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { tableFromIPC } from 'apache-arrow';
import { pino } from 'pino';
import { SnapshotRecorder } from '../../src/live/snapshotRecorder';
import { journalPath, readJournal } from '../../src/live/snapshotJournal';
import { snapshotBucketOf } from '../../src/domain/market/snapshotRecords';
import { snapshotAt } from '../support/quoteServer';

const DAY = '2026-04-02';
const logger = pino({ level: 'silent' });
const snapshot = (time: string, last: number) =>
  snapshotAt(DAY, '000001.SZ', '平安银行', time, { last, open: 11.23, high: 11.3, low: 11.1, pre_close: 11.27 });

describe("a recorded day's journal read before its close: every snapshot written so far, by any Arrow reader", () => {
  const root = mkdtempSync(`${tmpdir()}/ashare-journal-`);
  const journal = journalPath(root, DAY, snapshotBucketOf('000001.SZ'));
  after(() => rmSync(root, { recursive: true, force: true }));

  /** A recorder's appends, one a snapshot, as its timer makes them during the session. */
  async function record(times: Array<[string, number]>): Promise<void> {
    let at = new Date(`${DAY}T09:30:00+08:00`);
    const recorder = new SnapshotRecorder(root, logger, () => at);
    for (const [time, last] of times) {
      at = new Date(`${DAY}T${time}+08:00`);
      recorder.record([snapshot(time, last)], 'tencent');
      await recorder.flush();
    }
    await recorder.stop();
  }

  /** What apache-arrow, knowing nothing of the recorder, reads of the journal: the quote times and last prices. */
  const readByArrow = () => {
    const table = tableFromIPC(readFileSync(journal));
    return {
      rows: table.numRows,
      codes: [...table.getChild('ts_code')!].map(String),
      last: [...table.getChild('last')!],
    };
  };

  it('three appends are three batches of one stream: all read', async () => {
    await record([
      ['09:30:03', 11.25],
      ['09:30:06', 11.24],
      ['09:30:09', 11.26],
    ]);
    expect(readByArrow()).to.deep.equal({
      rows: 3,
      codes: ['000001.SZ', '000001.SZ', '000001.SZ'],
      last: [11.25, 11.24, 11.26],
    });
  });

  it('a writer killed mid-append, then started again: its next batch follows the last whole one', async () => {
    appendFileSync(journal, Buffer.from([0xff, 0xff, 0xff, 0xff, 0x10, 0, 0]));
    expect((await readJournal(journal)).length).to.equal(3);
    await record([['09:30:12', 11.27]]);
    expect(readByArrow().last).to.deep.equal([11.25, 11.24, 11.26, 11.27]);
    expect((await readJournal(journal)).map((record) => record.numbers[0])).to.deep.equal([11.25, 11.24, 11.26, 11.27]);
  });
});
