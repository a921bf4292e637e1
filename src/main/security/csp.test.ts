import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from './csp'

describe('contentSecurityPolicy', () => {
  it('allows no inline or remote script and no remote connection in release', () => {
    const csp = contentSecurityPolicy(false)
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain("unsafe-inline'; connect")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/)
    expect(csp).toContain("connect-src 'self'")
    expect(csp).not.toMatch(/https?:|\*/)
    for (const d of [
      "object-src 'none'",
      "frame-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(d)
    }
  })

  it('adds only what hot reload needs in development', () => {
    const csp = contentSecurityPolicy(true)
    expect(csp).toMatch(/script-src 'self' 'unsafe-inline'/)
    expect(csp).toMatch(/connect-src 'self' ws: wss:/)
    expect(csp).not.toMatch(/unsafe-eval/)
  })
})
