// The planning thread's entry (see plan-offload.ts). Why a separate entry and not an eval'd
// script as piece-analysis uses: planning is the whole script model, lexicon and splitter, which
// must not be written twice. The Electron build bundles this file as its own main input.
import { parentPort } from 'node:worker_threads'
import { z } from 'zod'
import { toAppErrorData } from '../../../../shared/errors'
import type { ImportUnit } from '../import/import-pdf'
import type { PackedPlan, PlanTask } from './plan-tasks'
import { runPlanTask } from './plan-tasks'
import type { LexiconHandOver } from './lexicon-hand-over'
import { LexiconReceiver } from './lexicon-hand-over'

const lexicons = new LexiconReceiver()

type Posted = { id: number; task: PlanTask; lexicon?: LexiconHandOver } | { cancel: number }

/** The running import's cancel, by task id: main asks to stop between two pages. */
const running = new Map<number, AbortController>()

parentPort?.on('message', (posted: Posted) => {
  if ('cancel' in posted) {
    running.get(posted.cancel)?.abort()
    return
  }
  const { id, task, lexicon } = posted
  const stop = new AbortController()
  running.set(id, stop)
  const hooks = {
    signal: stop.signal,
    onProgress: (done: number, total: number, unit?: ImportUnit) =>
      parentPort?.postMessage({ id, progress: { done, total, ...(unit ? { unit } : {}) } }),
  }
  // Why through a promise: a document import is asynchronous (unzipping, page by page); the
  // other tasks return at once and cross the same way. The thread still holds one task at a time.
  Promise.resolve()
    .then(() => runPlanTask(lexicons.restore(task, lexicon), hooks))
    .finally(() => running.delete(id))
    .then(
      (result) => {
        const transfer =
          task.kind === 'plan' ? [(result as PackedPlan).spans.buffer as ArrayBuffer] : []
        parentPort?.postMessage({ id, ok: true, result }, transfer)
      },
      (error: unknown) => {
        // A refused import (a block over the size limit) is a schema error: its issues cross
        // as they are, so the caller sees the same error as when it ran on main.
        if (error instanceof z.ZodError) {
          parentPort?.postMessage({ id, ok: false, zodIssues: error.issues })
          return
        }
        const data = toAppErrorData(error, {
          message:
            'VoiceDesk could not plan the script. Try again; if it keeps failing, report it.',
          retryable: false,
        })
        parentPort?.postMessage({ id, ok: false, error: data })
      },
    )
})

// Tells main the entry loaded: a thread that stops after this crashed, one that stops before it
// could not load (see plan-offload.ts).
parentPort?.postMessage({ ready: true })
