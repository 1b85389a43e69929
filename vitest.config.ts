import { defineConfig } from "vitest/config";

const processTests = ["test/e2e/**/*.test.ts", "test/emulator/**/*.test.ts", "test/pty/**/*.test.ts"];

export default defineConfig({
  test: {
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
    projects: [
      // Tests that run handlers in this process (unit, client): the language spoken, mocked modules and
      // the proxy settings they change stay with their file, so each file gets fresh modules. A new
      // folder of tests lands here.
      {
        extends: true,
        test: { name: "in-process", include: ["test/**/*.test.ts"], exclude: processTests },
      },
      // These drive processes (the built CLI, tmux) against an emulator of the file's own and change
      // nothing of this process: a worker keeps the modules it loaded (the emulator, vitest's own) for
      // its next file, rather than a new process loading them again for each.
      { extends: true, test: { name: "processes", include: processTests, isolate: false } },
    ],
  },
});
