import { describe, expect, it } from 'vitest'
import { cleanupSettingsSchema, noCleanup } from '../../../../shared/domain/cleanup-rules'
import type { UserRuleInput } from '../../../../shared/domain/cleanup-rules'
import { createManualClock } from '../../../testing/manual-clock'
import type { Worker } from 'node:worker_threads'
import { defaultCleanupWorker, runCleanup } from './run-cleanup'

const withRules = (rules: UserRuleInput[]) =>
  cleanupSettingsSchema.parse({ ...noCleanup(), citations: true, rules })

/** Resolves when the clock has armed `count` timers (each pass arms one as it starts). */
function armed(clock: ReturnType<typeof createManualClock>, count: number): Promise<number> {
  return new Promise((resolve) => {
    let seen = 0
    const stop = clock.onArm((ms) => {
      seen += 1
      if (seen === count) {
        stop()
        resolve(ms)
      }
    })
  })
}

describe('runCleanup on its own thread', () => {
  it('cleans in the thread and gives each block back its other fields; emptied blocks go', async () => {
    const blocks = [
      { id: 'b1', voiceId: 'emma', text: 'Rain [1]. Dr. Lee came.', chapter: 'One' },
      { id: 'b2', text: '[2]' },
      { id: 'b3', text: 'Dr. No.' },
    ]
    const result = await runCleanup(blocks, withRules([{ find: 'Dr.', replace: 'Doctor' }]), {
      clock: createManualClock(),
    })
    expect(result.blocks).toEqual([
      { id: 'b1', voiceId: 'emma', text: 'Rain. Doctor Lee came.', chapter: 'One' },
      { id: 'b3', text: 'Doctor No.' },
    ])
    expect(result.reports.map((r) => [r.id, r.count])).toEqual([
      ['citations', 2],
      ['rule:0', 2],
    ])
  })

  it('stops a catastrophic pattern at its time bound, names the rule and changes nothing', async () => {
    const clock = createManualClock()
    const blocks = [{ id: 'b1', text: `${'a'.repeat(48)}!` }]
    const running = runCleanup(
      blocks,
      withRules([{ name: 'Nested repeat', find: '(a+)+$', replace: 'x', regex: true }]),
      { clock, passTimeMs: 2000 },
    )
    // The citations pass arms the first bound; the user's rule the second, as it starts.
    expect(await armed(clock, 2)).toBe(2000)
    // Main's event loop is free while the thread is stuck: this test is still running on it.
    clock.advance(2000)
    await expect(running).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(
        /rule "Nested repeat" ran for more than 2 seconds.*nothing was changed/,
      ),
    })
    expect(blocks[0]?.text).toBe(`${'a'.repeat(48)}!`)
  })

  it('answers a cancel at once, and still ends a stuck pass at its bound', async () => {
    const clock = createManualClock()
    const controller = new AbortController()
    const started: Worker[] = []
    const createWorker = () => {
      const worker = defaultCleanupWorker()
      if (worker !== null) started.push(worker)
      return worker
    }
    const running = runCleanup(
      [{ text: `${'a'.repeat(48)}!` }],
      withRules([{ find: '(a+)+$', replace: 'x', regex: true }]),
      { clock, signal: controller.signal, passTimeMs: 2000, createWorker },
    )
    await armed(clock, 2)
    controller.abort()
    await expect(running).rejects.toMatchObject({
      code: 'CANCELLED',
      message: 'The clean-up was cancelled; nothing was changed.',
    })
    // The thread is still in its runaway pass; its bound ends it, cancelled or not.
    const ended = new Promise((resolve) => started[0]?.once('exit', resolve))
    clock.advance(2000)
    await ended
    expect(started).toHaveLength(1)
  })

  it('keeps a finished thread for the next clean-up, and starts none while it waits', async () => {
    let starts = 0
    const createWorker = () => {
      starts += 1
      return defaultCleanupWorker()
    }
    const options = { clock: createManualClock(), createWorker }
    const rules = withRules([{ find: 'Dr.', replace: 'Doctor' }])
    const first = await runCleanup([{ text: 'Dr. Lee [1].' }], rules, options)
    const second = await runCleanup([{ text: 'Dr. No [2].' }], rules, options)
    expect([first.blocks[0]?.text, second.blocks[0]?.text]).toEqual(['Doctor Lee.', 'Doctor No.'])
    expect(starts).toBe(1)
  })

  it('does not run a user rule on main when the thread cannot start', async () => {
    await expect(
      runCleanup([{ text: 'x' }], withRules([{ find: 'x', replace: 'y' }]), {
        createWorker: () => null,
      }),
    ).rejects.toMatchObject({ code: 'INTERNAL' })
    const builtIn = await runCleanup([{ text: 'x [1]' }], withRules([]), {
      createWorker: () => null,
    })
    expect(builtIn.blocks[0]?.text).toBe('x')
  })
})
