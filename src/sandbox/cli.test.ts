import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, onTestFinished } from 'vitest'

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url))

describe('npm run sandbox', () => {
  it('prints the facts a person needs, serves, and stops cleanly on SIGINT', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    // A start that hangs past the ceiling must not leave the sandbox running (no-op once it exited).
    onTestFinished(() => void child.kill('SIGKILL'))
    let output = ''
    child.stdout.setEncoding('utf8')
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    )
    // Ready when the sandbox has printed its last fact (it listens before printing any), or when it
    // exits first; the test's own ceiling bounds a start that hangs.
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: string) => {
        output += chunk
        if (/^State folder: .+\n/m.test(output)) resolve()
      })
      void exited.then(() => resolve())
    })
    const line = (label: string): string =>
      output.split('\n').find((row) => row.startsWith(label)) ?? ''
    const baseUrl = line('Base URL: ').slice('Base URL: '.length)
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(line('Legacy base URL: ')).toBe(`Legacy base URL: ${baseUrl}/legacy`)
    const paid = line('API key (paid plan): ').split(': ')[1] ?? ''
    const free = line('API key (free plan): ').split(': ')[1] ?? ''
    expect(paid).toMatch(/^sk_\w{20,}$/)
    expect(free).toMatch(/^sk_\w{20,}$/)
    expect(output).toMatch(/Conversation conv_\w+ \(pending\)/)
    expect(output).toMatch(/Conversation conv_\w+ \(active\)/)
    expect(output).toMatch(/Conversation conv_\w+ \(completed\)/)
    expect(output).toMatch(/Conversation conv_\w+ \(failed\)/)
    expect(line('State folder: ')).not.toBe('')
    const response = await fetch(`${baseUrl}/v1/voices/george`, {
      headers: { Authorization: `Bearer ${paid}` },
    })
    expect(response.status).toBe(200)
    child.kill('SIGINT')
    expect(await exited).toBe(0)
    await expect(fetch(`${baseUrl}/v1/voices`)).rejects.toThrow()
  }, 120_000)
})
