import type { Browser } from '@playwright/test'
import { chromium } from '@playwright/test'
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
