import { expect, test } from '@playwright/test'
import { runBenchSmoke } from '../bench/support/run-smoke'

/**
 * The benches that drive the built renderer in Chromium, at their small size (see
 * bench/support/smoke.ts), so one cannot rot unnoticed. Here and not in the unit tests because
 * they need the renderer that this step has just built. Only the lines their figures are printed
 * on are checked, never the figures.
 */
const CHROMIUM_BENCHES: Record<string, RegExp[]> = {
  'voices-list': [/^keystroke -> next paint/m, /^first rows painted, cold/m],
  'script-editor': [
    /^open \(click -> first blocks painted\) +\d+ ms/m,
    /keydown -> next paint +median/,
  ],
  'conversations-transcript': [/^time to first render +\d+ ms/m, /^scripted scroll +\d+ frames/m],
  'conversations-inbox': [/^first rows painted, cold/m, /^search keystroke -> next paint/m],
  'conversations-overview-paint': [
    /^first chart painted from the on-disk cache +\d+ ms/m,
    /^period change repainted +median \d+ ms/m,
    /^frames while the charts update +\d+ frames, \d+ over 32 ms/m,
  ],
}

/** A smoke run takes seconds; the cap is for a box busy with other work. */
const CAP_MS = 240_000

test.describe('every Chromium bench runs at a small size and prints its figures', () => {
  for (const [name, figures] of Object.entries(CHROMIUM_BENCHES)) {
    test(`bench/${name}.ts`, async () => {
      test.setTimeout(CAP_MS + 10_000)
      const run = await runBenchSmoke(name, CAP_MS)
      console.log(`--- bench/${name}.ts (smoke)\n${run.output}`)
      expect(run.code, run.output).toBe(0)
      for (const line of figures) expect(run.output).toMatch(line)
    })
  }
})
