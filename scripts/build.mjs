#!/usr/bin/env node
// Builds what `reseller` runs: `npm run build` (after tsc has type-checked the sources).
//
// dist/reseller.cjs — the CLI in one CommonJS file (but for the packages only a few commands use,
//   required from node_modules), so a command reads one file and
//   bin/reseller.js can compile it with vm.Script and a V8 code cache (Node 20 has no compile cache
//   for ES modules). Lazily imported handlers stay lazy: esbuild turns `await import("./x.js")`
//   into a module initialiser that runs only when the command asks for it.
//   The first line names the version and a hash of the rest: the launcher prints the version from
//   it and keys the code cache on it.
// dist/help.txt — `reseller --help` as a pipe gets it, for the launcher to print without the CLI.
// dist/language.cjs — the language rule (src/messages/language.ts), for the launcher to pick that help's language.
// dist/emulator/server.js, dist/journal/journal.js, dist/config/{store,file-lock}.js — ES modules for
//   the scripts and tests that start an emulator, or several journal writers or config savers, of their own.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const dist = join(root, "dist");

/**
 * commander requires node:child_process when loaded, for executable sub-commands, which reseller
 * declares none of; with dgram and its other modules that is ~0.4 ms of every command's start.
 * commander gets a spawn that requires it when called.
 */
const lazyChildProcess = {
  name: "lazy-child-process",
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)
        ? { path: args.path, namespace: "lazy-child-process" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "lazy-child-process" }, () => ({
      contents: 'exports.spawn = (...args) => require("node:child_process").spawn(...args);',
      loader: "js",
    }));
  },
};

// Built beside dist/ and swapped in at the end: a `reseller` started meanwhile finds the old build
// or the new one, never half of one.
const staging = `${dist}.building-${process.pid}`;
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
// A build that fails leaves dist/ as it was and no half-built folder beside it.
process.on("exit", () => rmSync(staging, { recursive: true, force: true }));

// Required from node_modules, not bundled, by the few commands that use them: better-sqlite3 (a
// native binding, for the commands that keep records), undici behind a proxy
// (src/api/transport.ts), the top-up's QR code and `buy --file`'s CSV reader. What is in the bundle
// costs every command: these 134 KB of it were ~1.4 ms of `balance --json` (docs/performance.md).
// The prompts stay in: their packages' CommonJS builds give `import confirm from` another shape.
const cli = await build({
  absWorkingDir: root,
  entryPoints: ["src/start.ts"],
  outfile: "dist/reseller.cjs",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  external: ["undici", "qrcode", "csv-parse", "better-sqlite3"],
  // `await import("qrcode")` as require(): the bundle runs in a vm.Script, which has no import().
  supported: { "dynamic-import": false },
  // The bundle is CommonJS: `import.meta.url` (output.ts requires cli-table3 from beside it) becomes
  // the bundle's own URL, made when first asked for: node:url's path encoding (0.2–0.5 ms) is not every start's work.
  define: { "import.meta.url": "__bundle.url" },
  banner: { js: 'var __bundle = { get url() { return require("node:url").pathToFileURL(__filename).href; } };' },
  plugins: [lazyChildProcess],
  // Whitespace and syntax only: names stay, so stack traces read and `error.name` is the class's.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: "external",
  logLevel: "warning",
  write: false,
});

for (const file of cli.outputFiles) {
  if (!file.path.endsWith("reseller.cjs")) {
    writeFileSync(join(staging, basename(file.path)), file.contents); // the licence comments
    continue;
  }
  // The launcher reads the bundle as latin1, which is only right for ASCII (esbuild escapes the rest).
  const nonAscii = file.contents.findIndex((byte) => byte > 0x7f);
  if (nonAscii !== -1) throw new Error(`dist/reseller.cjs has a non-ASCII byte at offset ${nonAscii}`);
  const hash = createHash("sha256").update(file.contents).digest("hex").slice(0, 16);
  writeFileSync(
    join(staging, "reseller.cjs"),
    Buffer.concat([Buffer.from(`// reseller ${version} ${hash}\n`), file.contents]),
  );
}

// The help a script gets from `reseller --help | ...`: the CLI's own, at commander's default 80
// columns (stdout is a pipe here), in each language, for the launcher to print without compiling the bundle.
for (const [file, lang, first] of [
  ["help.txt", "en", "Usage: reseller"],
  ["help.id.txt", "id", "Cara pakai: reseller"],
]) {
  const help = spawnSync(
    process.execPath,
    ["-e", `require(${JSON.stringify(join(staging, "reseller.cjs"))}).start()`, "--", "--help"],
    {
      env: { PATH: process.env.PATH, RESELLER_LANG: lang, RESELLER_CONFIG_DIR: join(staging, "no-config") },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  if (help.status !== 0 || !help.stdout.startsWith(first))
    throw new Error(`reseller --help (${lang}) exited ${help.status} in the build`);
  writeFileSync(join(staging, file), help.stdout);
}

// The language rule alone (it imports nothing), as CommonJS the launcher requires.
await build({
  absWorkingDir: root,
  entryPoints: ["src/messages/language.ts"],
  outfile: join(staging, "language.cjs"),
  platform: "node",
  target: "node20",
  format: "cjs",
  logLevel: "warning",
});

await build({
  absWorkingDir: root,
  entryPoints: {
    "emulator/server": "src/emulator/server.ts",
    "journal/journal": "src/journal/journal.ts",
    "config/store": "src/config/store.ts",
    "config/file-lock": "src/config/file-lock.ts",
  },
  outdir: staging,
  bundle: true,
  splitting: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  logLevel: "warning",
});

const old = `${dist}.old-${process.pid}`;
rmSync(old, { recursive: true, force: true });
try {
  renameSync(dist, old);
} catch (error) {
  if (error.code !== "ENOENT") throw error;
}
renameSync(staging, dist);
rmSync(old, { recursive: true, force: true });
