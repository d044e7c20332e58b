/* global process */
// Preloaded into a child server (NODE_OPTIONS=--require …) to run its clock from TEST_CLOCK_START onward: the
// wall clock moved, time still passing at its pace, so a process test can stand inside a trading session at
// any hour. A test-only shim: the product has no clock override.
const start = process.env.TEST_CLOCK_START;
if (start) {
  const RealDate = Date;
  const offset = RealDate.parse(start) - RealDate.now();
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
