// What every benchmark script needs first: the emulator in a process of its own, so nothing in the
// benchmark's process competes with the commands it times.
import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Starts dist/emulator in a child process with `startEmulator(<options>)`, `options` being the
 * source text of its argument (a `log` function cannot cross as JSON). Resolves once it listens;
 * with `stderr: "pipe"` the caller reads what its `log` writes there. The child is killed when this
 * process exits.
 * @param {{ options?: string, stderr?: "inherit" | "pipe" }} [how]
 * @returns {Promise<{ child: import("node:child_process").ChildProcessWithoutNullStreams, baseUrl: string, apiKey: string }>}
 */
export async function startEmulatorProcess({ options = "{ port: 0 }", stderr = "inherit" } = {}) {
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { startEmulator } = await import(${JSON.stringify(join(root, "dist", "emulator", "server.js"))});
       const e = await startEmulator(${options});
       process.stdout.write(JSON.stringify({ baseUrl: e.baseUrl, apiKey: e.demoApiKey }) + "\\n");`,
    ],
    { stdio: ["ignore", "pipe", stderr] },
  );
  process.on("exit", () => child.kill());
  const { baseUrl, apiKey } = await new Promise((done, fail) => {
    let text = "";
    child.stdout.setEncoding("utf8").on("data", (d) => {
      text += d;
      if (text.includes("\n")) done(JSON.parse(text));
    });
    child.on("exit", (code) => fail(new Error(`the emulator exited ${code}`)));
  });
  return { child: /** @type {any} */ (child), baseUrl, apiKey };
}
