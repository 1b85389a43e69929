/**
 * `--item <TAB>` completes item ids from the kept catalogue (filled by `reseller items`), with each
 * item's name and price beside its id where the shell shows descriptions (fish, zsh); bash offers
 * the ids. Completion never asks the service for the catalogue.
 */
import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { baseEnv, binPath, runReseller } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { terminalEnv, useTmux } from "../pty/tmux.js";
import { needsPrograms } from "../support/tools.js";
import { resellerAs, type Reseller } from "./commands-harness.js";
import { makeTempDir } from "../support/temp-dir.js";

const harness = useEmulator({ dialect: "live-short" });
const scripts: Record<string, string> = {};
let shimDir: string;
let reseller: Reseller;

beforeAll(async () => {
  const dir = makeTempDir("reseller-item-completion-");
  for (const shell of ["bash", "zsh", "fish"]) {
    scripts[shell] = join(dir, `reseller.${shell}`);
    writeFileSync(scripts[shell], (await runReseller(["completion", shell])).stdout);
  }
  shimDir = join(dir, "bin");
  mkdirSync(shimDir);
  writeFileSync(join(shimDir, "reseller"), `#!/bin/sh\nexec '${process.execPath}' '${binPath}' "$@"\n`);
  chmodSync(join(shimDir, "reseller"), 0o755);
  reseller = resellerAs(harness);
  expect((await reseller.run(["items"])).exitCode).toBe(0);
});

function shell(file: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { env: baseEnv({ ...env, PATH: `${shimDir}:${process.env.PATH}` }), encoding: "utf8", timeout: 15_000 },
      (error, stdout) => (error?.killed ? reject(error) : resolve(stdout)),
    );
  });
}

const catalogueRequests = () => harness.requests.filter((line) => /^GET \/v1\/item(\?| )/.test(line)).length;

describe("reseller __complete items", () => {
  it("lists every kept item as id<TAB>product name, price, and asks the service nothing", async () => {
    const before = catalogueRequests();
    const r = await reseller.run(["__complete", "items"]);
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.split("\n").filter(Boolean);
    expect(lines).toHaveLength(harness.emulator.inspect().items.filter((item) => item.active).length);
    // B names the variant "10.000" within "Pulsa Telkomsel": the product goes first.
    expect(lines).toContain("12\tPulsa Telkomsel 10.000, Rp 11.500");
    expect(lines).toContain("21\tMobile Legends 86 Diamonds, Rp 21.500");
    expect(catalogueRequests()).toBe(before);
  });

  it("offers a variant's price as the last delta brought it, once, from the lines appended to the copy", async () => {
    const own = resellerAs(harness);
    expect((await own.run(["items"])).exitCode).toBe(0);
    const dir = join(own.configDir, "catalogue");
    const file = join(dir, readdirSync(dir).find((name) => name.endsWith(".jsonl"))!);
    harness.emulator.setItemPrice(13, 26_400);
    // Two minutes on: the copy is old, and the next search asks only what changed, appended to the copy.
    const text = readFileSync(file, "utf8");
    const head = JSON.parse(text.slice(0, text.indexOf("\n")));
    head.synced_at -= 120_000;
    writeFileSync(file, JSON.stringify(head).padEnd(text.indexOf("\n"), " ") + text.slice(text.indexOf("\n")));
    expect((await own.run(["items", "--search", "tsel25"])).exitCode).toBe(0);
    expect(readFileSync(file, "utf8").trimEnd().split("\n").at(-1)).toMatch(/^\[13,.*26400/);
    const lines = (await own.run(["__complete", "items", "13"])).stdout.split("\n").filter(Boolean);
    expect(lines).toEqual(["13\tPulsa Telkomsel 25.000, Rp 26.400"]);
  });

  it("offers nothing before the catalogue was ever kept", async () => {
    const fresh = resellerAs(harness);
    const r = await fresh.run(["__complete", "items"]);
    expect([r.exitCode, r.stdout, r.stderr]).toEqual([0, "", ""]);
  });
});

describe("bash", () => {
  needsPrograms("bash");
  it("reseller buy --item 2<TAB> offers the kept ids that start so", async () => {
    const program = `source "$1"; COMP_WORDS=(reseller buy --item 2); COMP_CWORD=3; _reseller; printf '%s\\n' "\${COMPREPLY[@]}"`;
    const out = await shell("bash", ["-c", program, "bash", scripts.bash!], reseller.env);
    const kept = harness.emulator
      .inspect()
      .items.filter((item) => item.active && String(item.id).startsWith("2"))
      .map((item) => String(item.id));
    expect(out.split("\n").filter(Boolean).sort()).toEqual(kept.sort());
    expect(kept).toEqual(expect.arrayContaining(["2", "20", "21", "28"]));
  });
});

describe("fish", () => {
  needsPrograms("fish");
  it("shows each item's name and price beside its id", async () => {
    const out = await shell(
      "fish",
      ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", scripts.fish!, "reseller lock add --item 1"],
      reseller.env,
    );
    const lines = out.split("\n").filter(Boolean);
    expect(lines).toContain("12\tPulsa Telkomsel 10.000, Rp 11.500");
    expect(lines).toContain("1\tNetflix Premium 1 Bulan (Sharing), Rp 35.000");
  });
});

describe("zsh", () => {
  needsPrograms("zsh");
  const tmux = useTmux("item-completion-zsh");
  it("shows each item's name and price beside its id in the menu", async () => {
    const env = terminalEnv({
      ...reseller.env,
      PATH: `${shimDir}:${process.env.PATH}`,
      HOME: makeTempDir("reseller-zsh-"),
    }) as Record<string, string>;
    const term = tmux.runProgram(["zsh", "-f"], { env });
    term.type(`autoload -U compinit && compinit -u && source ${scripts.zsh} && echo READY`);
    term.press("Enter");
    await term.waitFor(/^READY$/m);
    term.type("reseller buy --item 1");
    term.press("Tab");
    const menu = await term.waitFor("Pulsa Telkomsel 10.000, Rp 11.500");
    expect(menu).toMatch(/^12\s+-- Pulsa Telkomsel 10\.000, Rp 11\.500/m);
    term.close();
  });
});

describe("a big shop's catalogue", () => {
  const big = useEmulator({ dialect: "live-short", catalogueSize: 1500 });

  it("__complete filters by the typed prefix itself and prints at most a screenful", async () => {
    const shop = resellerAs(big);
    expect((await shop.run(["items"])).exitCode).toBe(0);
    const ids = (args: string[]) =>
      shop.run(["__complete", "items", ...args]).then((r) =>
        r.stdout
          .split("\n")
          .filter(Boolean)
          .map((line) => line.split("\t")[0]!),
      );
    const active = big.emulator
      .inspect()
      .items.filter((item) => item.active)
      .map((item) => String(item.id));
    expect(active.length).toBeGreaterThan(1000);

    const all = await ids([]);
    expect(all).toHaveLength(50);
    // The shell inserts what every candidate shares: the list keeps the first and last of all, so a cut list shares no more.
    const sorted = [...active].sort();
    expect(all).toEqual(expect.arrayContaining([sorted[0], sorted.at(-1)]));

    const twelve = await ids(["12"]);
    const wanted = active.filter((id) => id.startsWith("12"));
    expect(twelve.length).toBe(Math.min(50, wanted.length));
    expect(twelve.every((id) => id.startsWith("12"))).toBe(true);
    expect(await ids(["1234"])).toEqual(
      active.filter((id) => id.startsWith("1234")).sort((a, b) => Number(a) - Number(b)),
    );
    expect(await ids(["x"])).toEqual([]);
  });

  it("reads ids through an index beside the copy (0600), made again whenever the copy changes", async () => {
    const shop = resellerAs(big);
    expect((await shop.run(["items"])).exitCode).toBe(0);
    const line = async (id: number) =>
      (await shop.run(["__complete", "items", String(id)])).stdout.split("\n").find((l) => l.startsWith(`${id}\t`));
    expect(await line(12)).toBe("12\tPulsa Telkomsel 10.000, Rp 11.500");
    const dir = join(shop.configDir, "catalogue");
    const index = readdirSync(dir).find((name) => name.endsWith(".ids"));
    expect(index).toBeDefined();
    expect(statSync(join(dir, index!)).mode & 0o777).toBe(0o600);
    // A new price, kept by a refresh: the next Tab shows it, never the index's old idea of the copy.
    big.emulator.setItemPrice(12, 12_345);
    expect((await shop.run(["items", "--refresh"])).exitCode).toBe(0);
    expect(await line(12)).toBe("12\tPulsa Telkomsel 10.000, Rp 12.345");
    // A damaged index is only a shortcut lost.
    writeFileSync(join(dir, index!), "garbage");
    expect(await line(12)).toBe("12\tPulsa Telkomsel 10.000, Rp 12.345");
  });
});
