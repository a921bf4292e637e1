import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url))

describe('npm run sandbox', () => {
  it('prints the facts a person needs, serves, and stops cleanly on SIGINT', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      output += chunk
    })
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    )
    const deadline = Date.now() + 30_000
    while (!output.includes('State folder:') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100))
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
  }, 60_000)
})
