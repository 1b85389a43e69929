/**
 * Long lists on a terminal go through a pager, as git's and gh's do: `less -FRX` unless RESELLER_PAGER
 * or PAGER names another, none with --no-pager, an empty value, --json or stdout not a terminal. The
 * pager keeps Ctrl-C and the exit code, and `reseller` waits for the reseller to leave it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useHostileServer } from "../support/hostile-server.js";
import { resellerMachine, screenEnv, serveFixedAnswers, trxRows } from "../support/golden-screens.js";
import { makeTempDir } from "../support/temp-dir.js";
import { terminalEnv, useTmux } from "./tmux.js";

/** A pager that marks each line it shows: what went through it reads `PAGED:`. */
const marking = "sed s/^/PAGED:/";

describe("the pager", () => {
  const server = useHostileServer();
  serveFixedAnswers(server);
  const tmux = useTmux("pager");
  const envOf = async (extra: Record<string, string> = {}) =>
    terminalEnv({ ...screenEnv(server.baseUrl, await resellerMachine(server.baseUrl, { smm: true })), ...extra });

  it.each([
    ["history", ["history"]],
    ["report --by customer", ["report", "--by", "customer"]],
    ["trx list", ["trx", "list"]],
  ])("%s goes through PAGER, the exit code kept", async (_name, args) => {
    const term = tmux.run(args, { env: await envOf({ PAGER: marking }), width: 80, height: 40 });
    expect(await term.exitCode(15_000)).toBe(0);
    const lines = term.screen().split("\n");
    expect(lines.filter((line) => line.startsWith("PAGED:")).length, term.screen()).toBeGreaterThan(2);
  });

  it("RESELLER_PAGER wins over PAGER", async () => {
    const term = tmux.run(["history"], {
      env: await envOf({ PAGER: "false", RESELLER_PAGER: "sed s/^/OURS:/" }),
      width: 80,
      height: 40,
    });
    expect(await term.exitCode(15_000)).toBe(0);
    expect(term.screen()).toContain(`OURS:`);
    expect(term.screen()).toContain(trxRows[0]!.ref_id);
  });

  it.each([
    ["--no-pager", ["history", "--no-pager"], {}],
    ["an empty RESELLER_PAGER", ["history"], { RESELLER_PAGER: "" }],
    ["--json", ["history", "--json"], {}],
  ])("none with %s", async (_name, args, extra: Record<string, string>) => {
    const term = tmux.run(args, { env: await envOf({ PAGER: marking, ...extra }), width: 80, height: 40 });
    expect(await term.exitCode(15_000)).toBe(0);
    expect(term.screen()).toContain(trxRows[0]!.ref_id);
    expect(term.screen()).not.toContain("PAGED:");
  });

  it("none when stdout is not the terminal: the file gets the rows as they are", async () => {
    const file = join(makeTempDir("reseller-pager-"), "out.txt");
    const term = tmux.run(["history"], {
      env: await envOf({ PAGER: marking }),
      width: 80,
      height: 40,
      stdoutFile: file,
    });
    expect(await term.exitCode(15_000)).toBe(0);
    const piped = readFileSync(file, "utf8");
    expect(piped).toContain(trxRows[0]!.ref_id);
    expect(piped).not.toContain("PAGED:");
  });

  it("a usage mistake is said on the terminal with its exit code, no pager started", async () => {
    const term = tmux.run(["history", "--since", "sometime"], { env: await envOf({ PAGER: marking }), width: 80 });
    expect(await term.exitCode(15_000)).toBe(2);
    expect(term.screen()).not.toContain("PAGED:");
  });

  it("less -FRX by default: a list longer than the window waits in less until q; Ctrl-C there leaves both standing", async () => {
    const term = tmux.run(["history"], { env: await envOf(), width: 80, height: 12 });
    // less's prompt at the foot of the window: the command is still running, held by the pager.
    await term.waitFor(/^:$/m, 15_000);
    expect(term.screen()).toContain("2026");
    // Ctrl-C reaches less and reseller alike; it neither kills reseller nor leaves less orphaned.
    term.press("C-c");
    term.press("q");
    expect([0, 130]).toContain(await term.exitCode(15_000));
  });

  it("a list that fits the window is printed and reseller ends without a key (less -F)", async () => {
    const term = tmux.run(["trx", "list"], { env: await envOf(), width: 120, height: 45 });
    expect(await term.exitCode(15_000)).toBe(0);
    expect(term.screen()).toContain(trxRows[0]!.invoice);
  });
});
