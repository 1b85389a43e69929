/**
 * The contract's exit codes through the built binary: 2 for every input rule (and nothing is sent),
 * 3 for a refused or missing key, 4 for an unreachable service, 1 for an HTML error page (in words,
 * no stack trace); --verbose logs the exchange with the key masked; every --help has examples (each
 * command's from main() in this process, test/support/run-main.ts).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { CommandUnknownOpts as Command } from "@commander-js/extra-typings";
import { afterEach, describe, expect, it } from "vitest";
import { buildProgram } from "../../src/program.js";
import { makeConfigDir, runReseller } from "../support/cli.js";
import { apiRequests, closedPort, useEmulator } from "../support/emulator.js";
import { resellerAs } from "./commands-harness.js";
import { runInProcess } from "../support/run-main.js";

const harness = useEmulator();
afterEach(() => harness.emulator.faults.reset());

const longRefId = "r".repeat(192);

describe("exit 2: input is checked before anything is sent", () => {
  it.each<[string, string[], RegExp]>([
    [
      "a quantity that is not a whole number",
      ["buy", "--item", "12", "--qty", "1.5", "--note", "081234567890"],
      /--qty must be a positive whole number, not "1\.5"/,
    ],
    ["a zero quantity", ["lock", "add", "--item", "1", "--qty", "0"], /--qty must be a positive whole number/],
    ["an item id that is not a number", ["item", "abc"], /item id must be a positive whole number/],
    ["a negative item id", ["sandbox", "--item", "-4", "--qty", "1"], /--item must be a positive whole number/],
    [
      "a lock duration under 60",
      ["lock", "add", "--item", "1", "--qty", "1", "--duration", "59"],
      /--duration must be whole seconds from 60 to 600, not "59"/,
    ],
    [
      "a lock duration over 600",
      ["lock", "add", "--item", "1", "--qty", "1", "--duration", "601"],
      /--duration must be whole seconds from 60 to 600, not "601"/,
    ],
    [
      "a top-up under Rp 10.000",
      ["topup", "--amount", "9999", "--channel", "QRIS", "--yes"],
      /--amount must be at least Rp 10\.000; Rp 9\.999 is less/,
    ],
    [
      "a ref_id of 192 characters",
      ["buy", "--item", "12", "--qty", "1", "--note", "0812", "--ref-id", longRefId],
      /--ref-id must be at most 191 characters; this one has 192/,
    ],
    ["an unknown flag", ["balance", "--bogus"], /--bogus is not an option of `reseller balance`\./],
    ["a missing argument", ["item"], /`reseller item` needs <id>: item \(variant\) id\./],
    ["a missing required option", ["lock", "add", "--item", "1"], /`reseller lock add` needs --qty <n>: quantity/],
    ["an unknown command", ["balanse"], /`reseller` has no command "balanse"\./],
    [
      "a status the service does not have",
      ["trx", "list", "--status", "gagal"],
      /--status must be pending, paid, completed, failed or canceled, not "gagal"\.\nHint: Did you mean --status failed\?/,
    ],
    [
      "an amount that could be two",
      ["topup", "--amount", "1,5", "--channel", "QRIS", "--yes"],
      /--amount "1,5" is not an amount of Rupiah: it has a decimal part but no unit \(rb, jt\)\.\nHint: Did you mean Rp 1\.500 \(1500\) or Rp 1\.500\.000 \(1500000\)\?/,
    ],
    [
      "an id without its flag",
      ["buy", "12"],
      /`reseller buy` takes no arguments, only flags; "12" is one too many\.\nHint: Did you mean `reseller buy --item 12`\?/,
    ],
    [
      "a near-miss flag",
      ["buy", "--item", "12", "--quantity", "2"],
      /--quantity is not an option of `reseller buy`\.\nHint: Did you mean --qty\?/,
    ],
    ["an unknown setting", ["config", "get", "colour"], /There is no setting "colour"/],
  ])("%s", async (_rule, args, message) => {
    const reseller = resellerAs(harness);
    const before = apiRequests(harness).length;
    const r = await reseller.run(args);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/Hint: /);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(apiRequests(harness).length, "nothing was sent").toBe(before);
  });

  it("an unknown flag comes with a hint at the near one and the command's help", async () => {
    const r = await resellerAs(harness).run(["lock", "list", "--jsn"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("Did you mean --json?");
    expect(r.stderr).toContain("reseller lock list --help");
    expect((await resellerAs(harness).run(["leaderbord"])).stderr).toContain("Did you mean leaderboard?");
  });

  it("with --json the usage error is JSON on stderr and stdout is empty", async () => {
    const before = apiRequests(harness).length;
    const r = await resellerAs(harness).run(["lock", "add", "--item", "1", "--qty", "1", "--duration", "601"], {
      mode: "json",
    });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.errorJson().error).toMatchObject({ code: "USAGE", status: null });
    expect(r.errorJson().error.message).toMatch(/60 to 600/);
    expect(apiRequests(harness).length).toBe(before);
  });

  it("a plain-http base URL on another machine is refused before the key is sent", async () => {
    const r = await runReseller(["balance"], {
      env: {
        RESELLER_BASE_URL: "http://api.example.com",
        RESELLER_API_KEY: harness.emulator.demoApiKey,
        RESELLER_CONFIG_DIR: makeConfigDir(),
      },
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("clear text");
    expect(r.stderr).toContain("--insecure");
  });
});

describe("exit 3: authentication", () => {
  it("a wrong key: INVALID_API_KEY from the service", async () => {
    const r = await resellerAs(harness, "rk_live_wrong_key_0000").run(["balance"]);
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("INVALID_API_KEY");
    expect(r.stderr).toContain("HTTP 401");
    expect(r.stderr).toMatch(/Hint: .*reseller login/);
    expect(r.stderr).not.toContain("rk_live_wrong_key_0000");
    const json = await resellerAs(harness, "rk_live_wrong_key_0000").run(["lock", "list"], { mode: "json" });
    expect(json.exitCode).toBe(3);
    expect(json.stdout).toBe("");
    expect(json.errorJson().error).toMatchObject({ code: "INVALID_API_KEY", status: 401 });
  });

  it("no key configured: NO_API_KEY, and nothing is sent", async () => {
    const before = apiRequests(harness).length;
    const r = await runReseller(["leaderboard"], {
      env: { RESELLER_BASE_URL: harness.emulator.baseUrl, RESELLER_CONFIG_DIR: makeConfigDir() },
    });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain("NO_API_KEY");
    expect(r.stderr).toContain("reseller login");
    expect(apiRequests(harness).length).toBe(before);
    const json = await runReseller(["item", "12", "--json"], {
      env: { RESELLER_BASE_URL: harness.emulator.baseUrl, RESELLER_CONFIG_DIR: makeConfigDir() },
    });
    expect(json.exitCode).toBe(3);
    expect(json.stdout).toBe("");
    expect(json.errorJson().error.code).toBe("NO_API_KEY");
  });
});

describe("exit 4: the service cannot be reached", () => {
  it("a base URL on a closed port exits 4 quickly, saying what to check", async () => {
    const port = await closedPort();
    // Quickly: at once, with no retries that could reach anything (the refusal is in the message).
    const r = await runReseller(["balance"], {
      env: {
        RESELLER_BASE_URL: `http://127.0.0.1:${port}`,
        RESELLER_API_KEY: harness.emulator.demoApiKey,
        RESELLER_CONFIG_DIR: makeConfigDir(),
      },
    });
    expect(r.exitCode).toBe(4);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("could not be reached");
    expect(r.stderr).toContain("ECONNREFUSED");
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).not.toContain(harness.emulator.demoApiKey);
  });

  it("with --json: the error as JSON on stderr", async () => {
    const port = await closedPort();
    const r = await runReseller(["lock", "list", "--json"], {
      env: {
        RESELLER_BASE_URL: `http://127.0.0.1:${port}`,
        RESELLER_API_KEY: harness.emulator.demoApiKey,
        RESELLER_CONFIG_DIR: makeConfigDir(),
        RESELLER_MAX_RETRIES: "0",
      },
    });
    expect(r.exitCode).toBe(4);
    expect(r.stdout).toBe("");
    expect(r.errorJson().error).toMatchObject({ code: "ECONNREFUSED", details: { may_have_reached: false } });
  });
});

describe("exit 1: an HTML page instead of JSON", () => {
  it("is described in words, with the start of the page and no stack trace", async () => {
    harness.emulator.faults.configure({ html_next: 10 });
    const r = await resellerAs(harness).run(["balance"]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/HTTP 502 and a page that is not JSON/);
    expect(r.stderr).toContain("<html>");
    expect(r.stderr).toContain("UNEXPECTED_RESPONSE");
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).not.toContain("SyntaxError");
  });

  it("with --json: UNEXPECTED_RESPONSE as JSON on stderr, stdout empty", async () => {
    harness.emulator.faults.configure({ html_next: 10 });
    const r = await resellerAs(harness).run(["item", "12"], { mode: "json", env: { RESELLER_MAX_RETRIES: "0" } });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.errorJson().error).toMatchObject({ code: "UNEXPECTED_RESPONSE", status: 502 });
  });
});

describe("--verbose", () => {
  it("logs each exchange on stderr with the key masked, stdout unchanged", async () => {
    const reseller = resellerAs(harness);
    const key = harness.emulator.demoApiKey;
    const before = apiRequests(harness).length;
    const r = await reseller.run(["balance", "--verbose"]);
    expect(r.exitCode).toBe(0);
    // The request counter the exit-2 tests rely on does see a request that was sent.
    expect(apiRequests(harness).length).toBe(before + 1);
    expect(r.stdout).toBe("balance\t2500000\n");
    expect(r.stderr).toContain(`→ GET ${harness.emulator.baseUrl}/v1/balance`);
    expect(r.stderr).toContain(`x-apikey: ****${key.slice(-4)}`);
    expect(r.stderr).toMatch(/← 200 GET \/v1\/balance/);
    expect(r.stderr).not.toContain(key);
  });

  it("RESELLER_DEBUG=1 does the same, and --json still prints exactly one document", async () => {
    const r = await resellerAs(harness).run(["item", "12"], { mode: "json", env: { RESELLER_DEBUG: "1" } });
    expect(r.exitCode).toBe(0);
    expect(r.json().data.id).toBe(12);
    expect(r.stderr).toContain("→ GET");
    expect(r.stderr).toContain("****");
  });

  it("logs the failed exchange too, still masked", async () => {
    const r = await resellerAs(harness).run(["lock", "add", "--item", "12", "--qty", "1", "--verbose"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/→ POST .*\/v1\/item\/lock .*x-apikey: \*\*\*\*/);
    expect(r.stderr).toContain("LOCK_NOT_REQUIRED");
  });
});

describe("help and version", () => {
  function commandPaths(command: Command, prefix: string[] = []): string[][] {
    return command.commands
      .filter((c) => !(c as unknown as { _hidden?: boolean })._hidden)
      .flatMap((c) => [[...prefix, c.name()], ...commandPaths(c, [...prefix, c.name()])]);
  }
  const paths = [[], ...commandPaths(buildProgram(async () => undefined))];

  it(`every command's --help shows examples (${paths.length} commands)`, async () => {
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      // `reseller --help` alone is the launcher's answer, from the built binary; the others are main()'s.
      const run = path.length === 0 ? runReseller : runInProcess;
      const r = await run([...path, "--help"], { env: { RESELLER_CONFIG_DIR: makeConfigDir() } });
      const name = `reseller ${path.join(" ")} --help`;
      expect(r.exitCode, name).toBe(0);
      expect(r.stdout, name).toContain("Examples:");
      expect(r.stdout, name).toMatch(/\$ reseller/);
    }
  });

  it("reseller --version prints the package version", async () => {
    const { version } = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../package.json"), "utf8"));
    for (const flag of ["--version", "-V"]) {
      const r = await runReseller([flag]);
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toBe(`${version}\n`);
    }
  });
});
