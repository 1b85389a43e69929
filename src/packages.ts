/**
 * A package installed beside reseller, required when first used rather than bundled or imported:
 * the native SQLite binding, undici behind a proxy and for a listener's forward, cli-table3, jq-wasm. node:module is taken here,
 * when one is asked for, not imported: it loads Node's ES module loader (~0.5 ms of every start, and
 * more once the launcher has set V8's WebAssembly flags for --jq).
 */
export function requirePackage<T>(id: string): T {
  return process.getBuiltinModule("node:module").createRequire(import.meta.url)(id) as T;
}
