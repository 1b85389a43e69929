/**
 * `reseller emulator` as the quick start uses it: --print-env prints lines a shell can eval,
 * --detach returns at once with the emulator running in the background and says how to stop it,
 * and a port already taken is "port N is in use" (exit 2), not a bug.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { baseEnv, binPath, makeConfigDir, runReseller, startReseller } from "../support/cli.js";
import { makeTempDir } from "../support/temp-dir.js";
import { englishIn, indonesian } from "../support/language.js";
import { until } from "../support/until.js";

/** Whether a process is still there. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits for the process to end; fails naming it if it is still running at the deadline. */
function gone(pid: number): Promise<boolean> {
  return until(`the emulator (pid ${pid}) to stop`, () => !alive(pid));
}

describe("reseller emulator --print-env", () => {
  it("prints only export lines on stdout, quoted for the shell; the rest goes to stderr", async () => {
    const running = startReseller(["emulator", "--port", "0", "--print-env"]);
    await until("the export lines", () => running.output().stdout.includes("RESELLER_API_KEY"));
    running.child.kill("SIGINT");
    const r = await running.done;
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(
      /^export RESELLER_BASE_URL=http:\/\/127\.0\.0\.1:\d+\nexport RESELLER_API_KEY=rk_[a-z0-9_]+\n$/,
    );
    expect(r.stderr).toMatch(/add --detach/);
  });
});

describe("reseller emulator --detach", () => {
  it('eval "$(reseller emulator --port 0 --print-env --detach)" returns, points the shell at it, and kill stops it', () => {
    const script = [
      `reseller() { "${process.execPath}" "${binPath}" "$@"; }`,
      'eval "$(reseller emulator --port 0 --print-env --detach)"',
      'echo "pid=$RESELLER_EMULATOR_PID"',
      "reseller balance",
      'kill "$RESELLER_EMULATOR_PID"',
    ].join("\n");
    // Returns at once: were it to wait on the emulator, spawnSync's timeout would kill it (no exit 0).
    const r = spawnSync("bash", ["-e", "-c", script], {
      // The detached emulator's log goes to TMPDIR: one of the test's own, removed with it.
      env: baseEnv({ RESELLER_CONFIG_DIR: makeConfigDir(), TMPDIR: makeTempDir("reseller-tmp-") }),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^pid=\d+\nbalance\t\d+\n$/);
    expect(r.stderr).toMatch(
      /runs in the background at http:\/\/127\.0\.0\.1:\d+ \(pid \d+; its log: .+\)\.\nStop it with: kill \d+/,
    );
    const pid = Number(r.stdout.match(/pid=(\d+)/)![1]);
    return gone(pid);
  });

  it("without --print-env: the Base URL and key for a person, the export lines, and the stop hint", async () => {
    const r = await runReseller(["emulator", "--port", "0", "--detach"], {
      env: {
        TMPDIR: makeTempDir("reseller-tmp-"),
        RESELLER_API_KEY: "rk_the_resellers_real_key_0123",
        RESELLER_WEBHOOK_SECRET: "the-resellers-real-webhook-secret",
      },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^Base URL: http:\/\/127\.0\.0\.1:\d+\nDemo API key: \S+\nexport RESELLER_BASE_URL=\S+\nexport RESELLER_API_KEY=\S+\n$/,
    );
    const pid = Number(r.stderr.match(/kill (\d+)/)![1]);
    expect(alive(pid)).toBe(true);
    // The emulator in the background runs on: it gets none of the environment it was started from.
    const environment = readFileSync(`/proc/${pid}/environ`, "utf8");
    process.kill(pid, "SIGTERM");
    expect(await gone(pid)).toBe(true);
    expect(environment).not.toContain("rk_the_resellers_real_key_0123");
    expect(environment).not.toContain("the-resellers-real-webhook-secret");
  });
});

describe("a port already in use", () => {
  it.each([[[]], [["--detach"]]])(
    '`reseller emulator --port N %s`: "port N is in use", exit 2, no bug report',
    async (extra) => {
      const server = createServer();
      await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
      const port = (server.address() as { port: number }).port;
      try {
        const r = await runReseller(["emulator", "--port", String(port), ...extra], {
          env: { TMPDIR: makeTempDir("reseller-tmp-") },
        });
        expect(r.exitCode).toBe(2);
        expect(r.stdout).toBe("");
        expect(r.stderr).toMatch(new RegExp(`^Error: port ${port} is in use\\. \\(PORT_IN_USE\\)$`, "m"));
        expect(r.stderr).toMatch(/--port 0/);
        expect(r.stderr).not.toMatch(/bug|went wrong inside/i);
      } finally {
        server.close();
      }
    },
  );
});

describe("reseller emulator in Indonesian", () => {
  it("says how it runs and how to stop it in Indonesian; stdout's lines are the same as in English", async () => {
    const running = startReseller(["emulator", "--port", "0"], { env: indonesian });
    await until("the line saying how to stop it", () => running.output().stderr.includes("Ctrl-C"));
    running.child.kill("SIGINT");
    const r = await running.done;
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^Base URL: http:\/\/127\.0\.0\.1:\d+\nDemo API key: \S+\nexport RESELLER_BASE_URL=/);
    expect(r.stderr).toMatch(/^Data emulator hanya di memori; pakai --state FILE untuk menyimpannya$/m);
    expect(r.stderr).toMatch(/^Menjawab dengan dialek live;/m);
    expect(r.stderr).toMatch(/^Tekan Ctrl-C untuk berhenti$/m);
    expect(englishIn(r.stderr)).toEqual([]);
  });

  it("on a terminal, its address and demo key are labelled in Indonesian; the export lines are as always", async () => {
    const running = startReseller(["emulator", "--port", "0"], { env: { ...indonesian, RESELLER_FORCE_TTY: "1" } });
    await until("the line saying how to stop it", () => running.output().stderr.includes("Ctrl-C"));
    running.child.kill("SIGINT");
    const r = await running.done;
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(
      /^Alamat layanan: http:\/\/127\.0\.0\.1:\d+\nAPI key demo: \S+\nexport RESELLER_BASE_URL=\S+\nexport RESELLER_API_KEY=/,
    );
    expect(englishIn(r.stdout)).toEqual([]);
  });

  it("--detach says where it runs and how to stop it in Indonesian", async () => {
    const r = await runReseller(["emulator", "--port", "0", "--detach"], {
      env: { ...indonesian, TMPDIR: makeTempDir("reseller-tmp-") },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /^Emulator berjalan di latar belakang di http:\/\/127\.0\.0\.1:\d+ \(pid \d+; log-nya: .+\)\.\nHentikan dengan: kill \d+$/m,
    );
    expect(englishIn(r.stderr)).toEqual([]);
    const pid = Number(r.stderr.match(/kill (\d+)/)![1]);
    process.kill(pid, "SIGTERM");
    expect(await gone(pid)).toBe(true);
  });

  it.each([[[]], [["--detach"]]])("a port in use, %s: said in Indonesian, the code as in English", async (extra) => {
    const server = createServer();
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const port = (server.address() as { port: number }).port;
    try {
      const r = await runReseller(["emulator", "--port", String(port), ...extra], {
        env: { ...indonesian, TMPDIR: makeTempDir("reseller-tmp-") },
      });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`port ${port} sedang dipakai\\. \\(PORT_IN_USE\\)$`, "m"));
      expect(r.stderr).toMatch(/dengan --port 0\./);
      expect(englishIn(r.stderr)).toEqual([]);
    } finally {
      server.close();
    }
  });
});
