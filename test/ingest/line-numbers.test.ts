import { expect } from 'chai';
import iconv from 'iconv-lite';
import { importBundle } from '../../src/ingest/bundle';
import { CsvReadError, csvRecords } from '../../src/ingest/csvRecords';
import { IngestError } from '../../src/ingest/ingestError';
import { rejectionLines } from '../../src/loaders/loaderTypes';
import { useTestDb } from '../support/testDb';
import { DAILY_HEADER, writeBundle } from './support/bundle';

/** A file's lines joined as it is written: LF, CRLF, or a CRLF header with the rows appended with LF. */
type Endings = 'lf' | 'crlf' | 'mixed';
const joined = (lines: string[], endings: Endings) =>
  endings === 'mixed'
    ? `${lines[0]}\r\n${lines.slice(1).join('\n')}\n`
    : lines.join(endings === 'lf' ? '\n' : '\r\n') + (endings === 'lf' ? '\n' : '\r\n');

/** How a file's text becomes bytes: UTF-8, UTF-8 with a byte-order mark, GBK. */
const ENCODINGS = {
  'UTF-8': (text: string) => Buffer.from(text),
  'UTF-8 with a BOM': (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
  GBK: (text: string) => iconv.encode(text, 'gbk'),
};

interface Read {
  lines: number[];
  refused?: { line: number; message: string };
}

async function readLines(bytes: Buffer): Promise<Read> {
  const bundle = writeBundle({ 'file.csv': bytes });
  const lines: number[] = [];
  try {
    for await (const record of csvRecords(`${bundle.dir}/file.csv`)) lines.push(record.line);
    return { lines };
  } catch (err) {
    if (!(err instanceof CsvReadError)) throw err;
    return { lines, refused: { line: err.line, message: err.message } };
  } finally {
    bundle.remove();
  }
}

describe('line numbers: a record is named by the line it begins on, whatever the endings and encoding', () => {
  for (const [encoding, encode] of Object.entries(ENCODINGS)) {
    for (const endings of ['lf', 'crlf', 'mixed'] as const) {
      describe(`${encoding}, ${endings}`, () => {
        it('records after a quoted field spanning two lines, then a refused one', async () => {
          const file = joined(
            ['code,name,note', '000001,平安银行,a', '000002,"万科\n企业",b', '000004,国华网安,c', '000005,世纪星源'],
            endings,
          );
          expect(await readLines(encode(file))).to.deep.equal({
            lines: [2, 3, 5],
            refused: { line: 6, message: 'expected 3 fields, got 2 (truncated line or wrong delimiter?)' },
          });
        });

        it('a quote opened and never closed is named at the line it opens on', async () => {
          const file = joined(['code,name', '000001,平安银行', '000002,"万科', '000004,国华网安', '000005,x'], endings);
          expect(await readLines(encode(file))).to.deep.equal({
            lines: [2],
            refused: { line: 3, message: 'a quoted field is not closed; truncated file?' },
          });
        });

        it('empty lines count', async () => {
          const file = joined(['code,name', '', '000001,平安银行', '', '000002,万科'], endings);
          expect(await readLines(encode(file))).to.deep.equal({ lines: [3, 5] });
        });
      });
    }
  }

  it('a CRLF that straddles two chunks of the read is one line ending', async () => {
    const header = 'code,name\r\n';
    // The first 64 KiB chunk ends between the CR and the LF of the line after the padding.
    const padding = '0'.repeat(64 * 1024 - header.length - '000001,'.length - 1);
    const bytes = Buffer.from(`${header}000001,${padding}\r\n000002,b\r\n000003\r\n`);
    expect(bytes[64 * 1024 - 1]).to.equal(0x0d);
    expect(await readLines(bytes)).to.deep.equal({
      lines: [2, 3],
      refused: { line: 4, message: 'expected 2 fields, got 1 (truncated line or wrong delimiter?)' },
    });
  });
});

describe('line numbers of a load: left-out rows and refused files name their lines in every ending', () => {
  const testDb = useTestDb({ each: true });
  const GOOD = '000001.SZ,20240104,9.19,9.22,9.15,9.2,9.21,-0.01,-0.1086,733610.31,673673.61';

  async function load(content: string): Promise<string[]> {
    const bundle = writeBundle({ 'daily.csv': content });
    try {
      return (await importBundle(testDb.db, bundle.dir)).flatMap(rejectionLines);
    } catch (err) {
      expect(err).to.be.instanceOf(IngestError);
      return [(err as Error).message];
    } finally {
      bundle.remove();
    }
  }

  for (const endings of ['lf', 'crlf', 'mixed'] as const) {
    it(`${endings}: a bad value on line 2 is line 2; a quote left open on line 3 refuses the file at line 3`, async () => {
      expect(await load(joined([DAILY_HEADER, GOOD.replace('9.19', 'abc'), GOOD], endings))).to.deep.equal([
        'daily.csv:2: not a number in column open: "abc" (row left out)',
      ]);
      const [refused] = await load(joined([DAILY_HEADER, GOOD, '000001.SZ,"20240105', GOOD], endings));
      expect(refused).to.match(/^daily\.csv:3: a quoted field is not closed/);
    });
  }
});
