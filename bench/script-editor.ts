/**
 * Bench: the Script editor with a 100,000-word project (5,000 blocks of 20 words, chapters, a
 * cast of voices) in the e2e browser host (built renderer in Debian's Chromium, the real main
 * runtime, the sandbox). Prints:
 *  - time to open: the click on "Open or import…" -> the first blocks painted (a frame after they
 *    are in the page), with the share of main + the IPC hop measured alone, and of that, main's own
 *    read, parse and validation (the rest is the test host's binding, which serialises the whole
 *    project through Playwright; Electron's IPC is a structured clone);
 *  - typing ~200 characters into a block in the middle of the script: keydown -> the next paint
 *    with the text (rAF, then a message posted from it, which runs after that frame is painted),
 *    median / p95 / worst (target p95 under 16 ms); of that, the frame itself (the rAF callback ->
 *    painted), which does not depend on where in the 16.7 ms frame the key happened to land, so it
 *    compares two builds' frame work better than the whole figure does (the handlers' own work is
 *    the next figure); keydown -> the input handlers done (the
 *    work on the page's main thread, without the wait for the next frame), and the main thread's
 *    CPU time per key (script, style, layout), which a busy machine does not inflate;
 *  - how many elements the page holds (virtualization) and what the drafts sent while typing
 *    carried (blocks per send).
 * Every block carries expressive marks (emphasis, emotion, pace, pauses), drawn by the editor's
 * mark layer, unless --plain asks for the text alone (the figures before marks existed).
 * Build the renderer first: npx electron-vite build
 *
 *   npx tsx bench/script-editor.ts [--blocks 5000] [--words 20] [--chars 200] [--delay 40] [--smoke]
 *     [--trace t.json] [--cpu-profile p.cpuprofile] [--outline] [--plain]
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { benchArgs, sized } from './support/smoke'
import { costLine, openSignedInApp, recorded, withMainThreadCost } from './support/bench-browser'
import { writeBigProject } from '../e2e/support/script-big-project'
import { startSandbox } from '../src/sandbox/index'
import { readScriptFile } from '../src/main/core/script-workspace/script-import'

const { values } = parseArgs({
  args: benchArgs(),
  options: {
    blocks: { type: 'string', default: sized('5000', '100') },
    words: { type: 'string', default: '20' },
    chars: { type: 'string', default: sized('200', '40') },
    delay: { type: 'string', default: '40' },
    trace: { type: 'string' },
    'cpu-profile': { type: 'string' },
    /** Types with the chapter outline shown beside the blocks (it is hidden by default). */
    outline: { type: 'boolean', default: false },
    /** Blocks without marks. */
    plain: { type: 'boolean', default: false },
  },
})
const BLOCKS = Number(values.blocks)
const WORDS = Number(values.words)
const CHARS = Number(values.chars)
const DELAY_MS = Number(values.delay)

interface BenchElement {
  scrollTop: number
  scrollHeight: number
  clientHeight: number
  getBoundingClientRect(): { top: number; bottom: number; left: number; width: number }
}

type BenchWindow = {
  api: {
    account: {
      setBaseUrl(i: { baseUrl: string }): Promise<unknown>
      setApiKey(i: { apiKey: string }): Promise<unknown>
    }
    script: {
      listRecent(): Promise<{ ok: true; data: { id: string }[] }>
      openRecent(i: { recentId: string }): Promise<{ ok: boolean; data?: { docId: string } }>
      close(i: { docId: string }): Promise<unknown>
    }
  }
  document: {
    querySelector(s: string): BenchElement | null
    querySelectorAll(s: string): ArrayLike<BenchElement>
    addEventListener(
      t: string,
      cb: (e: { target: unknown; timeStamp: number }) => void,
      c: boolean,
    ): void
    body: unknown
  }
  addEventListener(t: string, cb: (e: { timeStamp: number }) => void, c?: boolean): void
  requestAnimationFrame(cb: (t: number) => void): void
  MessageChannel: new () => {
    port1: { onmessage: (() => void) | null }
    port2: { postMessage(v: unknown): void }
  }
  performance: { now(): number }
  MutationObserver: new (cb: () => void) => {
    observe(t: unknown, o: unknown): void
    disconnect(): void
  }
  innerHeight: number
  __clickAt?: number
  __paintedAt?: number
  __paint?: number[]
  __frame?: number[]
  __work?: number[]
}

// A smoke run waits a fifth as long: it only has to show the bench still works.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, sized(ms, ms / 5)))

function stats(values: number[]): { median: number; p95: number; worst: number } {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { median: at(0.5), p95: at(0.95), worst: sorted.at(-1) ?? 0 }
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, synthThreads: 1, warmUp: false })
  const dir = await mkdtemp(join(tmpdir(), 'vd-bench-script-'))
  const userDataDir = join(dir, 'user-data')
  const projectPath = join(dir, 'harbour.voicedesk')
  const words = await writeBigProject(projectPath, BLOCKS, WORDS, !values.plain)
  const app = await openSignedInApp({
    userDataDir,
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.keys.paid,
  })
  const { host, page } = app
  try {
    await page.getByTestId('nav-script').click()
    await page.getByRole('button', { name: 'Open or import…' }).waitFor()

    // 1. Open: click -> first blocks painted.
    await page.evaluate(() => {
      const w = globalThis as unknown as BenchWindow
      w.document.addEventListener('click', () => (w.__clickAt = w.performance.now()), true)
      const observer = new w.MutationObserver(() => {
        if (w.document.querySelector('[data-testid="script-block"]') === null) return
        observer.disconnect()
        w.requestAnimationFrame(() => {
          const channel = new w.MessageChannel()
          channel.port1.onmessage = () => (w.__paintedAt = w.performance.now())
          channel.port2.postMessage(0)
        })
      })
      observer.observe(w.document.body, { childList: true, subtree: true })
    })
    host.platform.answerNextOpen([projectPath])
    await page.getByRole('button', { name: 'Open or import…' }).click()
    await page.waitForFunction(
      () => (globalThis as unknown as BenchWindow).__paintedAt !== undefined,
      null,
      {
        timeout: 120_000,
      },
    )
    const openMs = await page.evaluate(() => {
      const w = globalThis as unknown as BenchWindow
      return (w.__paintedAt ?? Number.NaN) - (w.__clickAt ?? Number.NaN)
    })
    // The share of main (read, parse, validate the file) and the hop: the same file again.
    const hopMs = await page.evaluate(async () => {
      const w = globalThis as unknown as BenchWindow
      const recent = await w.api.script.listRecent()
      const started = w.performance.now()
      const opened = await w.api.script.openRecent({ recentId: recent.data[0]!.id })
      const took = w.performance.now() - started
      if (opened.data !== undefined) await w.api.script.close({ docId: opened.data.docId })
      return took
    })
    // Main's own share: the same read, parse and validation openRecent does, without the hop.
    const mainRuns: number[] = []
    for (let run = 0; run < 3; run++) {
      const started = performance.now()
      await readScriptFile(projectPath)
      mainRuns.push(performance.now() - started)
    }
    const mainMs = stats(mainRuns).median
    // Let the first full block-state check (5,000 blocks planned in main) land.
    await sleep(3000)
    if (values.outline) {
      await page.getByRole('button', { name: 'Chapters', exact: true }).click()
      await page.getByRole('navigation', { name: 'Chapters' }).waitFor()
      await sleep(1000)
    }

    // 2. Typing in the middle of the script.
    await page.evaluate(() => {
      const w = globalThis as unknown as BenchWindow
      const list = w.document.querySelector('[data-testid="block-list"]')!
      list.scrollTop = list.scrollHeight / 2
    })
    await sleep(500)
    const target = await page.evaluate(() => {
      const w = globalThis as unknown as BenchWindow
      const areas = Array.from(w.document.querySelectorAll('textarea.block__text'))
      const middle = w.innerHeight / 2
      const area =
        areas.find((a) => {
          const r = a.getBoundingClientRect()
          return r.top <= middle && r.bottom >= middle - 40
        }) ?? areas[Math.floor(areas.length / 2)]!
      const r = area.getBoundingClientRect()
      return { x: r.left + r.width - 8, y: (r.top + r.bottom) / 2 }
    })
    await page.mouse.click(target.x, target.y)
    await page.keyboard.press('End')
    const label = await page.evaluate(
      () =>
        (
          globalThis as unknown as {
            document: { activeElement: { getAttribute(n: string): string | null } | null }
          }
        ).document.activeElement?.getAttribute('aria-label') ?? null,
    )
    await page.evaluate(() => {
      const w = globalThis as unknown as BenchWindow
      w.__paint = []
      w.__frame = []
      w.__work = []
      w.addEventListener(
        'keydown',
        (event) => {
          const t0 = event.timeStamp
          w.requestAnimationFrame(() => {
            const frameAt = w.performance.now()
            const channel = new w.MessageChannel()
            channel.port1.onmessage = () => {
              const now = w.performance.now()
              w.__paint!.push(now - t0)
              w.__frame!.push(now - frameAt)
            }
            channel.port2.postMessage(0)
          })
        },
        true,
      )
      // Bubble phase on window: after React's own listener on the root has run.
      w.addEventListener('input', (event) => w.__work!.push(w.performance.now() - event.timeStamp))
    })
    const phrase = ' and the lamps kept burning along the quay'
    let typed = ''
    while (typed.length < CHARS) typed += phrase
    typed = typed.slice(0, CHARS)
    const drafts0 = host.ipcResults.length
    // With --trace / --cpu-profile, the typing is recorded (open the files in DevTools).
    const { cost: typingCost } = await withMainThreadCost(page, () =>
      recorded(page, { trace: values.trace, cpuProfile: values['cpu-profile'] }, () =>
        page.keyboard.type(typed, { delay: DELAY_MS }),
      ),
    )
    await sleep(2500)
    const probe = await page.evaluate(() => {
      const w = globalThis as unknown as BenchWindow
      return {
        paint: w.__paint ?? [],
        frame: w.__frame ?? [],
        work: w.__work ?? [],
        elements: (w.document.querySelectorAll('*') as ArrayLike<unknown>).length,
        rows: w.document.querySelectorAll('[data-testid="script-block"]').length,
      }
    })
    // Block-state answers while typing: each names only the blocks that changed.
    const checks = host.ipcResults
      .slice(drafts0)
      .map((r) => JSON.parse(r) as { ok: boolean; data?: unknown })
      .filter(
        (r) => r.ok && r.data !== null && typeof r.data === 'object' && !Array.isArray(r.data),
      )
      .map((r) => Object.keys(r.data as object).length)
      .filter((n) => n > 0)

    // Control: the same probe while typing into the Find field of the same page, which touches
    // no block. Its p95 is the floor of this measurement (the wait for the next 60 Hz frame).
    await page.keyboard.press('Control+f')
    await page
      .getByRole('search', { name: 'Find and replace' })
      .getByLabel('Find', { exact: true })
      .waitFor()
    await page.evaluate(() => {
      const w = globalThis as unknown as BenchWindow
      w.__paint = []
      w.__frame = []
      w.__work = []
    })
    await page.keyboard.type(typed.slice(0, 100), { delay: DELAY_MS })
    const control = await page.evaluate(() => {
      const w = globalThis as unknown as BenchWindow
      return { paint: w.__paint ?? [], frame: w.__frame ?? [], work: w.__work ?? [] }
    })
    const controlPaint = stats(control.paint)
    const controlFrame = stats(control.frame)

    const paint = stats(probe.paint)
    const work = stats(probe.work)
    const frame = stats(probe.frame)
    console.log(
      `script: ${BLOCKS.toLocaleString('en-US')} blocks, ${words.toLocaleString('en-US')} words, ${values.plain ? 'no marks' : 'marks on every block'}, ${host.host} host`,
    )
    console.log(`open (click -> first blocks painted)  ${openMs.toFixed(0)} ms`)
    console.log(
      `  of which main + IPC hop alone       ${hopMs.toFixed(0)} ms (same file opened again from Recent)`,
    )
    console.log(
      `    of which main's read + parse alone ${mainMs.toFixed(0)} ms (median of 3, on the planning thread; the rest is the test host's binding)`,
    )
    console.log(
      `typing ${probe.paint.length} keys into ${label ?? 'a block'} (${DELAY_MS} ms apart)`,
    )
    console.log(
      `  keydown -> next paint               median ${paint.median.toFixed(1)} ms, p95 ${paint.p95.toFixed(1)} ms (target < 16), worst ${paint.worst.toFixed(1)} ms`,
    )
    console.log(
      `    of which the frame (rAF -> painted) median ${frame.median.toFixed(1)} ms, p95 ${frame.p95.toFixed(1)} ms (the rest: the input handlers, then the wait for the 60 Hz frame, which depends on when the key lands)`,
    )
    console.log(
      `  keydown -> input handlers done      median ${work.median.toFixed(1)} ms, p95 ${work.p95.toFixed(1)} ms, worst ${work.worst.toFixed(1)} ms`,
    )
    console.log(costLine('  main-thread CPU time', typingCost, probe.paint.length, 'key'))
    console.log(
      `  control: ${control.paint.length} keys into the Find field   keydown -> next paint median ${controlPaint.median.toFixed(1)} ms, p95 ${controlPaint.p95.toFixed(1)} ms (the floor: next 60 Hz frame), frame median ${controlFrame.median.toFixed(1)} ms`,
    )
    console.log(
      `  block-state checks while typing    ${checks.length}, blocks per check: ${[...new Set(checks)].join(', ') || 'none'}`,
    )
    console.log(
      `page elements                        ${probe.elements} (${probe.rows} block rows mounted)`,
    )
  } finally {
    await app.close()
    await sandbox.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
