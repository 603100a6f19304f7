// The Node options a worker thread of this server starts with: none. A Worker inherits the API's
// own unless told otherwise, and with them its `--import tsx`: each thread then registered tsx
// again, loading it and esbuild's wrapper into its own heap (tens of MB resident per thread, five
// threads at start: scripts/bench-scale.ts reports the peak), while the threads run plain
// JavaScript — the checkpointer's .mjs, the modules domain/worker-code.ts bundles. Not the API's
// options less tsx either: a Worker refuses V8's options in its own (ERR_WORKER_INVALID_EXEC_ARGV,
// the server started with --optimize-for-size stopped at start), and those reach every thread of
// the process anyway.

export const plainWorkerArgv = (): string[] => []
