import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from './csp'

function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/)
        return [name, values.join(' ')] as const
      }),
  )
}

describe('contentSecurityPolicy', () => {
  it('allows nothing remote, no inline script and no connection in release', () => {
    const csp = directives(contentSecurityPolicy(false))
    expect(csp.get('default-src')).toBe("'none'")
    expect(csp.get('script-src')).toBe("'self'")
    expect(csp.get('connect-src')).toBe("'none'")
    for (const name of ['object-src', 'frame-src', 'base-uri', 'form-action', 'frame-ancestors']) {
      expect(csp.get(name)).toBe("'none'")
    }
    expect(contentSecurityPolicy(false)).not.toMatch(/https?:|\*|unsafe/)
  })

  it('is never looser than the renderer meta tag in release', async () => {
    const html = await readFile(
      join(import.meta.dirname, '..', '..', 'renderer', 'index.html'),
      'utf8',
    )
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1]
    expect(meta).toBeDefined()
    const header = directives(contentSecurityPolicy(false))
    for (const [name, value] of directives(meta ?? '')) {
      expect(header.get(name), name).toBe(value)
    }
  })

  it('adds only what hot reload needs in development', () => {
    const csp = directives(contentSecurityPolicy(true))
    expect(csp.get('script-src')).toBe("'self' 'unsafe-inline'")
    expect(csp.get('connect-src')).toBe("'self' ws://localhost:* ws://127.0.0.1:*")
    expect(contentSecurityPolicy(true)).not.toMatch(/unsafe-eval|https?:/)
  })
})
