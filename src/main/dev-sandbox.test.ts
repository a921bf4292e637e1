import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { spawnDevSandbox } from './dev-sandbox'

const projectRoot = fileURLToPath(new URL('../..', import.meta.url))

// Why a long budget: each test starts a real sandbox under tsx (TypeScript compiled on the fly,
// speech engine loaded), which takes 8 s of CPU; on a shared two-core machine that was measured at
// 40 s wall time. Nothing here waits on a timer: the budget only bounds a process start.
const SPAWN_BUDGET_MS = 120_000

describe('spawnDevSandbox', () => {
  it(
    'starts the sandbox as a child process that answers with the demo key, and stops it',
    async () => {
      const sandbox = await spawnDevSandbox({ projectRoot, nodeBinary: process.execPath })
      try {
        expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
        const answer = await fetch(`${sandbox.baseUrl}/v1/voices`, {
          headers: { Authorization: `Bearer ${sandbox.apiKey}` },
        })
        expect(answer.status).toBe(200)
      } finally {
        await sandbox.stop()
      }
      await expect(fetch(`${sandbox.baseUrl}/v1/voices`)).rejects.toThrow()
    },
    SPAWN_BUDGET_MS,
  )

  it('reports a sandbox that cannot start instead of waiting forever', async () => {
    await expect(
      spawnDevSandbox({
        projectRoot: '/nonexistent-voicedesk-root',
        nodeBinary: process.execPath,
        timeoutMs: 20_000,
      }),
    ).rejects.toThrow(/development sandbox/)
  })

  it(
    'the sandbox started for the app exits when the app goes away (its stdin closes)',
    async () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', '--exit-with-parent'],
        { cwd: projectRoot, stdio: ['pipe', 'pipe', 'ignore'] },
      )
      child.stdout.setEncoding('utf8')
      let out = ''
      await new Promise<void>((resolve) =>
        child.stdout.on('data', (chunk: string) => {
          out += chunk
          if (out.includes('Base URL:')) resolve()
        }),
      )
      child.stdin.end()
      const [code] = (await once(child, 'exit')) as [number | null]
      expect(code).toBe(0)
    },
    SPAWN_BUDGET_MS,
  )
})
