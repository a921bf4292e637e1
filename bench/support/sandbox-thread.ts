/**
 * The sandbox on a worker thread of the bench: why, a bench that probes main's event loop would
 * otherwise also time the sandbox's own work (paging 100,000 calls, writing its answers), which in
 * the app runs on the service's side, not in main.
 */
import { startWorkerEntry } from '../../src/main/core/narration/offload/worker-entry'
import type { startSandbox } from '../../src/sandbox/index'

type SandboxOptions = Partial<Parameters<typeof startSandbox>[0]>

/** What a bench needs of a sandbox on another thread. */
export interface SandboxThread {
  baseUrl: string
  keys: { paid: string }
  stop(): Promise<void>
}

/** Starts the sandbox with `options` on its own thread. */
export async function startSandboxThread(options: SandboxOptions): Promise<SandboxThread> {
  const worker = startWorkerEntry('sandbox-thread-entry', import.meta.url)
  if (worker === null) throw new Error('bench/support/sandbox-thread-entry.ts is missing')
  worker.postMessage(options)
  const ready = await new Promise<{ baseUrl: string; keys: { paid: string } }>(
    (resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    },
  )
  return {
    ...ready,
    async stop() {
      const stopped = new Promise((resolve) => worker.once('message', resolve))
      worker.postMessage('stop')
      await stopped
      await worker.terminate()
    },
  }
}
