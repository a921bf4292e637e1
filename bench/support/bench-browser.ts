import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import type { Browser, Page } from '@playwright/test'
import { chromium } from '@playwright/test'
import type { AppHost } from '../../e2e/fixtures/app-host'
import { launchBrowserHost } from '../../e2e/fixtures/browser-host'
import config from '../../playwright.config'

/**
 * Launches the e2e Chromium for a UI benchmark. With `VOICEDESK_BENCH_UNLOCKED_FRAMES=1` it also
 * lifts the 60 Hz frame clock, so "key press to paint" measures the app's own work and paint
 * rather than the wait for the next display refresh (up to 16.7 ms at 60 Hz, whatever the app
 * does). Benchmarks print which mode they ran in; report both figures.
 */
export async function launchBenchBrowser(): Promise<{ browser: Browser; frameMode: string }> {
  const unlocked = process.env.VOICEDESK_BENCH_UNLOCKED_FRAMES === '1'
  const base = config.use?.launchOptions ?? {}
  const args = [
    ...(base.args ?? []),
    ...(unlocked ? ['--disable-gpu-vsync', '--disable-frame-rate-limit'] : []),
  ]
  const browser = await chromium.launch({ ...base, args })
  return { browser, frameMode: unlocked ? 'frame clock unlocked' : '60 Hz frame clock' }
}

/**
 * The app in the e2e browser host, signed in to `sandbox` with `apiKey`, ready for page scripts:
 * what every UI benchmark starts from. `close()` ends the host and the browser.
 */
export async function openSignedInApp(options: {
  userDataDir: string
  baseUrl: string
  apiKey: string
}): Promise<{ host: AppHost; page: Page; close(): Promise<void> }> {
  const { browser, frameMode } = await launchBenchBrowser()
  console.log(`browser: Debian Chromium, ${frameMode}`)
  const host = await launchBrowserHost(browser, {
    userDataDir: options.userDataDir,
    keychain: 'system',
    keychainService: `VoiceDesk-bench-${randomBytes(4).toString('hex')}`,
    colorScheme: 'light',
  })
  const page = host.page
  await page.waitForFunction(() => (globalThis as { api?: unknown }).api !== undefined)
  await page.evaluate(
    async ({ baseUrl, apiKey }) => {
      const { api } = globalThis as unknown as {
        api: {
          account: {
            setBaseUrl(input: { baseUrl: string }): Promise<unknown>
            setApiKey(input: { apiKey: string }): Promise<unknown>
          }
        }
      }
      await api.account.setBaseUrl({ baseUrl })
      await api.account.setApiKey({ apiKey })
    },
    { baseUrl: options.baseUrl, apiKey: options.apiKey },
  )
  // tsx (esbuild keepNames) wraps named functions in __name(); page functions need it too.
  await page.evaluate('globalThis.__name = (fn) => fn')
  return {
    host,
    page,
    async close() {
      await host.close()
      await browser.close()
    },
  }
}

/**
 * Runs `work` while recording, on request, a Chrome trace (`trace`: frames, layout, paint, GC) and
 * a sampled CPU profile (`cpuProfile`, a .cpuprofile for DevTools) of the page: how a bench's
 * slow part is explained rather than only measured. With neither path it just runs `work`.
 */
export async function recorded<T>(
  page: Page,
  paths: { trace?: string | undefined; cpuProfile?: string | undefined },
  work: () => Promise<T>,
): Promise<T> {
  const browser = paths.trace === undefined ? null : page.context().browser()
  await browser?.startTracing(page, {
    path: paths.trace,
    screenshots: false,
    categories: [
      'devtools.timeline',
      'v8.gc',
      'blink',
      'cc',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.frame',
    ],
  })
  const cdp = paths.cpuProfile === undefined ? null : await page.context().newCDPSession(page)
  if (cdp !== null) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
  }
  const result = await work()
  if (cdp !== null && paths.cpuProfile !== undefined) {
    const { profile } = await cdp.send('Profiler.stop')
    await writeFile(paths.cpuProfile, JSON.stringify(profile))
  }
  await browser?.stopTracing()
  return result
}

/** What the page's main thread spent on a piece of work, in thread CPU time (ms) and counts. */
export interface MainThreadCost {
  /** All tasks on the main thread. */
  task: number
  script: number
  style: number
  layout: number
  styleCount: number
  layoutCount: number
}

/**
 * Runs `work` and returns, besides its result, the CPU time the page's main thread spent meanwhile
 * (Chrome's performance metrics in thread time). Why thread time: on a machine shared with other
 * work the frames' wall-clock lengths say as much about the neighbours as about the page; the
 * thread time is the page's own cost, comparable between runs.
 */
export async function withMainThreadCost<T>(
  page: Page,
  work: () => Promise<T>,
): Promise<{ result: T; cost: MainThreadCost }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
  const read = async (): Promise<Map<string, number>> => {
    const { metrics } = await cdp.send('Performance.getMetrics')
    return new Map(metrics.map((m) => [m.name, m.value]))
  }
  const before = await read()
  const result = await work()
  const after = await read()
  await cdp.send('Performance.disable')
  await cdp.detach()
  const delta = (name: string): number => (after.get(name) ?? 0) - (before.get(name) ?? 0)
  return {
    result,
    cost: {
      task: delta('TaskDuration') * 1000,
      script: delta('ScriptDuration') * 1000,
      style: delta('RecalcStyleDuration') * 1000,
      layout: delta('LayoutDuration') * 1000,
      styleCount: delta('RecalcStyleCount'),
      layoutCount: delta('LayoutCount'),
    },
  }
}

/** One line of a {@link MainThreadCost} spread over `per` events (frames, keystrokes). */
export function costLine(label: string, cost: MainThreadCost, per: number, unit: string): string {
  const f = (ms: number): string => (ms / per).toFixed(2)
  return `${label.padEnd(36)} per ${unit}: task ${f(cost.task)} ms (script ${f(cost.script)}, style ${f(cost.style)}, layout ${f(cost.layout)}), ${(cost.styleCount / per).toFixed(1)} style recalcs, ${(cost.layoutCount / per).toFixed(1)} layouts`
}
