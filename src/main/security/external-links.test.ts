import { describe, expect, it, vi } from 'vitest'
import { AppError } from '../../shared/errors'
import { createManualClock } from '../testing/manual-clock'
import {
  checkExternalUrl,
  createExternalLinkOpener,
  createLinkPace,
  openExternalUrl,
  parseExternalUrl,
} from './external-links'

describe('parseExternalUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['http://example.com/docs?q=1#top', 'http://example.com/docs?q=1#top'],
    ['  https://example.com/padded  ', 'https://example.com/padded'],
    ['HTTPS://EXAMPLE.COM/Path', 'https://example.com/Path'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
    ['https://example.com:8443/x', 'https://example.com:8443/x'],
    ['https://203.0.113.5/', 'https://203.0.113.5/'],
    ['http://198.51.100.7:80/', 'http://198.51.100.7/'],
    ['https://[2001:db8::1]/', 'https://[2001:db8::1]/'],
    ['https://[::ffff:203.0.113.5]/', 'https://[::ffff:cb00:7105]/'],
    ['https://local.example/', 'https://local.example/'],
    ['https://localhost.example.com/', 'https://localhost.example.com/'],
    ['https://172.32.0.1/', 'https://172.32.0.1/'],
    ['https://100.128.0.1/', 'https://100.128.0.1/'],
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

describe('checkExternalUrl: this computer and the local network are refused', () => {
  it.each([
    // names
    ['http://localhost/'],
    ['http://LOCALHOST:8080/admin'],
    ['http://localhost./'],
    ['http://app.localhost/'],
    ['http://printer.local/'],
    ['http://nas.lan/'],
    ['http://router.home.arpa/'],
    ['http://build.corp.internal/'],
    ['http://intranet/'],
    ['http://intranet./'],
    // IPv4 loopback, written every way the URL parser still reads as 127.0.0.1
    ['http://127.0.0.1/'],
    ['http://127.1.2.3:9000/'],
    ['http://2130706433/'],
    ['http://0x7f000001/'],
    ['http://0x7f.1/'],
    ['http://0177.0.0.1/'],
    ['http://017700000001/'],
    ['http://127.1/'],
    ['http://0.0.0.0/'],
    ['http://0/'],
    // private, link-local, shared and reserved IPv4
    ['http://10.0.0.1/'],
    ['http://172.16.0.1/'],
    ['http://172.31.255.255/'],
    ['http://192.168.1.1/'],
    ['http://0xc0a80101/'],
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://100.64.0.1/'],
    ['http://198.18.0.1/'],
    ['http://224.0.0.1/'],
    ['http://255.255.255.255/'],
    // IPv6 loopback, unspecified, unique-local, link-local, multicast
    ['http://[::1]/'],
    ['http://[0:0:0:0:0:0:0:1]/'],
    ['http://[::]/'],
    ['http://[fd12:3456::1]/'],
    ['http://[fc00::1]/'],
    ['http://[fe80::1]/'],
    ['http://[FEBF::1]/'],
    ['http://[fec0::1]/'],
    ['http://[ff02::1]/'],
    // IPv4 inside IPv6: mapped, compatible, NAT64 and 6to4 forms of private addresses
    ['http://[::ffff:127.0.0.1]/'],
    ['http://[::ffff:7f00:1]/'],
    ['http://[::ffff:192.168.0.1]/'],
    ['http://[::127.0.0.1]/'],
    ['http://[64:ff9b::10.0.0.1]/'],
    ['http://[2002:c0a8:101::1]/'],
  ])('%j', (raw) => {
    expect(checkExternalUrl(raw)).toEqual({ refused: 'local-address' })
    expect(parseExternalUrl(raw)).toBeNull()
  })
})

describe('link pace', () => {
  it('allows one link a second and five a minute, on the clock it is given', () => {
    const clock = createManualClock()
    const pace = createLinkPace(clock)
    expect(pace.take()).toBe(true)
    expect(pace.take()).toBe(false)
    expect(pace.waitMs()).toBe(1000)
    clock.advance(999)
    expect(pace.take()).toBe(false)
    clock.advance(1)
    expect(pace.take()).toBe(true)
    for (let i = 0; i < 3; i++) {
      clock.advance(1000)
      expect(pace.take()).toBe(true)
    }
    // Five opened within 4 s: the sixth waits until the first is a minute old.
    clock.advance(1000)
    expect(pace.take()).toBe(false)
    expect(pace.waitMs()).toBe(55_000)
    clock.advance(55_000)
    expect(pace.take()).toBe(true)
  })

  it('a paced opener refuses a burst with RATE_LIMITED, and refused links use no turn', async () => {
    const clock = createManualClock()
    const opener = { openExternal: vi.fn(() => Promise.resolve()) }
    const open = createExternalLinkOpener(opener, { clock })
    await expect(open('http://192.168.1.1/')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
    await open('https://example.com/a')
    await expect(open('https://example.com/b')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryable: true,
      message: expect.stringMatching(/^VoiceDesk just opened several links.* Wait 1 s/),
      details: { retryAfterMs: 1000 },
    })
    clock.advance(1000)
    await open('https://example.com/c')
    expect(opener.openExternal.mock.calls).toEqual([
      ['https://example.com/a'],
      ['https://example.com/c'],
    ])
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

  it('refuses a local address with words that say why', async () => {
    const opener = { openExternal: vi.fn(() => Promise.resolve()) }
    const error = await openExternalUrl('http://127.0.0.1:8080/', opener).catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/^Links to this computer or the local network/),
    })
    expect(opener.openExternal).not.toHaveBeenCalled()
  })
})
