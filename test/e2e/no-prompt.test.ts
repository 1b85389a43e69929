/**
 * Scripts are never caught by a prompt. Every command that could ask fails at once with exit 2 naming
 * the flag: when stdin is not a terminal, and, at a real terminal (tmux), when --no-input,
 * RESELLER_NO_INPUT=1 or CI=true says not to ask.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { terminalEnv, useTmux } from "../pty/tmux.js";
import { resellerAs } from "./commands-harness.js";

/** Each command that can ask, and the flag its error must name. */
const askers: { args: string[]; flag: string }[] = [
  { args: ["topup", "--channel", "QRIS"], flag: "--amount" },
  { args: ["topup", "--amount", "50000"], flag: "--channel" },
  { args: ["topup"], flag: "--amount and --channel" },
  { args: ["buy", "--qty", "1", "--note", "081234567890"], flag: "--item" },
  { args: ["buy", "--item", "12", "--note", "081234567890"], flag: "--qty" },
  { args: ["login"], flag: "--with-key" },
];

const harness = useEmulator();

describe("with stdin not a terminal", () => {
  for (const { args, flag } of askers) {
    it(`reseller ${args.join(" ")} exits 2 naming ${flag}, at once`, async () => {
      const cli = resellerAs(harness);
      const before = harness.accountOf();
      // At once: a process waiting for an answer would be killed at timeoutMs, with no exit code.
      const result = await cli.run(args, { timeoutMs: 10_000 });
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain(`${flag} ${flag.includes(" and ") ? "are" : "is"} required`);
      expect(result.stdout).toBe("");
      const after = harness.accountOf();
      expect(after.transactions).toHaveLength(before.transactions.length);
      expect(after.top_ups).toHaveLength(before.top_ups.length);
    });
  }

  it("the error is JSON on stderr with --json", async () => {
    const result = await resellerAs(harness).run(["topup", "--json", "--channel", "QRIS"]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.errorJson().error).toMatchObject({
      code: "INPUT_REQUIRED",
      message: expect.stringContaining("--amount"),
    });
  });
});

describe("at a terminal told not to ask", () => {
  const tmux = useTmux("no-prompt");

  const switches: { name: string; flags: string[]; env: Record<string, string> }[] = [
    { name: "--no-input", flags: ["--no-input"], env: {} },
    { name: "RESELLER_NO_INPUT=1", flags: [], env: { RESELLER_NO_INPUT: "1" } },
    { name: "CI=true", flags: [], env: { CI: "true" } },
  ];

  for (const s of switches) {
    for (const { args, flag } of askers) {
      it(`${s.name}: reseller ${args.join(" ")} exits 2 naming ${flag}`, async () => {
        const term = tmux.run([...args, ...s.flags], {
          env: terminalEnv({ ...harness.accountEnv(), ...s.env }),
        });
        expect(await term.exitCode(5_000)).toBe(2);
        const screen = term.screen();
        expect(screen).toContain(`${flag} ${flag.includes(" and ") ? "are" : "is"} required`);
        expect(screen).not.toContain("?"); // no question was drawn
        term.close();
      });
    }
  }

  it("without any of them the same terminal does ask (so the cases above prove the switches)", async () => {
    const term = tmux.run(["topup", "--channel", "QRIS"], {
      env: terminalEnv(harness.accountEnv()),
    });
    await term.waitFor("? Amount to top up");
    term.press("C-c");
    expect(await term.exitCode()).toBe(130);
  });
});
