// Runs the slowest test files first, so the jest workers finish together instead of one of them
// starting a two-minute file when the other has nothing left. Jest's own sequencer does this from
// its cache of the last run's durations, but CI starts with an empty cache, and jest then orders
// by file size (and runs files it has no time for first), which says little about an integration
// test's time. test/suite-timings.json, the seconds each file took in a whole run of its tier
// (`npm run test:timings` writes it; test/suite-timings.test.js checks it lists every file), fills
// in for every file the cache does not know; a file in neither counts as quick (0 s). Order: files that failed in the
// last run (jest's cache), then by duration, longest first, then by size, largest first.
const path = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;
const timings = require("./suite-timings.json");

const root = path.resolve(__dirname, "..");

class SlowestFirstSequencer extends Sequencer {
  time(test) {
    const cached = super.time(test);
    if (cached != null) return cached;
    const seconds = timings.files[path.relative(root, test.path).split(path.sep).join("/")];
    return (seconds ?? 0) * 1000;
  }

  sort(tests) {
    const keyed = tests.map((test) => {
      test.duration = this.time(test);
      return {
        test,
        failed: this.hasFailed(test) ? 1 : 0,
        size: test.context.hasteFS.getSize(test.path) ?? 0,
      };
    });
    keyed.sort((a, b) => b.failed - a.failed || b.test.duration - a.test.duration || b.size - a.size);
    return keyed.map((k) => k.test);
  }
}

module.exports = SlowestFirstSequencer;
