import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { expect } from 'chai';
import { loadContract } from '../../src/http/contract';
import { operationPolicies } from '../../src/http/operations';
import { DATASET_DESCRIPTORS } from '../../src/domain/tables/datasetDescriptors';
import { API_CATALOGUE, TUSHARE_APIS } from '../../src/catalogue/apiCatalogue';
import { isGrantedApart } from '../../src/catalogue/apiDescriptor';
import { COVERAGE_DATASETS } from '../../src/catalogue/coverageDatasets';
import { BUNDLE_FILE_NAMES } from '../../src/ingest/bundle';
import { INSTRUMENT_APIS, SYNC_APIS } from '../../src/ingest/tushare/tushareSync';
import { FLAT_DATASETS } from '../../src/modules/tushare/flatFiles.service';
import { paths, ROOT } from '../../src/paths';

const names = (filter: (descriptor: (typeof API_CATALOGUE)[number]) => unknown) =>
  API_CATALOGUE.filter(filter).map(({ api }) => api);

/**
 * The lists that name api_names and operations against the catalogue they derive from: the contract's
 * `/dataapi` prose (what a reader is told is served), the api_names served, the bundle's files, the sync's and
 * the update's apis, the coverage, the export, the demo bundle and the descriptors' routes; and the rule that
 * code outside the catalogue names an api through it, never by hand.
 */
describe('the api catalogue against the contract and every list', () => {
  const contract = loadContract();
  const dataapi = contract.paths!['/dataapi/{api_name}']!.post!.description!;

  it('names each api once', () => {
    const all = names(() => true);
    expect(new Set(all).size).to.equal(all.length);
  });

  it("the contract's /dataapi list names every api_name served, each once, and no other", () => {
    const listed = /\*\*api_names:\*\* ([a-z0-9_, ]+)\./.exec(dataapi)![1]!.split(', ');
    expect(new Set(listed).size, 'each once').to.equal(listed.length);
    expect([...listed].sort()).to.deep.equal(names((api) => api.tushare).sort());
    expect(Object.keys(TUSHARE_APIS)).to.deep.equal(names((api) => api.tushare));
  });

  it('the bundle reads, the sync asks, the coverage reports and the export writes the apis the catalogue says', () => {
    expect(BUNDLE_FILE_NAMES).to.deep.equal(names((api) => api.load).map((api) => `${api}.csv`));
    expect(SYNC_APIS).to.deep.equal(names((api) => api.sync));
    expect(INSTRUMENT_APIS).to.deep.equal(names((api) => api.sync && isGrantedApart(api)));
    const covered = COVERAGE_DATASETS.map(({ name }) => name);
    expect([...covered].sort()).to.deep.equal(names((api) => api.coverage).sort());
    expect(covered.slice(0, 2), 'the bars and their factors first').to.deep.equal(['daily', 'adj_factor']);
    expect(FLAT_DATASETS.filter((api) => !(api in TUSHARE_APIS))).to.deep.equal([]);
    // Every api has somewhere to go: a file a bundle may hold, or an answer of /dataapi.
    expect(names((api) => !api.load && !api.tushare)).to.deep.equal([]);
  });

  it("the demo bundle's files are the catalogue's", () => {
    const files = readdirSync(paths.demoData).filter((file) => file.endsWith('.csv'));
    const known = new Set([...BUNDLE_FILE_NAMES, 'baostock_stock_basic.csv']);
    expect(files.filter((file) => !known.has(file))).to.deep.equal([]);
  });

  it('every descriptor with a route names an operation of the contract, and its api_name is served', () => {
    const operations = new Set(operationPolicies(contract).map((operation) => operation.operationId));
    for (const descriptor of DATASET_DESCRIPTORS) {
      if (descriptor.route) expect(operations, descriptor.api).to.include(descriptor.route.operationId);
      if (descriptor.tushare) expect(Object.keys(TUSHARE_APIS), descriptor.api).to.include(descriptor.api);
    }
  });

  /**
   * Outside the catalogue (src/catalogue) and the descriptors and layouts (src/domain/tables), no source file
   * writes a bundle file's name (`'daily.csv'`), and none of the code that speaks api_names (the sync, the
   * update, `/dataapi`, the flat-file export, the bundle) writes an api_name as a string: they reach it as
   * `API.daily` or a descriptor. Elsewhere `'daily'` may be a kline interval and `'adj_factor'` a column.
   */
  it('no api_name is written by hand outside its descriptor', () => {
    const all = names(() => true).join('|');
    const fileName = new RegExp(`['"\`](${all})\\.csv['"\`]`);
    const apiName = new RegExp(`['"\`](${all})['"\`]`);
    const speaksApiNames = /^src\/(ingest\/tushare|ingest\/update\/tushareSessions|ingest\/bundle|modules\/tushare)\b/;
    const files = execFileSync('git', ['ls-files', 'src'], { encoding: 'utf8' })
      .split('\n')
      .filter((file) => file.endsWith('.ts') && !/^src\/(catalogue|domain\/tables)\//.test(file));
    const found: string[] = [];
    for (const file of files) {
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\*|\/\/|\/\*)/.test(line)) return;
          if (fileName.test(line) || (speaksApiNames.test(file) && apiName.test(line))) found.push(`${file}:${i + 1}`);
        });
    }
    expect(found).to.deep.equal([]);
  });
});
