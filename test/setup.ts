import { assertAnswersInContract } from './support/contractCheck';
import { closeSharedFixture } from './support/fixture';
import { closeGeneratedStore } from './support/generatedStore';

export const mochaHooks = {
  afterEach() {
    assertAnswersInContract();
  },
  async afterAll() {
    await closeSharedFixture();
    await closeGeneratedStore();
  },
};
