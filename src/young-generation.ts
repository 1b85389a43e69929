/**
 * `work` with V8's young generation held at its size, for a walk over many records (`history --json`
 * of everything, `report`'s books of a year): V8 grows it with what survives its collections, and a
 * long walk always has something alive (over 100k orders `history --json` grew it from 2 to 8 MiB).
 * Set here rather than when Node starts, where it cost every short `history --json` 7–20 ms of CPU;
 * V8's default again after, as the launcher's code cache is taken only under the flags it was made
 * with (a flag left changed would have it rejected and written again on every run).
 */
// Its own module, importing nothing of the project: output and report both use it, neither below the other.
export async function steadyYoungGeneration<T>(work: () => T | Promise<T>): Promise<T> {
  const v8 = process.getBuiltinModule("node:v8");
  v8.setFlagsFromString("--semi-space-growth-factor=1");
  try {
    return await work();
  } finally {
    v8.setFlagsFromString("--semi-space-growth-factor=2");
  }
}
