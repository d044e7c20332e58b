import { closeSharedFixture } from './support/fixture';

export const mochaHooks = {
  async afterAll() {
    await closeSharedFixture();
  },
};
