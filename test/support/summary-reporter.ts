/**
 * Ends every run with one plain line, `Tests: N passed, N failed`, that CI reads whatever the
 * runner: a run that executed no test says `0 passed` instead of looking green.
 */
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed += 1;
        else if (state === "failed") counts.failed += 1;
        else counts.skipped += 1;
      }
      if (module.state() === "failed" && ![...module.children.allTests()].length) counts.failed += 1;
    }
    process.stdout.write(
      `\nTests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""}\n`,
    );
  }
}
