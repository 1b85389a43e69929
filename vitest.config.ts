import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Most tests wait on a process they spawned (the built CLI, a shell, tmux), not on the CPU: on a
    // two-core machine vitest's default (cores - 1) would run one file at a time.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Tests that format times in this process see a zone with an offset, as the built CLI does in the
    // end-to-end tests (test/support/cli.ts): on a CI machine in UTC, local time and UTC would look alike.
    env: { TZ: "Asia/Jakarta" },
    // Removes the temp dirs tests make with makeTempDir (test/support/temp-dir.ts) when their test ends.
    setupFiles: ["./test/support/setup.ts"],
    reporters: ["default", "./test/support/summary-reporter.ts"],
  },
});
