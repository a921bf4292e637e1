import { describe, expect, it } from 'vitest'
import { httpAppOrigin, schemeAppOrigin } from './app-origin'
import type { PermissionGrant } from './permissions'
import { ALLOWED_PERMISSIONS, decidePermission } from './permissions'

const origins = [httpAppOrigin('http://localhost:5173')]
const app = 'http://localhost:5173/'

describe('decidePermission', () => {
  it('allows the app nothing but the microphone and writing text to the clipboard', () => {
    expect(ALLOWED_PERMISSIONS).toEqual([
      { permission: 'media', mediaTypes: ['audio'] },
      { permission: 'clipboard-sanitized-write' },
    ])
    expect(
      decidePermission(
        { permission: 'clipboard-sanitized-write', requestingUrl: app, isMainFrame: true },
        origins,
      ),
    ).toBe(true)
    expect(
      decidePermission(
        {
          permission: 'clipboard-sanitized-write',
          requestingUrl: 'https://evil.example/',
          isMainFrame: true,
        },
        origins,
      ),
    ).toBe(false)
    expect(
      decidePermission(
        { permission: 'media', requestingUrl: app, isMainFrame: true, mediaTypes: ['audio'] },
        origins,
      ),
    ).toBe(true)
    expect(
      decidePermission(
        { permission: 'media', requestingUrl: app, isMainFrame: true, mediaTypes: ['video'] },
        origins,
      ),
    ).toBe(false)
  })

  it('denies everything else, even to the app itself', () => {
    for (const permission of [
      'media',
      'notifications',
      'geolocation',
      'clipboard-read',
      'openExternal',
    ]) {
      expect(decidePermission({ permission, requestingUrl: app, isMainFrame: true }, origins)).toBe(
        false,
      )
    }
  })

  const microphone: PermissionGrant[] = [{ permission: 'media', mediaTypes: ['audio'] }]

  it('grants a named permission to the app origin only', () => {
    const ask = {
      permission: 'media',
      requestingUrl: app,
      isMainFrame: true,
      mediaTypes: ['audio'],
    }
    expect(decidePermission(ask, origins, microphone)).toBe(true)
    expect(
      decidePermission({ ...ask, requestingUrl: 'https://evil.example/' }, origins, microphone),
    ).toBe(false)
    expect(decidePermission({ ...ask, isMainFrame: false }, origins, microphone)).toBe(false)
  })

  it('grants only the media types named (microphone is not camera)', () => {
    const ask = { permission: 'media', requestingUrl: app, isMainFrame: true }
    expect(decidePermission({ ...ask, mediaTypes: ['video'] }, origins, microphone)).toBe(false)
    expect(decidePermission({ ...ask, mediaTypes: ['audio', 'video'] }, origins, microphone)).toBe(
      false,
    )
    expect(decidePermission({ ...ask, mediaTypes: [] }, origins, microphone)).toBe(false)
  })

  it('does not grant permissions that are not on the list', () => {
    expect(
      decidePermission(
        { permission: 'geolocation', requestingUrl: app, isMainFrame: true },
        origins,
        microphone,
      ),
    ).toBe(false)
  })

  it('trusts the app scheme origin of builds, not file: pages', () => {
    const built = [schemeAppOrigin()]
    const ask = (requestingUrl: string) =>
      decidePermission(
        { permission: 'clipboard-sanitized-write', requestingUrl, isMainFrame: true },
        built,
      )
    expect(ask('app://voicedesk/index.html')).toBe(true)
    expect(ask('app://voicedesk')).toBe(true)
    expect(ask('file:///opt/VoiceDesk/resources/app.asar/out/renderer/index.html')).toBe(false)
    expect(ask('app://voicedesk.evil.example/')).toBe(false)
    expect(ask('http://localhost:5173/')).toBe(false)
  })
})
