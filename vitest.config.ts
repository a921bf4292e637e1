import { defineConfig } from 'vitest/config'

// Unit and integration tests under plain Node. Two cores: keep the pool small so the sandbox's
// real synthesis and the tests' timers are not starved.
export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    exclude: ['node_modules/**', 'out/**', 'e2e/**'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    // A budget against hangs, not a speed check: tests that encode audio or start the CLI took
    // 30-45 s each at load 20 on this 2-core box (shared with other work) and a few seconds quiet.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]]
      : ['default'],
  },
})
