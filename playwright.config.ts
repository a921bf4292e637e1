import { defineConfig } from '@playwright/test'

// The renderer runs in Debian's Chromium (Playwright cannot download browsers here) or, where an
// Electron binary exists, in Electron itself (the `app` fixture picks). Two cores: two workers.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/playwright.json' },
    ],
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 820 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // Voices records from the microphone: Chromium's fake device (a beeping tone) stands in,
        // and its fake permission prompt accepts what the app's allow-list grants.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
    // Why a bound on each action: an action waits for its element without one, so a test whose
    // element was re-rendered away hung until its own timeout and never said which action waited.
    actionTimeout: 90_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})
