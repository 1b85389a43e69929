/**
 * Shell completion: the generated scripts are checked by each shell's own parser, then bash's
 * completion function (and fish's `complete -C`) is run for real against the built `reseller`,
 * with dynamic values coming from an emulator in this process.
 */
import { execFile, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { baseEnv, binPath, makeConfigDir, runReseller } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { terminalEnv, useTmux } from "../pty/tmux.js";
import { needsPrograms, requirePrograms } from "../support/tools.js";
import { resellerAs } from "./commands-harness.js";
import { makeTempDir } from "../support/temp-dir.js";

const shells = ["bash", "zsh", "fish"] as const;
const channelCodes = [
  "ALFAMART",
  "BCAVA",
  "BNIVA",
  "BRIVA",
  "DANA",
  "MANDIRIVA",
  "OVO",
  "PERMATAVA",
  "QRIS",
  "SHOPEEPAY",
];

const harness = useEmulator();
const scripts: Record<string, string> = {};
let shimDir: string;

beforeAll(async () => {
  const dir = makeTempDir("reseller-completion-");
  for (const shell of shells) {
    const result = await runReseller(["completion", shell]);
    expect(result.exitCode).toBe(0);
    scripts[shell] = join(dir, `reseller.${shell}`);
    writeFileSync(scripts[shell], result.stdout);
  }
  // The scripts call `reseller` by the name typed on the line: put the built one on PATH under that name.
  shimDir = join(dir, "bin");
  mkdirSync(shimDir);
  writeFileSync(join(shimDir, "reseller"), `#!/bin/sh\nexec '${process.execPath}' '${binPath}' "$@"\n`);
  chmodSync(join(shimDir, "reseller"), 0o755);
});

type Env = Record<string, string | undefined>;
const shellEnv = (env: Env) => baseEnv({ ...env, PATH: `${shimDir}:${process.env.PATH}` });
const account = (apiKey?: string): Env => harness.accountEnv(apiKey);

/** Runs a shell without blocking this process: the emulator that answers the shell's calls lives here. */
function shell(file: string, args: string[], env: Env): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { env: shellEnv(env), encoding: "utf8", timeout: 15_000 }, (error, stdout, stderr) =>
      error?.killed ? reject(error) : resolve({ stdout, stderr }),
    );
  });
}

/** Runs bash's completion function for a command line, the cursor at its end, and returns COMPREPLY. */
async function completeBash(line: string, env: Env = {}): Promise<string[]> {
  const program = `
source "$1"
COMP_LINE="$2"
COMP_POINT=\${#COMP_LINE}
read -ra COMP_WORDS <<< "$COMP_LINE"
[[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 ))
_reseller
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const result = await shell("bash", ["-c", program, "bash", scripts.bash!, line], env);
  expect(result.stderr).toBe("");
  return result.stdout.split("\n").filter(Boolean);
}

describe("completion scripts", () => {
  for (const shell of shells) {
    it(`${shell} -n accepts the ${shell} script`, (context) => {
      requirePrograms(context, shell);
      const result = spawnSync(shell, ["-n", scripts[shell]!], { encoding: "utf8" });
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
    });
  }

  it("go to stdout and name every command", async () => {
    const bash = await runReseller(["completion", "bash"]);
    for (const command of [
      "balance",
      "buy",
      "channels",
      "completion",
      "config",
      "emulator",
      "history",
      "item",
      "leaderboard",
      "lock",
      "login",
      "logout",
      "reconcile",
      "sandbox",
      "topup",
      "trx",
    ]) {
      expect(bash.stdout).toMatch(new RegExp(`\\b${command}\\b`));
    }
    expect(bash.stdout).not.toContain("__complete '"); // the hidden helper is not offered
  });
});

describe("bash completion", () => {
  needsPrograms("bash");
  it("reseller lo<TAB> gives lock login logout", async () => {
    expect(await completeBash("reseller lo")).toEqual(["lock", "login", "logout"]);
  });

  it("sub-commands: lock, config, trx, leaderboard, balance", async () => {
    expect(await completeBash("reseller lock ")).toEqual(["add", "list", "release"]);
    expect(await completeBash("reseller config ")).toEqual(["get", "list", "path", "set"]);
    expect(await completeBash("reseller trx ")).toEqual(["list", "show"]);
    expect(await completeBash("reseller leaderboard ")).toEqual(["me"]);
    expect(await completeBash("reseller balance ")).toEqual(["history"]);
  });

  it("flags of the command, global flags once each, and flag values skipped on the way", async () => {
    const flags = await completeBash("reseller topup --");
    expect(flags).toEqual(expect.arrayContaining(["--amount", "--channel", "--yes", "--json", "--profile", "--help"]));
    expect(new Set(flags).size).toBe(flags.length);
    expect(flags).not.toContain("--qty");
    expect(await completeBash("reseller topup --amount 50000 --ch")).toEqual(["--channel"]);
    expect(await completeBash("reseller --profile lock lo")).toEqual(["lock", "login", "logout"]); // "lock" here is the profile's name
    expect(await completeBash("reseller lock add --")).toEqual(
      expect.arrayContaining(["--item", "--qty", "--duration"]),
    );
  });

  it("fixed argument values: shells and config keys", async () => {
    expect(await completeBash("reseller completion ")).toEqual(["bash", "zsh", "fish"]);
    expect(await completeBash("reseller config get ")).toContain("api_key");
    expect(await completeBash("reseller config set ")).not.toContain("api_key");
  });

  it("reseller topup --channel <TAB> completes the service's channel codes", async () => {
    expect((await completeBash("reseller topup --channel ", account())).sort()).toEqual(channelCodes);
    expect((await completeBash("reseller topup --channel B", account())).sort()).toEqual(["BCAVA", "BNIVA", "BRIVA"]);
  });

  it("lock tokens after lock release and --lock", async () => {
    const apiKey = harness.emulator.accounts[2]!.apiKey;
    const env = account(apiKey);
    const lock = await resellerAs(harness, apiKey).run(["lock", "add", "--item", "3", "--qty", "1"]);
    expect(lock.exitCode).toBe(0);
    const token = lock.stdout.trim();
    expect(token).toMatch(/^LCK-/);
    expect(await completeBash("reseller lock release ", env)).toEqual([token]);
    expect(await completeBash("reseller buy --item 3 --lock ", env)).toEqual([token]);
  });

  it("profile names after --profile, from the config file", async () => {
    const dir = makeConfigDir();
    writeFileSync(join(dir, "config.json"), JSON.stringify({ profiles: { default: {}, shop2: {}, warung: {} } }));
    expect(await completeBash("reseller --profile ", { RESELLER_CONFIG_DIR: dir })).toEqual([
      "default",
      "shop2",
      "warung",
    ]);
  });

  it("offers nothing, quickly and silently, without a key or when the service is slow or down", async () => {
    // Quickly: a completion that hung would be killed by shell()'s timeout, failing the test.
    expect(
      await completeBash("reseller topup --channel ", {
        RESELLER_BASE_URL: harness.emulator.baseUrl,
        RESELLER_CONFIG_DIR: makeConfigDir(),
      }),
    ).toEqual([]);
    expect(
      await completeBash("reseller topup --channel ", { ...account(), RESELLER_BASE_URL: "http://127.0.0.1:9" }),
    ).toEqual([]);

    // The most latency the emulator takes: an answer that would come long after shell()'s timeout.
    const answered = () => harness.requests.filter((line) => line.includes("/v1/balance/channels")).length;
    const answeredBefore = answered();
    harness.emulator.faults.configure({ latency_ms: 120_000 });
    try {
      expect(await completeBash("reseller topup --channel ", account())).toEqual([]);
      // Given up on its own 2 s timeout, before the answer: the service holds the request, unanswered.
      expect(harness.emulator.faults.status().injected.latency).toBe(1);
      expect(answered()).toBe(answeredBefore);
    } finally {
      harness.emulator.faults.reset();
    }
  });
});

describe("reseller __complete", () => {
  it("prints value<TAB>description lines", async () => {
    const result = await resellerAs(harness).run(["__complete", "channels"]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.split("\n")[0]).toBe("QRIS\tQRIS (semua e-wallet & mobile banking), fee Rp 750");
  });

  it("prints nothing and exits 0 on failure or an unknown kind", async () => {
    const noKey = await runReseller(["__complete", "channels"], {
      env: { RESELLER_BASE_URL: harness.emulator.baseUrl, RESELLER_CONFIG_DIR: makeConfigDir() },
    });
    expect([noKey.exitCode, noKey.stdout, noKey.stderr]).toEqual([0, "", ""]);
    const unknown = await resellerAs(harness).run(["__complete", "colours"]);
    expect([unknown.exitCode, unknown.stdout]).toEqual([0, ""]);
  });
});

describe("fish completion", () => {
  needsPrograms("fish");
  const completeFish = async (line: string, env: Env = {}) => {
    const result = await shell(
      "fish",
      ["--no-config", "-c", `source $argv[1]; complete -C $argv[2]`, scripts.fish!, line],
      env,
    );
    return result.stdout
      .split("\n")
      .filter(Boolean)
      .map((l) => l.split("\t")[0]);
  };

  it("completes commands, sub-commands and channel codes", async () => {
    expect(await completeFish("reseller lo")).toEqual(["lock", "login", "logout"]);
    expect(await completeFish("reseller lock ")).toEqual(["add", "list", "release"]);
    expect((await completeFish("reseller topup --channel ", account())).sort()).toEqual(channelCodes);
  });
});

// zsh's completion system only runs in an interactive shell: type into one in a terminal and read the menu.
describe("zsh completion", () => {
  needsPrograms("zsh");
  const tmux = useTmux("completion-zsh");

  it("completes commands with their descriptions, and channel codes from the service", async () => {
    const env = terminalEnv({ ...account(), PATH: `${shimDir}:${process.env.PATH}`, HOME: makeConfigDir() }) as Record<
      string,
      string
    >;
    const term = tmux.runProgram(["zsh", "-f"], { env });
    term.type(`autoload -U compinit && compinit -u && source ${scripts.zsh} && echo READY`);
    term.press("Enter");
    await term.waitFor(/^READY$/m);
    term.type("reseller lo");
    term.press("Tab");
    const commands = await term.waitFor("logout  -- forget the profile's API key");
    expect(commands).toMatch(/^lock\s+-- reserve stock/m);
    expect(commands).toMatch(/^login\s+-- save an API key/m);
    term.press("C-u");
    term.type("reseller topup --channel ");
    term.press("Tab");
    const channels = await term.waitFor("fee Rp 750");
    for (const code of channelCodes) expect(channels).toMatch(new RegExp(`^${code}\\s+-- `, "m"));
    term.close();
  });
});
