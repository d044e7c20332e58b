import { closeSharedFixture } from './support/fixture';
import { closeGeneratedStore } from './support/generatedStore';

export const mochaHooks = {
  async afterAll() {
    await closeSharedFixture();
    await closeGeneratedStore();
  },
};
