import { describe, expect, it } from 'vitest'
import { ZodError } from 'zod'
import { createProject, MAX_BLOCK_TEXT } from '../../../shared/domain/script'
import type { Project } from '../../../shared/domain/script'
import { projectFromScriptText } from '../script-workspace/script-text'
import {
  estimateRenderOffMain,
  importScriptOffMain,
  OFF_MAIN_MIN_CHARS,
  planRenderOffMain,
} from './plan-offload'
import { estimateRender } from './render-job'
import { planRender } from './render-plan'

const SENTENCE = 'The boat drifted past the old stone bridge, and nobody remembered why! '

function longText(chars: number): string {
  return SENTENCE.repeat(Math.ceil(chars / SENTENCE.length))
}

function project(text: string, voiceId: string | null = 'george'): Project {
  return createProject({
    blocks: [
      { id: 'long', text },
      { id: 'short', text: 'A short <b> & "quoted" line.' },
    ],
    lexicon: [{ term: 'bridge', alias: 'span' }],
    defaults: voiceId === null ? {} : { voiceId },
  })
}

/**
 * Runs `work` and counts the event-loop turns main takes while it is pending. Planning on main
 * runs to the end before the first turn; planning on the planning thread leaves main turning.
 */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0
  let done = false
  const spin = (): void => {
    if (done) return
    turns += 1
    setImmediate(spin)
  }
  setImmediate(spin)
  try {
    return { value: await work(), turns }
  } finally {
    done = true
  }
}

describe('planning off main', () => {
  it('plans a large script on the planning thread, equal to the plan made here', async () => {
    const big = project(longText(OFF_MAIN_MIN_CHARS * 4))
    const { value: plan, turns } = await turnsDuring(() => planRenderOffMain(big))
    expect(turns).toBeGreaterThan(1)
    expect(plan).toEqual(planRender(big))
    expect(plan.pieces.some((p) => p.request.input.includes('<sub alias="span">'))).toBe(true)
  })

  it('plans a small script on main (cheaper than a round trip)', async () => {
    const small = project('Just one sentence here.')
    const { value: plan, turns } = await turnsDuring(() => planRenderOffMain(small))
    expect(turns).toBe(0)
    expect(plan).toEqual(planRender(small))
  })

  it('estimates a large script there, equal to the estimate made here', async () => {
    const big = project(longText(OFF_MAIN_MIN_CHARS * 2))
    const plan = planRender(big)
    const cache = { has: (hash: string) => hash === plan.pieces[1]?.hash }
    const { value: estimate, turns } = await turnsDuring(() => estimateRenderOffMain(big, cache))
    expect(turns).toBeGreaterThan(1)
    expect(estimate).toEqual(estimateRender(big, cache))
    expect(estimate.cachedPieces).toBeGreaterThan(0)
  })

  it('gives the same error from the planning thread as from main', async () => {
    const voiceless = project(longText(OFF_MAIN_MIN_CHARS * 2), null)
    const here = (() => {
      try {
        planRender(voiceless)
        return null
      } catch (error) {
        return error
      }
    })()
    expect(here).toMatchObject({ code: 'VALIDATION_FAILED' })
    await expect(planRenderOffMain(voiceless)).rejects.toMatchObject({
      name: 'AppError',
      code: (here as { code: string }).code,
      message: (here as Error).message,
    })
  })

  it('refuses an over-long imported block with the same schema error as here', async () => {
    const text = 'x '.repeat(MAX_BLOCK_TEXT / 2 + 1)
    const here = (() => {
      try {
        return projectFromScriptText('huge.txt', text)
      } catch (error) {
        return error
      }
    })()
    expect(here).toBeInstanceOf(ZodError)
    const there = await importScriptOffMain('huge.txt', text).catch((error: unknown) => error)
    expect(there).toBeInstanceOf(ZodError)
    expect((there as ZodError).issues).toEqual((here as ZodError).issues)
  })

  it('imports a long text file there, as the import here does', async () => {
    const text = Array.from({ length: 400 }, (_, i) => `Paragraph ${i}. ${SENTENCE}`).join('\n\n')
    expect(text.length).toBeGreaterThan(OFF_MAIN_MIN_CHARS)
    const { value, turns } = await turnsDuring(() => importScriptOffMain('book.txt', text))
    expect(turns).toBeGreaterThan(1)
    expect(value).toEqual(projectFromScriptText('book.txt', text))
  })
})
