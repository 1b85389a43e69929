/**
 * Temporary directories that go away when the test that made them ends: take every directory a test
 * writes in (a config dir, a HOME, a PATH of shims, an output dir) from `makeTempDir`, never from
 * `mkdtempSync` itself, and nothing of the tests is left in the temp dir after a run.
 *
 * A directory made inside a test (or its beforeEach) is removed after that test (concurrent tests':
 * after the last of them); one made outside a test (at the top of a file, in a describe block, in
 * beforeAll) after the file's last test. The hooks
 * that remove them are registered for every test file by vitest.config.ts (`setupFiles`), and they run
 * after the file's own afterEach/afterAll, so a process the file stops there has let go of them first.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const madeInTest: string[] = [];
const madeInFile: string[] = [];
/** Tests under way: more than one while a file's concurrent tests run side by side. */
let testsRunning = 0;

/** A new empty directory under the temp dir, named `<prefix>XXXXXX`, removed when its test (or file) ends. */
export function makeTempDir(prefix = "reseller-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  (testsRunning > 0 ? madeInTest : madeInFile).push(dir);
  return dir;
}

function removeAll(dirs: string[]): void {
  // Retries: a process the test stopped may still be closing a file in it for a moment.
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
}

/** For test/support/setup.ts: a test has started. */
export function testStarted(): void {
  testsRunning += 1;
}

/**
 * For test/support/setup.ts: a test has ended; what it made goes. Concurrent tests' dirs go when the
 * last of them ends: which test made which is not known here, and one still running may be using its own.
 */
export function testEnded(): void {
  testsRunning -= 1;
  if (testsRunning === 0) removeAll(madeInTest);
}

/** For test/support/setup.ts: the file's tests have ended; what was made outside them goes. */
export function fileEnded(): void {
  testsRunning = 0;
  removeAll(madeInTest);
  removeAll(madeInFile);
}
