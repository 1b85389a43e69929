/**
 * Shell completion in Bahasa Indonesia: under an Indonesian locale the description beside each
 * command, flag and dynamic value (zsh, fish, `__complete`) is Indonesian, while the names a shell
 * inserts (commands, flags, channel codes, lock tokens) are exactly the English run's; with no
 * Indonesian locale the descriptions are the English ones, unchanged.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { id } from "../../src/messages/id.js";
import { runReseller } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { englishIn, indonesian } from "../support/language.js";
import { makeTempDir } from "../support/temp-dir.js";
import { requirePrograms } from "../support/tools.js";
import { resellerAs } from "./commands-harness.js";

const harness = useEmulator();

async function script(shell: "bash" | "zsh" | "fish", language: Record<string, string>): Promise<string> {
  const r = await runReseller(["completion", shell], { env: language });
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stdout;
}

/** zsh's `'name:description'` pairs, as the script's case arms hold them. */
const zshPairs = (text: string) =>
  [...text.replaceAll("'\\''", "’").matchAll(/'((?:--?)?[\w-]+):([^']*)'/g)].map((m) => [m[1]!, m[2]!]);
/** fish's `complete` lines: the names (-a, -l, -s) and the description (-d). */
const fishLines = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.startsWith("complete -c reseller "))
    .map((line) => ({
      names: line.replace(/ -d '(?:[^'\\]|\\.)*'$/, ""),
      description: /-d '((?:[^'\\]|\\.)*)'$/.exec(line)?.[1],
    }));

describe("completion descriptions follow the language; names never do", () => {
  for (const shell of ["bash", "zsh", "fish"] as const) {
    it(`${shell} -n accepts the Indonesian ${shell} script`, async (context) => {
      requirePrograms(context, shell);
      const file = join(makeTempDir("reseller-completion-id-"), `reseller.${shell}`);
      writeFileSync(file, await script(shell, indonesian));
      const result = spawnSync(shell, ["-n", file], { encoding: "utf8" });
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
    });
  }

  it("zsh: Indonesian descriptions beside the same command and flag names", async () => {
    const [idScript, enScript] = await Promise.all([script("zsh", indonesian), script("zsh", {})]);
    const idPairs = zshPairs(idScript);
    const enPairs = zshPairs(enScript);
    expect(idPairs.map(([name]) => name)).toEqual(enPairs.map(([name]) => name));
    expect(idPairs.length).toBeGreaterThan(100);
    // Commands and flags whose help is translated: said as `reseller --help` says them.
    expect(idScript).toContain("'balance:saldo Anda, saat ini juga'");
    expect(idScript).toContain("'webhook:webhook layanan: tujuannya, secret-nya, dan penerima di mesin ini'");
    expect(idScript).toContain("'--json:tampilkan JSON dari layanan (kegagalan sebagai JSON di stderr)'");
    expect(idScript).toContain(`'--help:${id.help.helpFlag}'`);
    expect(idScript).toContain("_describe -t flags 'opsi' flags");
    expect(idScript).toContain("_describe -t commands 'perintah' subcommands");
    expect(idScript).toContain("channels) heading='metode pembayaran' ;;");
    // The top level's own list: every description there is Indonesian.
    const top = /^ {4}''\) reply=\((.*)\) ;;$/m.exec(idScript)![1]!;
    expect(
      englishIn(
        zshPairs(top)
          .map(([, d]) => d)
          .join("\n"),
      ),
    ).toEqual([]);

    expect(enScript).toContain("'balance:your balance, in real time'");
    expect(enScript).toContain("'--json:print the service'\\''s JSON (errors as JSON on stderr)'");
    expect(enScript).toContain("'--help:display help for command'");
    expect(enScript).toContain("_describe -t flags 'flag' flags");
    expect(enScript).toContain("# Install: reseller completion zsh");
  });

  it("fish: Indonesian descriptions on the same complete lines", async () => {
    const [idScript, enScript] = await Promise.all([script("fish", indonesian), script("fish", {})]);
    const idLines = fishLines(idScript);
    const enLines = fishLines(enScript);
    expect(idLines.map((l) => l.names)).toEqual(enLines.map((l) => l.names));
    const described = (lines: typeof idLines, names: string) => lines.find((l) => l.names === names)?.description;
    const balance = "complete -c reseller -n '__reseller_at \\'\\'' -a 'balance'";
    expect(described(idLines, balance)).toBe("saldo Anda, saat ini juga");
    expect(described(enLines, balance)).toBe("your balance, in real time");
    const lang = idLines.find((l) => l.names.includes(" -l lang "))!;
    expect(lang.description).toMatch(/^bahasa tampilan: id \(Bahasa Indonesia\) atau en/);
    expect(enLines.find((l) => l.names.includes(" -l lang "))!.description).toMatch(/^the language people read/);
  });

  it("__complete: a channel's and a lock's description in Indonesian, the values the same", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const token = (await reseller.run(["lock", "add", "--item", "5", "--qty", "2"])).stdout.trim();
    expect(token).not.toBe("");
    const candidates = async (what: string, language: Record<string, string>) => {
      const r = await reseller.run(["__complete", what], { env: language });
      expect(r.exitCode, r.stderr).toBe(0);
      return r.stdout.split("\n").filter(Boolean);
    };
    const [idChannels, enChannels, idLocks, enLocks] = await Promise.all([
      candidates("channels", indonesian),
      candidates("channels", {}),
      candidates("locks", indonesian),
      candidates("locks", {}),
    ]);
    const values = (lines: string[]) => lines.map((l) => l.split("\t")[0]);
    expect(values(idChannels)).toEqual(values(enChannels));
    expect(idChannels[0]).toBe("QRIS\tQRIS (semua e-wallet & mobile banking), biaya Rp 750");
    expect(enChannels[0]).toBe("QRIS\tQRIS (semua e-wallet & mobile banking), fee Rp 750");
    expect(values(idLocks)).toEqual([token]);
    expect(values(enLocks)).toEqual([token]);
    expect(idLocks[0]).toMatch(new RegExp(`^${token}\tproduk 5 x2, sisa \\d+m \\d\\dd$`));
    expect(enLocks[0]).toMatch(new RegExp(`^${token}\titem 5 x2, \\d+m \\d\\ds left$`));
  });
});
