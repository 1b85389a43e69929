/**
 * `history --json` of everything to a reader that is behind. A pipe another Node process shares is
 * left non-blocking (Node makes its own stdout pipe so), so the CLI's writes find it full and go
 * through a stream that holds what the reader has not taken: the CLI must wait for it rather than
 * read on, and still hand over every entry once, in order, as one JSON document, and end.
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, binPath, makeConfigDir } from "../support/cli.js";
import { until } from "../support/until.js";
import { buyIntent } from "../support/journal-records.js";

/** A journal of `orders` purchases as the release writes it; their ref_ids, oldest first. */
function journalOf(configDir: string, orders: number): string[] {
  const refs: string[] = [];
  const lines: string[] = [];
  const start = Date.parse("2026-11-01T00:00:00.000Z");
  for (let i = 0; i < orders; i++) {
    const at = new Date(start + i * 60_000).toISOString();
    const entry = `e${i.toString(16).padStart(6, "0")}`;
    const ref = `RSL-STREAM-${i}`;
    refs.push(ref);
    const request = { carts: [{ item_id: 12, quantity: 1, note: "081234567890" }] };
    lines.push(JSON.stringify(buyIntent({ entry, at, ref_id: ref, request })));
    lines.push(
      JSON.stringify({
        v: 1,
        entry,
        type: "outcome",
        at,
        outcome: "done",
        invoice: `INV-${i}`,
        amount: 10_650,
        status: "paid",
        by: "answer",
      }),
    );
  }
  writeFileSync(join(configDir, "journal.jsonl"), `${lines.join("\n")}\n`, { mode: 0o600 });
  return refs;
}

/** Started by the test with its stdout a pipe; its child writes to that same pipe. */
const sharingParent = `
  const { spawn } = require("node:child_process");
  const child = spawn(process.execPath, JSON.parse(process.argv[1]), { stdio: ["ignore", "inherit", "inherit"] });
  // Node opens its stdout pipe non-blocking, for the child sharing it too (a child starts blocking, so after).
  process.stdout.write("");
  process.stderr.write("child " + child.pid + "\\n");
  child.on("close", (code) => (process.exitCode = code ?? 1));`;

describe("history --json of everything", () => {
  it("to a reader that is behind on a non-blocking pipe: waits for it, and hands over every entry once, newest first", async () => {
    const configDir = makeConfigDir();
    // About 7 MB of JSON: far more than a pipe holds while nobody reads it.
    const refs = journalOf(configDir, 20_000);
    // Imported into the records database first: what is measured below is the streaming alone.
    expect(
      spawnSync(process.execPath, [binPath, "history", "--limit", "1"], {
        env: baseEnv({ RESELLER_CONFIG_DIR: configDir }),
      }).status,
    ).toBe(0);
    const parent = spawn(
      process.execPath,
      ["-e", sharingParent, JSON.stringify([binPath, "history", "--json", "--since", "2000-01-01", "--all-services"])],
      {
        env: baseEnv({ RESELLER_CONFIG_DIR: configDir }),
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    parent.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const ended = new Promise<number | null>((done) => parent.on("close", done));
    parent.stdout!.pause();

    const pid = Number(await until("the CLI to start", () => /child (\d+)/.exec(stderr)?.[1], 10_000));
    // The scenario is real: the CLI's stdout is the non-blocking pipe nobody is reading yet.
    const flags = /flags:\s+([0-7]+)/.exec(readFileSync(`/proc/${pid}/fdinfo/1`, "utf8"))?.[1];
    expect(Number.parseInt(flags ?? "0", 8) & 0o4000, "O_NONBLOCK on the CLI's stdout").toBe(0o4000);

    // Behind it waits: idle (asleep, reading nothing more) with part of the journal still unread.
    const idle = await until(
      "the CLI to wait for its reader",
      (() => {
        let last = "";
        return () => {
          const state = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
          const read = /rchar: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, "utf8"))?.[1] ?? "";
          const now = `${state} ${read}`;
          const still = state === "S" && now === last;
          last = now;
          return still && Number(read);
        };
      })(),
      10_000,
      50,
    );
    // What it read counts the program itself too: less than the database, so not the whole of it.
    expect(idle).toBeLessThan(statSync(join(configDir, "records.db")).size);

    let stdout = "";
    parent.stdout!.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    parent.stdout!.resume();
    expect(await ended, stderr).toBe(0);
    const entries = JSON.parse(stdout) as { ref_id: string; outcome: string }[];
    expect(entries.map((e) => e.ref_id)).toEqual([...refs].reverse());
    expect(entries.every((e) => e.outcome === "done")).toBe(true);
  });
});
