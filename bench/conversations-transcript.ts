/**
 * Bench: the Conversations workspace in the e2e browser host (built renderer in Debian's Chromium,
 * the real main runtime and the sandbox). Prints:
 *  - time to first render of a 10,000-turn transcript (open -> first turn row on screen), and the
 *    time until the whole snapshot is in the view (the "10,000 turns" count);
 *  - a scripted scroll over the whole list (scrollTop steps on requestAnimationFrame): frames,
 *    frames over 32 ms (target 0), the worst frame;
 *  - the request rate while following one active conversation (target at most 2/s), while the
 *    window is hidden, and after the final state and evaluations (target 0).
 * Build the renderer first: npx electron-vite build
 *
 *   npx tsx bench/conversations-transcript.ts [--turns 10000] [--step 240] [--smoke]
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { benchArgs, sized } from './support/smoke'
import type { Page } from '@playwright/test'
import { openSignedInApp } from './support/bench-browser'
import type { Sandbox } from '../src/sandbox/index'
import { startSandbox } from '../src/sandbox/index'

const { values } = parseArgs({
  args: benchArgs(),
  options: {
    turns: { type: 'string', default: sized('10000', '200') },
    step: { type: 'string', default: '240' },
  },
})
const TURNS = Number(values.turns)
const STEP_PX = Number(values.step)

type BenchWindow = {
  api: {
    account: {
      setBaseUrl(i: { baseUrl: string }): Promise<unknown>
      setApiKey(i: { apiKey: string }): Promise<unknown>
    }
    conversations: {
      setVisibility(i: { hidden: boolean }): Promise<unknown>
      open(i: { id: string }): Promise<unknown>
    }
  }
  document: {
    querySelector(s: string): {
      textContent: string | null
      scrollTop: number
      scrollHeight: number
      clientHeight: number
    } | null
    body: unknown
  }
  requestAnimationFrame(cb: (t: number) => void): void
  performance: { now(): number }
  MutationObserver: new (cb: () => void) => {
    observe(t: unknown, o: unknown): void
    disconnect(): void
  }
  __firstTurnAt?: number
  __openedAt?: number
}

// A smoke run waits a fifth as long: its polling rates are rough, but it runs in seconds.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, sized(ms, ms / 5)))

async function openConversation(page: Page, id: string): Promise<void> {
  // Where the service lists conversations, the side shows the inbox: switch to "Opened".
  const byId = page.getByRole('radio', { name: 'Opened', exact: true })
  await page.getByTestId('workspace').waitFor()
  if (await byId.isVisible()) await byId.check()
  await page.getByLabel('Conversation id or link').fill(id)
  await page.evaluate(() => {
    const w = globalThis as unknown as BenchWindow
    w.__firstTurnAt = undefined
    w.__openedAt = w.performance.now()
    const observer = new w.MutationObserver(() => {
      if (w.document.querySelector('[data-testid="turn"]') !== null) {
        w.__firstTurnAt = w.performance.now()
        observer.disconnect()
      }
    })
    observer.observe(w.document.body, { childList: true, subtree: true })
  })
  await page.getByLabel('Conversation id or link').press('Enter')
}

function readsOf(sandbox: Sandbox, id: string): number {
  return sandbox.requestLog().filter((e) => e.path.includes(`/conversations/${id}`)).length
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, synthThreads: 1, warmUp: false })
  const userDataDir = await mkdtemp(join(tmpdir(), 'vd-bench-conv-'))
  const app = await openSignedInApp({
    userDataDir,
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.keys.paid,
  })
  const { page } = app
  try {
    await page.getByTestId('nav-conversations').click()

    // 1. A 10,000-turn transcript: first render.
    const big = sandbox.startConversation({
      initialTurns: TURNS,
      turns: 0,
      startDelayMs: 0,
      turnIntervalMs: 10,
      evaluationDelayMs: 50,
    })
    await sleep(300)
    await openConversation(page, big.id)
    await page.waitForSelector('[data-testid="turn"]', { timeout: 60_000 })
    await page.getByText(`${TURNS.toLocaleString('en-US')} turns`).waitFor({ timeout: 60_000 })
    const firstRenderMs = await page.evaluate(() => {
      const w = globalThis as unknown as BenchWindow
      return (w.__firstTurnAt ?? Number.NaN) - (w.__openedAt ?? Number.NaN)
    })
    const rows = await page.getByTestId('turn').count()
    // The share of the IPC hop: the same snapshot again, answered from main's memory.
    const snapshotHopMs = await page.evaluate(async (id) => {
      const w = globalThis as unknown as BenchWindow
      const started = w.performance.now()
      await w.api.conversations.open({ id })
      return w.performance.now() - started
    }, big.id)

    // 2. Scripted scroll over the whole list, one step per animation frame.
    await sleep(500)
    const scroll = await page.evaluate(async (step) => {
      const w = globalThis as unknown as BenchWindow
      const el = w.document.querySelector('[data-testid="transcript-scroll"]')
      if (el === null) throw new Error('no transcript')
      el.scrollTop = 0
      const frames: number[] = []
      await new Promise<void>((done) => {
        let last = -1
        const tick = (t: number): void => {
          if (last >= 0) frames.push(t - last)
          last = t
          if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) {
            done()
            return
          }
          el.scrollTop += step
          w.requestAnimationFrame(tick)
        }
        w.requestAnimationFrame(tick)
      })
      return {
        frames: frames.length,
        over32: frames.filter((f) => f > 32).length,
        worst: Math.max(...frames),
        median: [...frames].sort((a, b) => a - b)[Math.floor(frames.length / 2)] ?? 0,
        height: el.scrollHeight,
      }
    }, STEP_PX)

    // 3. Request rate while following one active conversation, hidden, and after the end.
    const live = sandbox.startConversation({
      turns: 14,
      turnIntervalMs: 1_000,
      startDelayMs: 500,
      evaluationDelayMs: 3_000,
    })
    await openConversation(page, live.id)
    await page.getByTestId('follow-status').filter({ hasText: 'Following live' }).waitFor()
    sandbox.clearRequestLog()
    const visibleStart = Date.now()
    await sleep(6_000)
    const visibleRate = readsOf(sandbox, live.id) / ((Date.now() - visibleStart) / 1000)

    await page.evaluate(() =>
      (globalThis as unknown as BenchWindow).api.conversations.setVisibility({ hidden: true }),
    )
    await sleep(1_200)
    sandbox.clearRequestLog()
    const hiddenStart = Date.now()
    await sleep(5_500)
    const hiddenRate = readsOf(sandbox, live.id) / ((Date.now() - hiddenStart) / 1000)
    await page.evaluate(() =>
      (globalThis as unknown as BenchWindow).api.conversations.setVisibility({ hidden: false }),
    )

    await page.getByTestId('criterion').first().waitFor({ timeout: 60_000 })
    sandbox.clearRequestLog()
    await sleep(5_000)
    const afterFinal = readsOf(sandbox, live.id)

    console.log(`transcript: ${TURNS} turns, ${rows} rows mounted (virtualized)`)
    console.log(
      `time to first render        ${firstRenderMs.toFixed(0)} ms (open -> first turn on screen)`,
    )
    console.log(
      `  of which the snapshot's IPC hop ${snapshotHopMs.toFixed(0)} ms (10,000 turns, answered from memory)`,
    )
    console.log(
      `scripted scroll             ${scroll.frames} frames over ${Math.round(scroll.height)} px, ${scroll.over32} over 32 ms (target 0), median ${scroll.median.toFixed(1)} ms, worst ${scroll.worst.toFixed(1)} ms`,
    )
    console.log(`following, visible          ${visibleRate.toFixed(2)} requests/s (target <= 2)`)
    console.log(`following, window hidden    ${hiddenRate.toFixed(2)} requests/s`)
    console.log(`after final + evaluations   ${afterFinal} requests in 5 s (target 0)`)
  } finally {
    await app.close()
    await sandbox.stop()
    await rm(userDataDir, { recursive: true, force: true })
  }
}

await main()
