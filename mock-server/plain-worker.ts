// The Node options a worker thread of this server starts with: the API's own, less its TypeScript
// loader. A Worker inherits the API's `--import tsx` unless told otherwise, and each thread then
// registered tsx again, loading it and esbuild's wrapper into its own heap (tens of MB resident
// per thread, five threads at start: scripts/bench-scale.ts reports the peak). The threads run
// plain JavaScript — the checkpointer's .mjs, the modules domain/worker-code.ts bundles — so they
// need no loader; other options (a profiler's, a heap limit) still reach them.

const LOADER_FLAGS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader'])
const TSX = /(^|[\\/])tsx([\\/]|$)/

/** `argv` (the API's `process.execArgv`) without the options that load tsx. */
export function plainWorkerArgv(argv: readonly string[] = process.execArgv): string[] {
  const kept: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const option = argv[i]!
    if (LOADER_FLAGS.has(option) && TSX.test(argv[i + 1] ?? '')) {
      i++
      continue
    }
    const joined = /^(--[a-z-]+)=(.*)$/.exec(option)
    if (joined && LOADER_FLAGS.has(joined[1]!) && TSX.test(joined[2]!)) continue
    kept.push(option)
  }
  return kept
}
