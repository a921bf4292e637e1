// The voice-over thread's entry (see voiceover-offload.ts): subtitle parsing, measuring and
// time-stretching lines run here, off main's event loop. The Electron build bundles this file
// as its own main input, as it does the planning thread's.
import { parentPort } from 'node:worker_threads'
import { toAppErrorData } from '../../../shared/errors'
import type { VoiceoverTask } from './voiceover-tasks'
import { runVoiceoverTask } from './voiceover-tasks'

parentPort?.on('message', ({ id, task }: { id: number; task: VoiceoverTask }) => {
  runVoiceoverTask(task).then(
    (result) => {
      // A fitted line's audio crosses without a copy.
      const transfer = result instanceof Uint8Array ? [result.buffer as ArrayBuffer] : []
      parentPort?.postMessage({ id, ok: true, result }, transfer)
    },
    (error: unknown) => {
      const data = toAppErrorData(error, {
        message:
          'VoiceDesk could not prepare the voice-over. Try again; if it keeps failing, report it.',
        retryable: false,
      })
      parentPort?.postMessage({ id, ok: false, error: data })
    },
  )
})

parentPort?.postMessage({ ready: true })
