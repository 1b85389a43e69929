#!/usr/bin/env node
"use strict";
// Launcher: answers --version and piped --help without the CLI, else runs dist/reseller.cjs (built by
// `npm run build`) compiled with V8's code cache. CommonJS on purpose (bin/package.json says so):
// an ES module entry costs Node's ESM loader. What each piece saves: docs/performance.md.
const { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync } = require("node:fs");
const { renameSync, statSync, unlinkSync, writeFileSync, writeSync } = require("node:fs");
const { dirname, join } = require("node:path");
// The class of the launcher's own module, for its createRequire: requiring node:module loads the ES module loader (~0.5 ms).
const Module = module.constructor;

const dist = join(__dirname, "..", "dist");
const bundle = join(dist, "reseller.cjs");
const args = process.argv.slice(2);
/** The bundle's first line: `// reseller <version> <hash of the rest>`. */
const header = (text) => text.slice(0, text.indexOf("\n")).split(" ").slice(2);

if (args.length === 1 && ["--version", "-v", "-V", "version"].includes(args[0])) {
  const head = Buffer.alloc(128);
  const fd = openSync(bundle, "r");
  const length = readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  print(`${header(head.toString("latin1", 0, length))[0]}\n`);
} else if ((args.length === 0 || (args.length === 1 && ["--help", "-h"].includes(args[0]))) && !isTerminal(1)) {
  // Piped help is commander's own at its default 80 columns, written by the build in each language.
  const file = helpFile();
  if (file) print(readFileSync(join(dist, file)));
  else run();
} else {
  run();
}

/**
 * The help text in the language src/messages/language.ts chooses (built to dist/language.cjs): here
 * without flags, so RESELLER_LANG, else the profile's, else the locale. None when the config file
 * names a `language`: the CLI reads the profile's and says the help.
 */
function helpFile() {
  const env = process.env;
  let profileNamesOne = false;
  const { language } = require(join(dist, "language.cjs")).chooseLanguage(undefined, env, () => {
    profileNamesOne = configNamesLanguage(env);
    return undefined;
  });
  if (profileNamesOne) return undefined;
  return language === "id" ? "help.id.txt" : "help.txt";
}

/** Whether the config file mentions a `language` at all (reading which profile's is the CLI's work). */
function configNamesLanguage(env) {
  const home = env.XDG_CONFIG_HOME || join(env.HOME || require("node:os").homedir(), ".config");
  const dir = env.RESELLER_CONFIG_DIR || (process.platform === "win32" && env.APPDATA) || home;
  try {
    return readFileSync(join(dir, env.RESELLER_CONFIG_DIR ? "" : "reseller", "config.json"), "latin1").includes(
      '"language"',
    );
  } catch {
    return false; // no config file: nothing chosen there
  }
}

/** write(2), without setting up process.stdout; a reader that left (`| head`) ends it quietly. */
function print(text) {
  const bytes = Buffer.from(text);
  let written = 0;
  try {
    while (written < bytes.length) written += writeSync(1, bytes, written);
  } catch (error) {
    // A pipe that cannot take more now (EAGAIN) gets the rest through the stream, which waits.
    if (error.code !== "EPIPE") process.stdout.on("error", () => undefined).write(bytes.subarray(written));
  }
}

/** Like `process.stdout.isTTY`, without the stream. */
function isTerminal(fd) {
  try {
    return fstatSync(fd).isCharacterDevice() && require("node:tty").isatty(fd);
  } catch {
    return false;
  }
}

/**
 * The bundle run as Node runs a CommonJS module, compiled with V8's code cache of what the same
 * command (its first word, and whether --json) compiled last time; saved when there was none or V8
 * refused it. With --jq, jq-wasm's JavaScript likewise.
 */
function run() {
  // jq's engine and undici's parser (behind a proxy) are WebAssembly: V8's optimising tier-up of it
  // holds a short-lived process at exit, and each function is validated when first called rather
  // than all 0.9 MB of jq's before its first run. Set before compiling: V8 takes a cache only under its flags.
  const proxy = ["HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"].some((name) => process.env[name]);
  const jq = args.some((arg) => arg === "--jq" || arg.startsWith("--jq="));
  const wasm = proxy || jq;
  if (jq) {
    // A V8 flag set apart from Node's build makes V8 refuse the code cache Node's own modules carry:
    // each required after this line is compiled from source. So what a --jq run requires anyway is
    // required first: node:http with node:net and the streams (a command with --jq asks the service),
    // WebCrypto (jq's first run takes 4 random bytes from the `crypto` global), node:vm.
    require("node:http");
    globalThis.crypto;
    require("node:vm");
  }
  if (wasm) require("node:v8").setFlagsFromString("--liftoff-only --wasm-lazy-validation");
  const early = jq && compileJq();
  const source = readFileSync(bundle, "latin1"); // ASCII: esbuild escapes the rest
  const hash = header(source)[1];
  // --json prints no words: a cache made by the same command speaking (`balance` on a terminal, a
  // third bigger with the catalogue) would be deserialized whole at every scripted call.
  const command = `${/^[a-z][a-z-]{0,30}$/.test(args[0] ?? "") ? args[0] : "_"}${args.includes("--json") ? "-json" : ""}`;
  const cli = commonJs(bundle, source, codeCacheFile(hash, `${command}${wasm ? "-wasm" : ""}`));
  let jqWasm;
  if (early) {
    // jq-wasm's JavaScript (130 KB) with a code cache of its own, keyed on its file too (size and
    // time written, as hashing its text costs ~6 ms): npm may put another jq-wasm beside the same build.
    // It requires node:fs/promises when loaded (with readline's interface, ~6 ms) only to read its
    // .wasm, which it is handed compiled: it gets a readFile that requires that when called.
    const fsPromises = { readFile: (...read) => require("node:fs/promises").readFile(...read) };
    early.load = () => {
      const file = join(early.folder, "dist", "index.cjs");
      const { size, mtimeMs } = statSync(file);
      const key = `jq-wasm-${size.toString(36)}.${Math.trunc(mtimeMs).toString(36)}`;
      jqWasm = commonJs(file, readFileSync(file, "utf8"), codeCacheFile(hash, key));
      return jqWasm.run((id) => (id === "fs/promises" ? fsPromises : undefined));
    };
  }
  cli
    .run()
    .start()
    .then(() => {
      cli.save();
      jqWasm?.save();
    });
}

/**
 * `file` run as Node runs a CommonJS module, compiled with the V8 code cache in `cacheFile` if there
 * is one; `save` keeps what it compiled there when there was none or V8 refused it.
 */
function commonJs(file, source, cacheFile) {
  let cachedData;
  try {
    cachedData = cacheFile && readFileSync(cacheFile);
  } catch {}
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new (require("node:vm").Script)(wrapper, { filename: file, cachedData });
  return {
    /** `standIn(id)`, when given, may answer a require() in the module's place. */
    run(standIn) {
      const module = { exports: {} };
      const fromFile = Module.createRequire(file);
      const moduleRequire = standIn ? (id) => standIn(id) ?? fromFile(id) : fromFile;
      script.runInThisContext()(module.exports, moduleRequire, module, file, dirname(file));
      return module.exports;
    },
    save() {
      if (cacheFile && (!cachedData || script.cachedDataRejected)) saveCodeCache(script, cacheFile);
    },
  };
}

/**
 * `--jq`: jq's WebAssembly (0.9 MB) handed to V8 to compile while this thread compiles and starts
 * the CLI; src/output/jq.ts takes the module, and the package's JavaScript from `load` (set by
 * run()). The folder is looked for as Node looks for a package, up the node_modules folders:
 * resolving the name through the package's `exports` loads Node's ES module resolver (~5 ms). What
 * fails here is met again there, where jq-wasm loads itself and says what is wrong.
 */
function compileJq() {
  for (let dir = dist; ; dir = dirname(dir)) {
    const folder = join(dir, "node_modules", "jq-wasm");
    try {
      const compiling = WebAssembly.compile(readFileSync(join(folder, "dist", "build", "jq.wasm")));
      compiling.catch(() => undefined);
      const early = { folder, compiling };
      globalThis[Symbol.for("reseller.jq-wasm")] = early;
      return early;
    } catch {}
    if (dirname(dir) === dir) return undefined;
  }
}

/** `$XDG_CACHE_HOME/reseller/code-cache/<this copy>/<build>-<node>-<command>.bin`; RESELLER_NO_CODE_CACHE=1 turns it off. */
function codeCacheFile(hash, command) {
  const { env } = process;
  const off = env.RESELLER_NO_CODE_CACHE;
  if (!hash || (off && !["0", "false"].includes(off.toLowerCase()))) return undefined;
  const base =
    env.XDG_CACHE_HOME || (process.platform === "win32" ? env.LOCALAPPDATA : env.HOME && join(env.HOME, ".cache"));
  let copy = 0x811c9dc5; // FNV-1a of the bundle's path: a folder per installed copy
  for (let i = 0; i < bundle.length; i++) copy = Math.imul(copy ^ bundle.charCodeAt(i), 0x01000193) >>> 0;
  return (
    base &&
    join(base, "reseller", "code-cache", copy.toString(16), `${hash}-${process.version}-${process.arch}-${command}.bin`)
  );
}

/** Written whole or not at all; earlier builds' caches go. A cache that cannot be written is simply not there. */
function saveCodeCache(script, file) {
  try {
    const dir = dirname(file);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(`${file}.${process.pid}.tmp`, script.createCachedData(), { mode: 0o600 });
    renameSync(`${file}.${process.pid}.tmp`, file);
    const build = file.slice(dir.length + 1).split("-", 1)[0];
    for (const name of readdirSync(dir)) if (!name.startsWith(`${build}-`)) unlinkSync(join(dir, name));
  } catch {}
}
