import { parentPort, workerData } from 'node:worker_threads'
import { renderSpeech, warmUpEngine, type RenderJob } from './render.js'

// Worker-thread entry: renders jobs posted by the synthesis pool, one at a time, so synthesis and
// encoding never block the server's event loop (pacing, limits and timers stay accurate).
parentPort?.on('message', (message: { id: number; job: RenderJob }) => {
  renderSpeech(message.job).then(
    (result) => {
      // Copy into a buffer of its own: a small Node Buffer may sit in a shared pool slab,
      // which must not be transferred (detached) to the main thread.
      const audio = new Uint8Array(result.audio)
      parentPort?.postMessage({ id: message.id, result: { ...result, audio } }, [audio.buffer])
    },
    (error: unknown) => {
      parentPort?.postMessage({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      })
    },
  )
})
const data: unknown = workerData
const warm = typeof data === 'object' && data !== null && 'warmUp' in data && data.warmUp === true
// Ready only once warm: the first renders run several times slower until the WASM code is optimized.
void (warm ? warmUpEngine() : Promise.resolve()).then(() =>
  parentPort?.postMessage({ ready: true }),
)
