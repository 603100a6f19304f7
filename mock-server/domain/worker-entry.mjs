// Starts a worker module (the OFX reader's, the reconciliation's, the NFS-e's) in a worker thread:
// workers do not inherit the parent's TypeScript loader (tsx), so the worker registers it itself
// before loading the module.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.module)
