/**
 * The one file lock: never taken from a live holder (a paused one included), taken over at once from
 * a dead one, by exactly one of several processes that find it dead together, and a holder whose
 * lease ran out knows it no longer holds it.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { tryTakeLock } from "../../src/config/file-lock.js";
import { makeTempDir } from "../support/temp-dir.js";

function lockPath(): string {
  return join(makeTempDir(), "config.json.lock");
}

function startOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]!;
}

function setBack(path: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  utimesSync(path, then, then);
}

describe("a file lock", () => {
  it("a paused holder keeps it however long since it renewed; once the holder has ended it is taken at once", async () => {
    const path = lockPath();
    const holder = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    const ended = new Promise((done) => holder.on("exit", done));
    try {
      writeFileSync(path, `${holder.pid} ${hostname()} ${startOf(holder.pid!)} a1b2\n`);
      holder.kill("SIGSTOP");
      setBack(path, 10 * 60_000);
      expect(tryTakeLock(path)).toBe("busy");
    } finally {
      holder.kill("SIGKILL");
    }
    await ended;
    const lock = tryTakeLock(path);
    expect(lock).not.toBe("busy");
    expect(readFileSync(path, "utf8")).toContain(`${process.pid} ${hostname()} `);
  });

  it("a pid that runs again for another process (another start time) is no holder; nor is an older format's live pid, which names no start time", () => {
    const path = lockPath();
    writeFileSync(path, `${process.ppid} ${hostname()} 1 c3d4\n`);
    expect(tryTakeLock(path)).not.toBe("busy");
    // `"$PID $(hostname)"`: the pid runs, but nothing proves it is the process that wrote the lock.
    const older = lockPath();
    writeFileSync(older, `${process.ppid} ${hostname()}\n`);
    expect(tryTakeLock(older)).not.toBe("busy");
    expect(readFileSync(older, "utf8")).toContain(`${process.pid} ${hostname()} `);
    // The live holder in this release's format keeps it.
    const current = lockPath();
    writeFileSync(current, `${process.ppid} ${hostname()} ${startOf(process.ppid)} e5f6\n`);
    expect(tryTakeLock(current)).toBe("busy");
  });

  it("a directory in the lock's place is refused as what it is, never taken for a lock", () => {
    const path = lockPath();
    mkdirSync(path);
    expect(() => tryTakeLock(path)).toThrow(expect.objectContaining({ code: "EISDIR", path }));
  });

  it("a holder on another machine lives by its lease: busy while renewed, taken after 60 s; the old holder then knows it lost it", () => {
    const path = lockPath();
    writeFileSync(path, `4242 another-machine 77 e5f6\n`);
    expect(tryTakeLock(path)).toBe("busy");
    setBack(path, 61_000);
    const lock = tryTakeLock(path);
    if (lock === "busy") throw new Error("the lease ran out, and the lock was not taken");
    expect(lock.held()).toBe(true);

    // This process's lease runs out in turn and another machine takes the lock.
    writeFileSync(path, `4343 another-machine 78 a7b8\n`);
    expect(lock.held()).toBe(false);
    lock.release();
    expect(readFileSync(path, "utf8")).toBe(`4343 another-machine 78 a7b8\n`);
  });

  it("a dead holder's lock met by eight processes at once: exactly one takes it", async () => {
    const built = resolve(import.meta.dirname, "../../dist/config/file-lock.js");
    expect(existsSync(built), "run `npm run build` first").toBe(true);
    for (let trial = 0; trial < 5; trial++) {
      const path = lockPath();
      writeFileSync(path, `999999999 ${hostname()} 5 dead\n`);
      // Each says what it got and holds it until told to end, so a second taker could not wait for a release.
      const script = `
        const { tryTakeLock } = await import(${JSON.stringify(built)});
        const lock = tryTakeLock(${JSON.stringify(path)});
        process.stdout.write(lock === "busy" ? "busy" : "took");
        process.stdin.on("data", () => {}).on("end", () => {});`;
      const children = Array.from({ length: 8 }, () =>
        spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["pipe", "pipe", "inherit"] }),
      );
      for (const child of children) child.kill("SIGSTOP");
      for (const child of children) child.kill("SIGCONT");
      const said = await Promise.all(
        children.map(
          (child) =>
            new Promise<string>((done) => {
              let out = "";
              child.stdout!.setEncoding("utf8").on("data", (d: string) => {
                out += d;
                if (out.length >= 4) done(out);
              });
            }),
        ),
      );
      const ended = children.map((child) => new Promise((done) => child.on("exit", done)));
      for (const child of children) child.stdin!.end();
      await Promise.all(ended);
      expect(
        said.filter((s) => s === "took"),
        `trial ${trial}`,
      ).toHaveLength(1);
    }
  }, 60_000);
});
