import { expect } from 'chai';
import {
  columnTypeOfValue,
  columnTypesOf,
  epochDay,
  epochMillis,
  type JsonSchema,
} from '../../src/domain/answers/columnTypes';

const SCHEMAS: Record<string, JsonSchema> = {
  Bar: {
    type: 'object',
    properties: {
      date: { type: 'string', format: 'date' },
      close: { type: ['number', 'null'] },
      volume: { type: ['integer', 'null'] },
      final: { type: 'boolean' },
      time: { type: 'string', pattern: String.raw`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$` },
      symbol: { type: 'number' },
    },
  },
  Run: { type: 'object', properties: { finished_at: { type: 'string', format: 'date-time' } } },
};
const resolve = (ref: string) => SCHEMAS[ref.split('/').at(-1)!]!;

describe('domain/answers/columnTypes: a table answer’s column types from its contract schema', () => {
  it('types every scalar of the data and of the records listed in it, the first met winning; lists of records are rows, other objects JSON text', () => {
    const envelope: JsonSchema = {
      allOf: [
        { type: 'object', properties: { code: { type: 'integer' } } },
        {
          properties: {
            data: {
              type: 'object',
              properties: {
                symbol: { type: 'string' },
                updated: { oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/Run' }] },
                as_of: { anyOf: [{ type: 'null' }, { type: 'string', format: 'date-time' }] },
                tags: { type: 'array', items: { type: 'string' } },
                bars: { type: 'array', items: { $ref: '#/components/schemas/Bar' } },
                again: { type: 'array', items: { $ref: '#/components/schemas/Bar' } },
              },
            },
          },
        },
      ],
    };
    expect([...columnTypesOf(envelope, resolve)]).to.deep.equal([
      ['symbol', 'string'],
      ['updated', 'text'],
      ['as_of', 'timestamp'],
      ['tags', 'text'],
      ['bars', 'text'],
      ['date', 'date'],
      ['close', 'float64'],
      ['volume', 'int64'],
      ['final', 'bool'],
      ['time', 'timestamp'],
      // Met after the first list's records, whose columns come first (a depth-first walk, as rows flatten).
      ['again', 'text'],
    ]);
    expect(columnTypesOf({ type: 'object' }, resolve).size).to.equal(0);
  });

  it('a column the contract does not name takes its type from a value; days and instants to the epoch', () => {
    expect([1.5, true, 'x', null].map(columnTypeOfValue)).to.deep.equal(['float64', 'bool', 'text', 'text']);
    expect([
      epochDay('1970-01-02'),
      epochDay('20240102'),
      epochDay('2024-01-02 15:00:00'),
      epochDay('soon'),
    ]).to.deep.equal([1, 19724, 19724, null]);
    // Beijing wall time is UTC+8; an ISO instant keeps its own offset.
    expect(epochMillis('1970-01-01 08:00:01')).to.equal(1000);
    expect(epochMillis('1970-01-01T00:00:01Z')).to.equal(1000);
    expect(epochMillis('1970-01-01T08:00:01+08:00')).to.equal(1000);
    expect(epochMillis('later')).to.equal(null);
  });
});
