/**
 * `webhook listen --exec`: a command's end is its exit, not the closing of pipes that something it
 * left running still holds; stopped, its whole process group gets SIGTERM, then SIGKILL after the
 * grace period.
 */
import { en } from "../../src/messages/en.js";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { execCommand } from "../../src/webhooks/hand-off.js";
import { until } from "../support/until.js";
import { running, useHandlerDirs } from "../support/handler-dirs.js";

const parcel = { body: Buffer.from("{}"), headers: {}, env: {}, deliveryId: "whd_1" };

const workDir = useHandlerDirs("reseller-exec-");

describe("--exec's command", () => {
  it("is done when it exits, though a child it left in the background holds its pipes", async () => {
    const dir = workDir();
    const heard: string[] = [];
    const result = await execCommand(
      `sleep 60 & echo $! > "${dir}/pids"; echo handled`,
      (chunk) => heard.push(chunk),
      [],
      en,
    ).deliver(parcel, new AbortController().signal);
    expect(result).toEqual({ ok: true });
    await until("its words", () => heard.join("").includes("handled"));
    // Left alone: what it started is its own.
    expect(running(Number(readFileSync(join(dir, "pids"), "utf8")))).toBe(true);
  });

  it("stopped (the listener stops), its group gets SIGTERM, then SIGKILL after the grace period; the try failed", async () => {
    const dir = workDir();
    const stop = new AbortController();
    const delivering = execCommand(
      `trap '' TERM; sleep 60 & echo $! >> "${dir}/pids"; echo $$ >> "${dir}/pids"; wait`,
      () => undefined,
      [],
      en,
      { graceMs: 200 },
    ).deliver(parcel, stop.signal);
    await until(
      "it runs",
      () => existsSync(join(dir, "pids")) && readFileSync(join(dir, "pids"), "utf8").split("\n").length > 2,
    );
    stop.abort();
    const result = await delivering;
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/stopped as the listener stopped/) });
    const pids = readFileSync(join(dir, "pids"), "utf8").split("\n").filter(Boolean).map(Number);
    await until("its group ended", () => !pids.some(running));
  });

  it("past its deadline, its group is stopped and the try counts as failed, whatever it exits with", async () => {
    const result = await execCommand(`trap 'exit 0' TERM; sleep 60 & wait`, () => undefined, [], en, {
      timeoutMs: 200,
      graceMs: 200,
    }).deliver(parcel, new AbortController().signal);
    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/ran longer than 0.2 s and was stopped/) });
  });

  it("gets the event's fields shown, not obeyed: a control character or a NUL from the service never stops the hand-off", async () => {
    const dir = workDir();
    const result = await execCommand(
      `printf '%s|%s' "$RESELLER_STATUS" "$RESELLER_INVOICE" > "${dir}/seen"`,
      () => undefined,
      [],
      en,
    ).deliver(
      { ...parcel, env: { RESELLER_STATUS: "paid\u001b]0;owned\u0007", RESELLER_INVOICE: "INV\u0000-1" } },
      new AbortController().signal,
    );
    expect(result).toEqual({ ok: true });
    expect(readFileSync(join(dir, "seen"), "utf8")).toBe("paid\\x1b]0;owned\\x07|INV\\x00-1");
  });
});
