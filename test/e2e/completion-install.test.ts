/**
 * The README's completion install lines, run for each shell in a fresh home with `reseller` on
 * PATH, then a clean shell of that kind started as a person's would be: it completes `reseller`.
 * bash has no bash-completion package loaded (its rc file is only what the lines wrote), and zsh's
 * first fpath entry is a directory nobody can write to, as on machines whose site-functions belong
 * to root.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { binPath } from "../support/cli.js";
import { needsPrograms } from "../support/tools.js";
import { makeTempDir } from "../support/temp-dir.js";

const readme = readFileSync(join(import.meta.dirname, "../../README.md"), "utf8");

/** The install lines for one shell: the README's completion block, from `# <shell>` to the next comment heading. */
function installLines(shell: "bash" | "zsh" | "fish"): string[] {
  const section = readme.slice(readme.indexOf("## Shell completion"));
  const block = section.match(/```sh\n([\s\S]*?)```/)![1]!;
  const lines = block.split("\n");
  const start = lines.findIndex((l) => new RegExp(`^# ${shell}\\b`).test(l));
  expect(start, `no "# ${shell}" lines in the README's completion block`).toBeGreaterThanOrEqual(0);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => /^# /.test(l));
  return rest.slice(0, end === -1 ? undefined : end).filter((l) => l.trim() && !l.startsWith("#"));
}

function freshHome(): { home: string; env: Record<string, string> } {
  const bin = makeTempDir("reseller-path-");
  symlinkSync(binPath, join(bin, "reseller"));
  const home = makeTempDir("reseller-home-");
  return {
    home,
    env: { HOME: home, PATH: `${bin}:${dirname(process.execPath)}:/usr/bin:/bin`, LANG: "C.UTF-8", TERM: "dumb" },
  };
}

/** Runs the install lines in the shell they are for, as typed at its prompt. */
function install(shell: "bash" | "zsh" | "fish", env: Record<string, string>): void {
  const lines = installLines(shell);
  const argv =
    shell === "fish" ? ["fish", "--no-config", "-c", lines.join("\n")] : [shell, "-e", "-c", lines.join("\n")];
  const r = spawnSync(argv[0]!, argv.slice(1), { env, encoding: "utf8", timeout: 30_000 });
  expect(r.status, `${shell} install lines failed:\n${r.stderr}`).toBe(0);
}

describe("completion install lines from the README", () => {
  it("bash, without the bash-completion package: a new shell completes `reseller bal`", () => {
    const { home, env } = freshHome();
    install("bash", env);
    // The rc file alone, as an interactive bash reads it; nothing from /etc (where bash-completion would be).
    const r = spawnSync(
      "bash",
      [
        "--rcfile",
        join(home, ".bashrc"),
        "-i",
        "-c",
        'complete -p reseller && COMP_WORDS=(reseller bal) COMP_CWORD=1 COMP_LINE="reseller bal" COMP_POINT=12 && _reseller && printf "%s\\n" "${COMPREPLY[@]}"',
      ],
      {
        env,
        encoding: "utf8",
        timeout: 30_000,
      },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^complete -F _reseller reseller$/m);
    expect(r.stdout.split("\n")).toContain("balance");
  });

  describe("zsh", () => {
    needsPrograms("zsh");
    it("with a first fpath entry nobody can write: a new shell has reseller's completion", () => {
      const { home, env } = freshHome();
      // The user's own .zshrc puts a directory that cannot be written first (/proc refuses even root).
      writeFileSync(join(home, ".zshrc"), "fpath=(/proc/reseller-not-writable $fpath)\n");
      install("zsh", env);
      const r = spawnSync(
        "zsh",
        ["-i", "-c", 'print -r -- "first=${fpath[1]} comp=${_comps[reseller]}"; whence -w _reseller'],
        { env, encoding: "utf8", timeout: 30_000 },
      );
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/comp=_reseller/);
      expect(r.stdout).toMatch(/_reseller: function/);
    });
  });

  describe("fish", () => {
    needsPrograms("fish");
    it("a new shell completes `reseller bal`", () => {
      const { env } = freshHome();
      install("fish", env);
      const r = spawnSync("fish", ["-c", "complete -C 'reseller bal'"], { env, encoding: "utf8", timeout: 30_000 });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^balance\b/m);
    });
  });
});
