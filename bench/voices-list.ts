/**
 * Voices list with 5,000 extra voices (5,044 in all) in the sandbox: the built renderer in
 * Chromium through the e2e browser host (the real handlers, core and client), signed in with an
 * API key. Prints:
 *   - time from opening the Voices workspace to its first rows painted: cold (main loads every
 *     page of voices from the sandbox) and warm (page reloaded; main's list cache is warm);
 *   - per-keystroke filter latency: keydown -> the frame after the update is painted (rAF, then a
 *     task), and keydown -> the end of the work the keystroke caused; median, p95 and max.
 * Target: p95 under 16 ms per keystroke.
 *
 * With --trace FILE and/or --cpu-profile FILE, one more warm reload (not counted in the figures)
 * is recorded as a Chrome trace and a CPU profile of the page (open both in DevTools).
 *
 *   npx tsx bench/voices-list.ts [--voices 5000] [--no-build] [--trace t.json] [--cpu-profile p.cpuprofile] [--smoke]
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { benchArgs, sized } from './support/smoke'
import type { Page } from '@playwright/test'
import { launchBrowserHost } from '../e2e/fixtures/browser-host'
import { launchBenchBrowser, recorded } from './support/bench-browser'
import { signIn } from '../e2e/support/voices-screen'
import { startSandbox } from '../src/sandbox/index'

const { values } = parseArgs({
  args: benchArgs(),
  options: {
    voices: { type: 'string', default: sized('5000', '100') },
    // A smoke run uses the renderer the test run has just built.
    'no-build': { type: 'boolean', default: sized(false, true) },
    'warm-runs': { type: 'string', default: sized('5', '1') },
    trace: { type: 'string' },
    'cpu-profile': { type: 'string' },
  },
})
const extraVoices = Number(values.voices)

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)]!
}

function summary(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b)
  const f = (v: number) => v.toFixed(1).padStart(7)
  return `${label.padEnd(34)} n=${String(sorted.length).padStart(3)}  median ${f(percentile(sorted, 50))} ms  p95 ${f(percentile(sorted, 95))} ms  max ${f(sorted.at(-1) ?? 0)} ms`
}

// The page scripts are strings: tsx compiles this file with esbuild's keepNames, whose __name
// helper does not exist inside the page.

/** Opens Voices from the sidebar and returns ms from the click to the first painted rows. */
async function timeToFirstRows(page: Page): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const start = performance.now()
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="voice-row"]') === null) return
      observer.disconnect()
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolve(performance.now() - start)
        channel.port2.postMessage(null)
      })
    })
    observer.observe(document.body, { childList: true, subtree: true })
    setTimeout(() => reject(new Error('no voice rows after 60 s')), 60000)
    const nav = document.querySelector('[data-testid="nav-voices"]')
    if (nav === null) reject(new Error('no Voices item in the sidebar'))
    else nav.click()
  })`)
}

/**
 * Installs the keystroke probes on the search box: keydown -> the task after the next frame
 * (painted), and keydown -> the task after the input event (React's synchronous render done).
 */
async function installKeyProbe(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const input = document.querySelector('[data-testid="voice-search"]')
    if (input === null) throw new Error('no search box')
    const probe = { paint: [], work: [] }
    globalThis.__probe = probe
    input.addEventListener('keydown', (event) => {
      const start = event.timeStamp
      // React renders a typed key synchronously (in the microtask after its own listener), so
      // a window listener that runs later in the same dispatch sees the committed list.
      window.addEventListener('input', () => probe.work.push(performance.now() - start), { once: true })
      requestAnimationFrame(() => {
        const afterPaint = new MessageChannel()
        afterPaint.port1.onmessage = () => probe.paint.push(performance.now() - start)
        afterPaint.port2.postMessage(null)
      })
    }, { capture: true })
  })()`)
}

if (!values['no-build']) {
  console.log('building the renderer…')
  execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' })
}
const sandbox = await startSandbox({ port: 0, extraVoices, warmUp: false, synthThreads: 1 })
const { browser, frameMode } = await launchBenchBrowser()
console.log(`browser: Debian Chromium, ${frameMode}`)
const userDataDir = await mkdtemp(join(tmpdir(), 'voicedesk-bench-voices-'))
const app = await launchBrowserHost(browser, {
  userDataDir,
  keychain: 'system',
  keychainService: 'VoiceDesk-bench',
  colorScheme: 'light',
})
try {
  await signIn(app, sandbox)
  const page = app.page
  const total = 44 + extraVoices

  const cold = await timeToFirstRows(page)
  await page
    .getByTestId('voice-count')
    .filter({ hasText: `${total.toLocaleString('en-US')} voices` })
    .waitFor()
  const warm: number[] = []
  for (let i = 0; i < Number(values['warm-runs']); i++) {
    await page.reload()
    await page.getByTestId('nav-account').waitFor()
    warm.push(await timeToFirstRows(page))
  }

  if (values.trace !== undefined || values['cpu-profile'] !== undefined) {
    await page.reload()
    await page.getByTestId('nav-account').waitFor()
    const profiled = await recorded(
      page,
      { trace: values.trace, cpuProfile: values['cpu-profile'] },
      () => timeToFirstRows(page),
    )
    console.log(`profiled warm reload: ${profiled.toFixed(0)} ms to first rows (not counted)`)
  }

  await installKeyProbe(page)
  const search = page.getByTestId('voice-search')
  await search.click()
  const queries = sized(
    ['synthetic 01', 'emma', 'timbre:deep', 'narration', 'synthetic_04999', 'sage'],
    ['emma'],
  )
  for (const query of queries) {
    // One key at a time with a pause, so each keystroke is its own update (a real typist).
    await search.pressSequentially(query, { delay: 40 })
    for (let i = 0; i < query.length; i++) await search.press('Backspace', { delay: 40 })
  }
  const probe = await page.evaluate<{ paint: number[]; work: number[] }>('globalThis.__probe')
  await search.fill('synthetic_04999')
  const shown = await page.getByTestId('voice-count').textContent()

  console.log(`voices: ${total.toLocaleString('en-US')} (44 catalog + ${extraVoices} synthetic)`)
  console.log(`first rows painted, cold (main lists every page)  ${cold.toFixed(0)} ms`)
  console.log(summary('first rows painted, warm (reload)', warm))
  console.log(summary('keystroke -> next paint', probe.paint))
  console.log(summary('keystroke -> work done', probe.work))
  console.log(`check: "synthetic_04999" shows "${shown}"`)
} finally {
  await app.close()
  await browser.close()
  await sandbox.stop()
  await rm(userDataDir, { recursive: true, force: true })
}
