import { expect } from 'chai';
import { loadContract } from '../../src/http/contract';
import { operationPolicies } from '../../src/http/operations';
import { DATASET_DESCRIPTORS } from '../../src/domain/tables/datasetDescriptors';
import { TUSHARE_APIS } from '../../src/modules/tushare/apiNames.catalog';

/**
 * The lists that name api_names and operations against the catalogue they derive from: the contract's
 * `/dataapi` prose (what a reader is told is served), the api_names served, the descriptors' routes.
 */
describe('the api catalogue against the contract', () => {
  const contract = loadContract();
  const dataapi = contract.paths!['/dataapi/{api_name}']!.post!.description!;

  it("the contract's /dataapi list names every api_name served, each once, and no other", () => {
    const listed = /\*\*api_names:\*\* ([a-z0-9_, ]+)\./.exec(dataapi)![1]!.split(', ');
    expect(new Set(listed).size, 'each once').to.equal(listed.length);
    expect([...listed].sort()).to.deep.equal(Object.keys(TUSHARE_APIS).sort());
  });

  it('every descriptor with a route names an operation of the contract, and its api_name is served', () => {
    const operations = new Set(operationPolicies(contract).map((operation) => operation.operationId));
    for (const descriptor of DATASET_DESCRIPTORS) {
      if (descriptor.route) expect(operations, descriptor.api).to.include(descriptor.route.operationId);
      if (descriptor.tushare) expect(Object.keys(TUSHARE_APIS), descriptor.api).to.include(descriptor.api);
    }
  });
});
