// The clean-up thread's entry (see run-cleanup.ts): a user's regular expression can take
// exponential time, and JavaScript cannot interrupt a running match, so the rules run here, where
// main can end the whole thread when one pass runs over its time. A thread runs one clean-up at a
// time and is kept for the next (see run-cleanup.ts).
import { parentPort } from 'node:worker_threads'
import type { CleanupSettings } from '../../../../shared/domain/cleanup-rules'
import type { CleanupBlock } from './apply-cleanup'
import { applyCleanup } from './apply-cleanup'

parentPort?.on('message', (input: { blocks: CleanupBlock[]; settings: CleanupSettings }) => {
  try {
    const result = applyCleanup(input.blocks, input.settings, (index) =>
      parentPort?.postMessage({ pass: index }),
    )
    parentPort?.postMessage({ done: result })
  } catch (error) {
    parentPort?.postMessage({ failed: (error as Error).message })
  }
})
