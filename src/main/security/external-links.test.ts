import { describe, expect, it, vi } from 'vitest'
import { AppError } from '../../shared/errors'
import { openExternalUrl, parseExternalUrl } from './external-links'

describe('parseExternalUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['http://example.com/docs?q=1#top', 'http://example.com/docs?q=1#top'],
    ['  https://example.com/padded  ', 'https://example.com/padded'],
    ['HTTPS://EXAMPLE.COM/Path', 'https://example.com/Path'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
    ['https://example.com:8443/x', 'https://example.com:8443/x'],
  ])('accepts %j as %s', (raw, href) => {
    expect(parseExternalUrl(raw)?.href).toBe(href)
  })

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['java\nscript:alert(1)'],
    ['  javascript:alert(1)'],
    ['file:///etc/passwd'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox'],
    ['voicedesk://open'],
    ['ms-settings:privacy'],
    ['smb://host/share'],
    ['ftp://example.com/file'],
    ['about:blank'],
    ['blob:https://example.com/uuid'],
    ['https://app@evil.example/'],
    ['https://user:pass@example.com/'],
    ['/relative/path'],
    ['//evil.example/protocol-relative'],
    ['example.com'],
    ['https://exa mple.com/'],
    ['https://example.com/a\tb'],
    ['https://'],
    ['https:'],
    [''],
    ['   '],
    [`https://example.com/${'a'.repeat(3000)}`],
  ])('refuses %j', (raw) => {
    expect(parseExternalUrl(raw)).toBeNull()
  })
})

describe('openExternalUrl', () => {
  it('passes the normalised URL to the opener', async () => {
    const opener = { openExternal: vi.fn(() => Promise.resolve()) }
    await openExternalUrl(' https://Example.com/docs ', opener)
    expect(opener.openExternal).toHaveBeenCalledWith('https://example.com/docs')
  })

  it('refuses other schemes with VALIDATION_FAILED and never calls the opener', async () => {
    const opener = { openExternal: vi.fn(() => Promise.resolve()) }
    const error = await openExternalUrl('file:///etc/passwd', opener).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('VALIDATION_FAILED')
    expect((error as AppError).message).toMatch(/http or https/)
    expect(opener.openExternal).not.toHaveBeenCalled()
  })
})
