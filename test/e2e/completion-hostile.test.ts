/**
 * Completion against a hostile service: channel codes and lock tokens that are shell code. Pressing
 * Tab in bash, zsh or fish must never run them (bash's `compgen -W` once expanded `$(…)` in its word
 * list), and `__complete` offers only values made of safe characters, starting with what was typed.
 */
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { baseEnv, binPath, makeConfigDir, runReseller } from "../support/cli.js";
import { json, useHostileServer } from "../support/hostile-server.js";
import { terminalEnv, useTmux } from "../pty/tmux.js";
import { needsPrograms } from "../support/tools.js";
import { makeTempDir } from "../support/temp-dir.js";

const hostile = useHostileServer();
const work = makeTempDir("reseller-completion-hostile-");
const marker = (name: string) => join(work, `ran-${name}`);
const scripts: Record<string, string> = {};
let shimDir: string;

/** What a hostile service could put in a code: each would create its marker file if a shell ran it. */
const attacks = (name: string) => [
  `$(touch\${IFS}${marker(`${name}-dollar`)})`,
  `\`touch ${marker(`${name}-backtick`)}\``,
  `QR;touch ${marker(`${name}-semicolon`)}`,
  `Q$(touch${"${IFS}"}${marker(`${name}-prefixed`)})`,
  `QRIS\ntouch ${marker(`${name}-newline`)}`,
  "QRIS\u001b]52;c;aGVsbG8=\u0007",
];

beforeAll(async () => {
  for (const shell of ["bash", "zsh", "fish"]) {
    scripts[shell] = join(work, `reseller.${shell}`);
    writeFileSync(scripts[shell], (await runReseller(["completion", shell])).stdout);
  }
  shimDir = join(work, "bin");
  mkdirSync(shimDir);
  writeFileSync(join(shimDir, "reseller"), `#!/bin/sh\nexec '${process.execPath}' '${binPath}' "$@"\n`);
  chmodSync(join(shimDir, "reseller"), 0o755);
  hostile.routes.set(
    "GET /v1/balance/channels",
    json(200, {
      message: "OK",
      data: [
        ...attacks("channel").map((code) => ({ code, name: "Bayar \u001b]0;owned\u0007", fee: 0 })),
        { code: "QRIS", name: "QRIS", fee: 750 },
      ],
    }),
  );
  hostile.routes.set(
    "GET /v1/item/lock",
    json(200, {
      message: "OK",
      data: [
        ...attacks("lock").map((token) => ({ token, item_id: 1, quantity: 1 })),
        { token: "LCK-SAFE-1", item_id: 1, quantity: 1 },
      ],
    }),
  );
});

const env = () => ({
  RESELLER_BASE_URL: hostile.baseUrl,
  RESELLER_API_KEY: "rk_test_hostile_completion_key",
  RESELLER_CONFIG_DIR: makeConfigDir(),
  PATH: `${shimDir}:${process.env.PATH}`,
});

function shell(file: string, args: string[], extra: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { env: baseEnv(extra), encoding: "utf8", timeout: 15_000 }, (error, stdout) =>
      error?.killed ? reject(error) : resolve(stdout),
    );
  });
}

/** The marker files that exist: each one is an attack a shell ran. */
const noMarkers = () =>
  ["channel", "lock"]
    .flatMap((n) => ["dollar", "backtick", "semicolon", "prefixed", "newline"].map((k) => marker(`${n}-${k}`)))
    .filter(existsSync);

describe("reseller __complete", () => {
  it("offers only codes and tokens made of safe characters", async () => {
    const channels = await runReseller(["__complete", "channels"], { env: env() });
    expect(channels.exitCode).toBe(0);
    expect(
      channels.stdout
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split("\t")[0]),
    ).toEqual(["QRIS"]);
    const locks = await runReseller(["__complete", "locks"], { env: env() });
    expect(
      locks.stdout
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split("\t")[0]),
    ).toEqual(["LCK-SAFE-1"]);
  });

  it("neutralises the descriptions beside them", async () => {
    hostile.routes.set(
      "GET /v1/balance/channels",
      json(200, { message: "OK", data: [{ code: "OVO", name: "OVO \u001b]0;owned\u0007\u202e", fee: 0 }] }),
    );
    try {
      const r = await runReseller(["__complete", "channels"], { env: env() });
      expect(r.stdout).not.toMatch(/[\u001b\u0007\u202e]/);
      expect(r.stdout).toContain("OVO\tOVO \\x1b]0;owned\\x07\\u202e");
    } finally {
      hostile.routes.set(
        "GET /v1/balance/channels",
        json(200, {
          message: "OK",
          data: [
            ...attacks("channel").map((code) => ({ code, name: "Bayar", fee: 0 })),
            { code: "QRIS", name: "QRIS", fee: 750 },
          ],
        }),
      );
    }
  });
});

describe("bash", () => {
  needsPrograms("bash");
  const complete = async (line: string) => {
    const program = `source "$1"; read -ra COMP_WORDS <<< "$2"; [[ "$2" == *" " ]] && COMP_WORDS+=(""); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 )); _reseller; printf '%s\\n' "\${COMPREPLY[@]}"`;
    return (await shell("bash", ["-c", program, "bash", scripts.bash!, line], env())).split("\n").filter(Boolean);
  };

  it("Tab after --channel, lock release and --lock runs nothing the service sent", async () => {
    expect(await complete("reseller topup --channel ")).toEqual(["QRIS"]);
    expect(await complete("reseller topup --channel Q")).toEqual(["QRIS"]);
    expect(await complete("reseller lock release ")).toEqual(["LCK-SAFE-1"]);
    expect(await complete("reseller buy --item 3 --lock L")).toEqual(["LCK-SAFE-1"]);
    expect(noMarkers()).toEqual([]);
  });

  it("never hands service text to compgen -W", () => {
    expect(readFileSync(scripts.bash!, "utf8")).not.toMatch(/compgen -W/);
  });
});

describe("fish", () => {
  needsPrograms("fish");
  it("complete -C after --channel and lock release runs nothing the service sent", async () => {
    const complete = async (line: string) =>
      (await shell("fish", ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", scripts.fish!, line], env()))
        .split("\n")
        .filter(Boolean)
        .map((l) => l.split("\t")[0]);
    expect(await complete("reseller topup --channel ")).toEqual(["QRIS"]);
    expect(await complete("reseller lock release ")).toEqual(["LCK-SAFE-1"]);
    expect(noMarkers()).toEqual([]);
  });
});

describe("zsh", () => {
  needsPrograms("zsh");
  const tmux = useTmux("completion-hostile-zsh");
  it("Tab after --channel in a real terminal runs nothing the service sent", async () => {
    const term = tmux.runProgram(["zsh", "-f"], {
      env: terminalEnv({ ...env(), HOME: makeConfigDir() }) as Record<string, string>,
    });
    term.type(`autoload -U compinit && compinit -u && source ${scripts.zsh} && echo READY`);
    term.press("Enter");
    await term.waitFor(/^READY$/m);
    term.type("reseller topup --channel ");
    term.press("Tab");
    await term.waitFor(/reseller topup --channel QRIS/);
    term.press("C-u");
    term.type("reseller lock release ");
    term.press("Tab");
    await term.waitFor(/reseller lock release LCK-SAFE-1/);
    term.close();
    expect(noMarkers()).toEqual([]);
  });
});
