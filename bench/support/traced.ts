/**
 * Runs one piece of a UI bench under a Chrome trace of the page and a CPU profile of this process
 * (main's runtime, the sandbox and the IPC bridge run here), then prints where the time between
 * the page's `console.timeStamp('bench:click')` and `console.timeStamp('bench:painted')` went.
 */
import { Session } from 'node:inspector/promises'
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import {
  nodeBreakdown,
  readTrace,
  rendererBreakdown,
  rendererLines,
  traceMarks,
} from './trace-breakdown'

const CATEGORIES = [
  'devtools.timeline',
  'v8.gc',
  'blink',
  'cc',
  'toplevel',
  'v8',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
]

/** `work` traced; the breakdown is printed under `label`; the trace kept at `keep` if given. */
export async function traced<T>(
  page: Page,
  label: string,
  work: () => Promise<T>,
  keep?: string,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'voicedesk-bench-trace-'))
  const path = join(dir, 'trace.json')
  const browser = page.context().browser()
  if (browser === null) throw new Error('no browser to trace')
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 250 })
  await browser.startTracing(page, { path, screenshots: false, categories: CATEGORIES })
  await session.post('Profiler.start')
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 })
  await cdp.send('Profiler.start')
  try {
    return await work()
  } finally {
    const { profile: pageProfile } = await cdp.send('Profiler.stop')
    await cdp.detach()
    const { profile } = await session.post('Profiler.stop')
    session.disconnect()
    await browser.stopTracing()
    const events = await readTrace(path)
    const marks = traceMarks(events)
    const from = marks.get('bench:click')
    const to = marks.get('bench:painted')
    console.log(`-- ${label}: where the time went`)
    if (from === undefined || to === undefined) {
      console.log('   (no bench:click / bench:painted marks in the trace)')
    } else {
      for (const line of rendererLines(rendererBreakdown(events, from, to)))
        console.log(`   ${line}`)
      const node = nodeBreakdown(profile as never, from, to)
      console.log(
        `   this process (main runtime, sandbox, bridge) over ${node.windowMs.toFixed(1)} ms: ${node.parts.map(([p, ms]) => `${p} ${ms.toFixed(1)}`).join(', ')}`,
      )
      for (const [name, ms] of node.top)
        console.log(`     ${ms.toFixed(1).padStart(6)} ms  ${name}`)
      const script = nodeBreakdown(pageProfile as never, from, to)
      console.log("   the page's script, by function (self time):")
      for (const [name, ms] of script.top.slice(0, 8))
        console.log(`     ${ms.toFixed(1).padStart(6)} ms  ${name}`)
    }
    if (keep !== undefined) {
      await copyFile(path, keep)
      await writeFile(`${keep}.node.cpuprofile`, JSON.stringify(profile))
    }
    await rm(dir, { recursive: true, force: true })
  }
}
