/**
 * Files that are not regular files, for tests of a flag that names a file to write: a FIFO always,
 * and a character device (like /dev/null, made in a temp dir) where the tests run as root, who alone
 * may make one and whose chmod of it would succeed.
 */
import { execFileSync } from "node:child_process";
import { chmodSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "./temp-dir.js";

export function notRegularFiles(): { kind: string; path: string }[] {
  const dir = makeTempDir("reseller-special-");
  const fifo = join(dir, "receipts.fifo");
  execFileSync("mkfifo", ["-m", "0644", fifo]);
  const files = [{ kind: "a FIFO", path: fifo }];
  if (process.getuid?.() === 0) {
    const device = join(dir, "null");
    execFileSync("mknod", [device, "c", "1", "3"]);
    chmodSync(device, 0o666);
    files.push({ kind: "a character device", path: device });
  }
  return files;
}
