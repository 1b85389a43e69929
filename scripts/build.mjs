#!/usr/bin/env node
// Builds what `reseller` runs: `npm run build` (after tsc has type-checked the sources).
//
// dist/reseller.cjs — the whole CLI in one CommonJS file, so a command reads one file and
//   bin/reseller.js can compile it with vm.Script and a V8 code cache (Node 20 has no compile cache
//   for ES modules). Lazily imported handlers stay lazy: esbuild turns `await import("./x.js")`
//   into a module initialiser that runs only when the command asks for it.
//   The first line names the version and a hash of the rest: the launcher prints the version from
//   it and keys the code cache on it.
// dist/help.txt — `reseller --help` as a pipe gets it, for the launcher to print without the CLI.
// dist/items-quick.cjs — the launcher's quick answer to a piped `reseller items` from a warm
//   catalogue copy, without compiling the CLI.
// dist/items-delta.cjs — the same from a copy over a minute old: the items command brings it up to
//   date and answers, without the rest of the CLI.
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
 * Packages whose index brings much more than reseller uses, replaced in the bundle by an entry that
 * gives only what src/ imports, from the package's own files. Each is an ES module, so importing
 * anything else from the package fails the build ("No matching export") instead of being undefined
 * at run time: add it here then.
 */
const leanEntries = {
  // undici's index.js requires everything it has (fetch, WebSocket, caches, cookies, mock agents),
  // and esbuild cannot drop the unused parts of a CommonJS module. The client imports `request` and
  // `EnvHttpProxyAgent`; this takes half the start-up time of the whole. `request` is index.js's
  // `makeDispatcher(api.request)`.
  undici: `
import Dispatcher from "./lib/dispatcher/dispatcher.js";
import EnvHttpProxyAgent from "./lib/dispatcher/env-http-proxy-agent.js";
import errors from "./lib/core/errors.js";
import util from "./lib/core/util.js";
import api from "./lib/api/index.js";
import { getGlobalDispatcher } from "./lib/global.js";

Object.assign(Dispatcher.prototype, api);

export { Dispatcher, EnvHttpProxyAgent, errors };

export function request(url, opts, handler) {
  if (typeof opts === "function") {
    handler = opts;
    opts = null;
  }
  if (!url || (typeof url !== "string" && typeof url !== "object" && !(url instanceof URL))) {
    throw new errors.InvalidArgumentError("invalid url");
  }
  if (opts != null && typeof opts !== "object") throw new errors.InvalidArgumentError("invalid opts");
  if (opts && opts.path != null) {
    if (typeof opts.path !== "string") throw new errors.InvalidArgumentError("invalid opts.path");
    const path = opts.path.startsWith("/") ? opts.path : "/" + opts.path;
    url = new URL(util.parseOrigin(url).origin + path);
  } else {
    if (!opts) opts = typeof url === "object" ? url : {};
    url = util.parseURL(url);
  }
  const { agent, dispatcher = getGlobalDispatcher() } = opts;
  if (agent) throw new errors.InvalidArgumentError("unsupported opts.agent. Did you mean opts.client?");
  return api.request.call(dispatcher, {
    ...opts,
    origin: url.origin,
    path: url.search ? url.pathname + url.search : url.pathname,
    method: opts.method || (opts.body ? "PUT" : "GET"),
  }, handler);
}
`,
  // The prompts index re-exports every prompt and esbuild keeps them all: the editor prompt alone
  // brings iconv-lite and chardet, a third of the bundle. src/output/prompter.ts asks with these.
  "@inquirer/prompts": `
export { default as confirm } from "@inquirer/confirm";
export { default as input } from "@inquirer/input";
export { default as password } from "@inquirer/password";
export { default as select } from "@inquirer/select";
`,
};

/**
 * Requires that a dependency makes at load time for a feature reseller never uses, deferred to
 * first use. Each names the exact text it replaces: a new version that changed it fails the build
 * here, instead of quietly loading it again.
 */
const deferredRequires = [
  {
    file: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/,
    replace: [
      // HTTP/2, and with it node:http2, tls and crypto (~25 ms): the client never offers h2 (allowH2 is off).
      [
        "const connectH2 = require('./client-h2.js')",
        "function connectH2 (client, socket) { return require('./client-h2.js')(client, socket) }",
      ],
      // node:http (its agent, client and server, ~7 ms) only for Node's default header size limit,
      // which the client passes itself (api/client.ts): read when a connection is made without one.
      ["const http = require('node:http')", ""],
      [
        `const getDefaultNodeMaxHeaderSize = http &&
  http.maxHeaderSize &&
  Number.isInteger(http.maxHeaderSize) &&
  http.maxHeaderSize > 0
  ? () => http.maxHeaderSize
  : () => { throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid') }`,
        `const getDefaultNodeMaxHeaderSize = () => {
  const http = require('node:http')
  if (Number.isInteger(http.maxHeaderSize) && http.maxHeaderSize > 0) return http.maxHeaderSize
  throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid')
}`,
      ],
    ],
  },
  {
    file: /[\\/]undici[\\/]lib[\\/]core[\\/]util\.js$/,
    replace: [
      // node:http again, to recognise a server's incoming request given as a body: only a process
      // that has loaded node:http can have one.
      ["const { IncomingMessage } = require('node:http')", ""],
      [
        "Object.getPrototypeOf(stream).constructor === IncomingMessage",
        "Object.getPrototypeOf(stream).constructor.name === 'IncomingMessage' && Object.getPrototypeOf(stream).constructor === require('node:http').IncomingMessage",
      ],
    ],
  },
  {
    file: /[\\/]commander[\\/]lib[\\/]command\.js$/,
    replace: [
      // Executable sub-commands (`git-foo` style), and with them node:child_process, net and dgram.
      [
        "const childProcess = require('node:child_process');",
        "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };",
      ],
    ],
  },
];

/**
 * undici checks its own invariants with `assert(condition, message)` and nothing else of node:assert,
 * whose loading (~3 ms) every call that speaks HTTP paid. A check that holds costs nothing; one that
 * fails throws node:assert's own AssertionError, as before.
 */
const checkedAssert = `module.exports = function assert (value, message) { if (!value) require("node:assert")(value, message) }`;

const startUpDiet = {
  name: "start-up-diet",
  setup(b) {
    b.onResolve({ filter: /^(undici|@inquirer\/prompts)$/ }, (args) => ({ path: args.path, namespace: "lean-entry" }));
    b.onLoad({ filter: /.*/, namespace: "lean-entry" }, (args) => ({
      contents: leanEntries[args.path],
      loader: "js",
      // Resolved from inside the package, as its own index would be.
      resolveDir: join(root, "node_modules", args.path),
    }));
    b.onResolve({ filter: /^node:assert$/ }, (args) =>
      /[\\/]undici[\\/]/.test(args.importer) ? { path: "node:assert", namespace: "checked-assert" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "checked-assert" }, () => ({ contents: checkedAssert, loader: "js" }));
    for (const { file, replace } of deferredRequires) {
      b.onLoad({ filter: file }, (args) => {
        let source = readFileSync(args.path, "utf8");
        for (const [eager, lazy] of replace) {
          if (!source.includes(eager))
            throw new Error(`${args.path} no longer contains "${eager.split("\n")[0]}": update scripts/build.mjs`);
          source = source.replace(eager, lazy);
        }
        return { contents: source, loader: "js" };
      });
    }
  },
};

// Built beside dist/ and swapped in at the end: a `reseller` started meanwhile finds the old build
// or the new one, never half of one.
const staging = `${dist}.building-${process.pid}`;
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
// A build that fails leaves dist/ as it was and no half-built folder beside it.
process.on("exit", () => rmSync(staging, { recursive: true, force: true }));

/**
 * Packages a bundle leaves to be required from node_modules at run time, should it ever get there:
 * for dist/items-delta.cjs, undici (the launcher sends a line to the CLI when a proxy may apply) and
 * the prompts (a piped `items` asks nothing). Left out, the file shrinks from ~630 KB to ~150 KB,
 * which its every load reads and deserialises.
 */
function leftOut(names) {
  return {
    name: "left-out",
    setup(b) {
      const filter = new RegExp(`^(${names.map((name) => name.replace(/[/.]/g, "\\$&")).join("|")})$`);
      b.onResolve({ filter }, (args) => ({ path: args.path, external: true }));
    },
  };
}

/** A CommonJS bundle of one entry, with the CLI's lean entries (`startUpDiet`), held in memory. */
function bundleOf(entry, outfile, legalComments, plugins = []) {
  return build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    // The bundle is CommonJS: `import.meta.url` (program.ts reads ../package.json, output.ts requires
    // cli-table3 from beside it) becomes the bundle's own URL.
    define: { "import.meta.url": "__bundleUrl" },
    banner: { js: 'var __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    plugins: [...plugins, startUpDiet],
    // Whitespace and syntax only: names stay, so stack traces read and `error.name` is the class's.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments,
    logLevel: "warning",
    write: false,
  });
}

const cli = await bundleOf("src/start.ts", "dist/reseller.cjs", "external");
// The launcher's answer to a piped `reseller items` from a copy over a minute old
// (src/catalogue/quick-delta.ts): the items command, its context and the service client, and
// nothing of commander or the other commands. Its licences are the CLI's, kept once.
const delta = await bundleOf("src/catalogue/quick-delta.ts", "dist/items-delta.cjs", "none", [
  leftOut(["undici", "@inquirer/prompts"]),
]);
const deltaSource = delta.outputFiles.find((file) => file.path.endsWith("items-delta.cjs")).contents;

for (const file of cli.outputFiles) {
  if (!file.path.endsWith("reseller.cjs")) {
    writeFileSync(join(staging, basename(file.path)), file.contents); // the licence comments
    continue;
  }
  // The launcher reads the bundle as latin1, which is only right for ASCII (esbuild escapes the rest).
  const nonAscii = file.contents.findIndex((byte) => byte > 0x7f);
  if (nonAscii !== -1) throw new Error(`dist/reseller.cjs has a non-ASCII byte at offset ${nonAscii}`);
  // One hash for the build, of both bundles the launcher compiles: their code caches are kept together.
  const hash = createHash("sha256").update(file.contents).update(deltaSource).digest("hex").slice(0, 16);
  writeFileSync(
    join(staging, "reseller.cjs"),
    Buffer.concat([Buffer.from(`// reseller ${version} ${hash}\n`), file.contents]),
  );
  if (deltaSource.some((byte) => byte > 0x7f)) throw new Error("dist/items-delta.cjs has a non-ASCII byte");
  writeFileSync(
    join(staging, "items-delta.cjs"),
    Buffer.concat([Buffer.from(`// reseller ${version} ${hash}\n`), deltaSource]),
  );
}

// The help a script gets from `reseller --help | ...`: the CLI's own, at commander's default 80
// columns (stdout is a pipe here), for the launcher to print without compiling the bundle.
const help = spawnSync(
  process.execPath,
  ["-e", `require(${JSON.stringify(join(staging, "reseller.cjs"))}).start()`, "--", "--help"],
  {
    env: { PATH: process.env.PATH },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  },
);
if (help.status !== 0 || !help.stdout.startsWith("Usage: reseller"))
  throw new Error(`reseller --help exited ${help.status} in the build`);
writeFileSync(join(staging, "help.txt"), help.stdout);

// The launcher's quick answer to a piped `reseller items` from a warm catalogue copy
// (src/catalogue/quick.ts): the few modules it renders with and no dependency, so that it costs about
// what `--version` does instead of a compile of the whole CLI.
await build({
  absWorkingDir: root,
  entryPoints: ["src/catalogue/quick.ts"],
  outfile: join(staging, "items-quick.cjs"),
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  packages: "external",
  // createRequire (output.ts, for a table it never draws here) takes a path as well as a URL.
  define: { "import.meta.url": "__filename" },
  minifyWhitespace: true,
  minifySyntax: true,
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
