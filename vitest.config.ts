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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]]
      : ['default'],
  },
})
