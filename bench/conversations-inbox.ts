/**
 * Bench: the Conversations inbox with 10,000 conversations loaded, in the e2e browser host (the
 * built renderer in Debian's Chromium, the real main runtime and client, the sandbox). Prints:
 *  - first rows painted: cold (open the workspace: the first page read from the sandbox over IPC,
 *    then painted) and with the data arrived (all 10,000 rows already in the page's query cache:
 *    leave the workspace and come back, so the figure is the inbox's own work to first paint);
 *  - per-keystroke search latency over the 10,000 loaded rows: keydown -> the task after the next
 *    frame (painted); median, p95, max; and keydown -> the rows it found painted (the last key
 *    before they changed);
 *  - a scripted scroll over the whole table (scrollTop steps on requestAnimationFrame): frames,
 *    frames over 32 ms (target 0), the worst frame, and the main thread's CPU time per frame
 *    (script, style, layout): the page's own cost, which a busy machine does not inflate.
 * Build the renderer first (npx electron-vite build), then:
 *
 *   npx tsx bench/conversations-inbox.ts [--conversations 10000] [--step 600] [--trace t.json]
 *     [--cpu-profile p.cpuprofile] [--search-trace s.json] [--search-cpu-profile s.cpuprofile]
 *
 * (--trace and --cpu-profile record the scroll; the --search- ones record the typing.)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { benchArgs, sized } from './support/smoke'
import type { Page } from '@playwright/test'
import { startSandbox } from '../src/sandbox/index'
import { costLine, openSignedInApp, recorded, withMainThreadCost } from './support/bench-browser'

const { values } = parseArgs({
  args: benchArgs(),
  options: {
    conversations: { type: 'string', default: sized('10000', '300') },
    step: { type: 'string', default: '600' },
    trace: { type: 'string' },
    'cpu-profile': { type: 'string' },
    'search-trace': { type: 'string' },
    'search-cpu-profile': { type: 'string' },
  },
})
const COUNT = Number(values.conversations)
const STEP_PX = Number(values.step)

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? 0
}

function summary(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b)
  const f = (v: number): string => v.toFixed(1).padStart(7)
  return `${label.padEnd(36)} n=${String(sorted.length).padStart(3)}  median ${f(percentile(sorted, 50))} ms  p95 ${f(percentile(sorted, 95))} ms  max ${f(sorted.at(-1) ?? 0)} ms`
}

// Page scripts are strings: tsx compiles this file with esbuild's keepNames, whose __name
// helper does not exist inside the page.

/** Clicks an element (a sidebar item, a tab) and returns ms from the click to the first inbox row painted. */
function timeToFirstRows(page: Page, selector: string): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const start = performance.now()
    const seen = () => document.querySelector('[data-testid="inbox-row"]') !== null
    const done = () => requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => resolve(performance.now() - start)
      channel.port2.postMessage(null)
    })
    const observer = new MutationObserver(() => {
      if (!seen()) return
      observer.disconnect()
      done()
    })
    observer.observe(document.body, { childList: true, subtree: true })
    setTimeout(() => reject(new Error('no inbox rows after 60 s')), 60000)
    const target = document.querySelector('${selector}')
    if (target === null) reject(new Error('nothing matches ${selector}'))
    else target.click()
  })`)
}

/** Loaded rows, as the count line keeps them for tests (its words say it for people). */
async function loadedRows(page: Page): Promise<number> {
  return Number((await page.getByTestId('inbox-count').getAttribute('data-loaded')) ?? 0)
}

/** Scrolls to the end until every page is loaded (each near-end scroll asks for the next page). */
async function loadEverything(page: Page, expected: number): Promise<number> {
  let loaded = await loadedRows(page)
  let stalled = 0
  for (let round = 0; round < 2_000 && loaded < expected && stalled < 30; round++) {
    // Up a little, then to the end: a scroll event each time, as a person scrolling makes.
    await page.getByTestId('inbox-table').evaluate((el) => {
      el.scrollTop = Math.max(0, el.scrollHeight - el.clientHeight * 3)
    })
    await page.waitForTimeout(50)
    await page.getByTestId('inbox-table').evaluate((el) => {
      el.scrollTop = el.scrollHeight
    })
    const before = loaded
    await page
      .waitForFunction(
        `Number(document.querySelector('[data-testid="inbox-count"]')?.getAttribute('data-loaded') ?? 0) > ${before}`,
        undefined,
        { timeout: 5_000 },
      )
      .catch(() => undefined)
    loaded = await loadedRows(page)
    stalled = loaded > before ? 0 : stalled + 1
    if (round % 20 === 0) console.log(`  loading… ${loaded.toLocaleString('en-US')} rows`)
  }
  await page.getByTestId('inbox-table').evaluate((el) => {
    el.scrollTop = 0
  })
  return loaded
}

/** keydown -> the task after the next frame, for every key typed into the search box. */
async function installKeyProbe(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const input = document.querySelector('input[aria-label="Search loaded conversations"]')
    if (input === null) throw new Error('no search box')
    const probe = { paint: [], rows: [] }
    globalThis.__probe = probe
    const afterNextPaint = (start, into) => requestAnimationFrame(() => {
      const afterPaint = new MessageChannel()
      afterPaint.port1.onmessage = () => into.push(performance.now() - start)
      afterPaint.port2.postMessage(null)
    })
    // The rows' side: from the last key before the rows (or the count) change to the paint after
    // that change; a key that leaves the rows as they were adds nothing.
    let unshown = null
    input.addEventListener('keydown', (event) => {
      afterNextPaint(event.timeStamp, probe.paint)
      unshown = event.timeStamp
    }, { capture: true })
    const rowsChanged = new MutationObserver(() => {
      if (unshown === null) return
      afterNextPaint(unshown, probe.rows)
      unshown = null
    })
    for (const id of ['inbox-table', 'inbox-count'])
      rowsChanged.observe(document.querySelector('[data-testid="' + id + '"]'), {
        subtree: true, childList: true, characterData: true, attributes: true,
      })
  })()`)
}

/** One scrollTop step per animation frame from top to bottom; frame lengths. */
function scriptedScroll(
  page: Page,
  step: number,
): Promise<{ frames: number; over32: number; worst: number; median: number; height: number }> {
  return page.evaluate(`new Promise((resolve) => {
    const el = document.querySelector('[data-testid="inbox-table"]')
    el.scrollTop = 0
    const frames = []
    let last = -1
    const tick = (t) => {
      if (last >= 0) frames.push(t - last)
      last = t
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) {
        const sorted = [...frames].sort((a, b) => a - b)
        resolve({
          frames: frames.length,
          over32: frames.filter((f) => f > 32).length,
          worst: Math.max(...frames),
          median: sorted[Math.floor(sorted.length / 2)] ?? 0,
          height: el.scrollHeight,
        })
        return
      }
      el.scrollTop += ${step}
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })`)
}

const sandbox = await startSandbox({
  port: 0,
  warmUp: false,
  synthThreads: 1,
  conversationCount: COUNT,
  liveConversationEveryMs: 0,
})
const userDataDir = await mkdtemp(join(tmpdir(), 'voicedesk-bench-inbox-'))
const app = await openSignedInApp({
  userDataDir,
  baseUrl: sandbox.baseUrl,
  apiKey: sandbox.keys.paid,
})
try {
  const { page } = app
  // The sandbox key is a paid account's: its conversation-read limit (20/s) paces the loading.
  await page.evaluate(`globalThis.api.account.setPlan({ plan: 'paid' })`)
  // The workspace opens on its overview: the inbox is one tab away, and stays chosen after that.
  await page.getByTestId('nav-conversations').click()
  const cold = await timeToFirstRows(page, 'input[name="conversations-tab"][value="inbox"]')
  const total = COUNT + Object.keys(sandbox.seededConversations).length
  const started = performance.now()
  const loaded = await loadEverything(page, total)
  const loadSeconds = (performance.now() - started) / 1000

  const warm: number[] = []
  for (let i = 0; i < 5; i++) {
    await page.getByTestId('nav-account').click()
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor()
    warm.push(await timeToFirstRows(page, '[data-testid="nav-conversations"]'))
  }
  const afterWarm = await loadedRows(page)

  await installKeyProbe(page)
  const search = page.getByLabel('Search loaded conversations')
  await search.click()
  const { cost: searchCost } = await withMainThreadCost(page, () =>
    recorded(
      page,
      { trace: values['search-trace'], cpuProfile: values['search-cpu-profile'] },
      async () => {
        // The keyboard of the focused box, not a locator per key: looking the box up again for
        // every key cost the page a few milliseconds of its own work per keystroke.
        for (const query of ['maya', 'failed', 'booked', 'conv_01', 'priya raman']) {
          // One key at a time with a pause, as a person types: each keystroke is its own update.
          await page.keyboard.type(query, { delay: 40 })
          for (let i = 0; i < query.length; i++)
            await page.keyboard.press('Backspace', { delay: 40 })
        }
      },
    ),
  )
  const probe = await page.evaluate<{ paint: number[]; rows: number[] }>('globalThis.__probe')
  await search.fill('')
  await page.waitForFunction(
    `document.querySelector('[data-testid="inbox-count"]')?.getAttribute('data-shown') === '${afterWarm}'`,
  )

  const { result: scroll, cost: scrollCost } = await withMainThreadCost(page, () =>
    recorded(page, { trace: values.trace, cpuProfile: values['cpu-profile'] }, () =>
      scriptedScroll(page, STEP_PX),
    ),
  )

  console.log(
    `load average (1 min) at the end: ${(loadavg()[0] ?? 0).toFixed(1)} on ${cpus().length} cores`,
  )
  console.log(
    `conversations in the account: ${total.toLocaleString('en-US')}; loaded into the inbox: ${loaded.toLocaleString('en-US')} (${Math.ceil(loaded / 100)} pages by cursor in ${loadSeconds.toFixed(1)} s)`,
  )
  console.log(`first rows painted, cold (first page over IPC)   ${cold.toFixed(0)} ms`)
  console.log(summary(`first rows, data arrived (${afterWarm} rows)`, warm))
  console.log(summary('search keystroke -> next paint', probe.paint))
  console.log(summary('search keystroke -> rows painted', probe.rows))
  console.log(costLine('search, main-thread CPU time', searchCost, probe.paint.length, 'keystroke'))
  console.log(
    `scripted scroll                      ${scroll.frames} frames over ${Math.round(scroll.height)} px, ${scroll.over32} over 32 ms (target 0), median ${scroll.median.toFixed(1)} ms, worst ${scroll.worst.toFixed(1)} ms`,
  )
  console.log(costLine('scroll, main-thread CPU time', scrollCost, scroll.frames, 'frame'))
} finally {
  await app.close()
  await sandbox.stop()
  await rm(userDataDir, { recursive: true, force: true })
}
