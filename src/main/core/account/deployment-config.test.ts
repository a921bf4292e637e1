import { afterEach, describe, expect, it } from 'vitest'
import config from '../../../../electron.vite.config'
import { DeploymentConfigError, readDeploymentConfig } from './deployment-config'

const SERVICE = 'VOICEDESK_SERVICE_ADDRESS'
const DASHBOARD = 'VOICEDESK_DASHBOARD_ADDRESS'

describe('readDeploymentConfig (the build-time addresses)', () => {
  it('normalises a deployment’s https addresses', () => {
    expect(
      readDeploymentConfig(
        { [SERVICE]: ' https://voice.example/api/ ', [DASHBOARD]: 'https://voice.example/billing' },
        { release: true },
      ),
    ).toEqual({
      serviceAddress: 'https://voice.example/api',
      dashboardAddress: 'https://voice.example/billing',
    })
  })

  it('lets a development build name nothing', () => {
    expect(readDeploymentConfig({}, { release: false })).toEqual({
      serviceAddress: '',
      dashboardAddress: '',
    })
  })

  it('refuses a release without a service address, saying which setting to give', () => {
    expect(() =>
      readDeploymentConfig({ [DASHBOARD]: 'https://voice.example/b' }, { release: true }),
    ).toThrow(/A release needs the service's address: set VOICEDESK_SERVICE_ADDRESS/)
  })

  it.each([
    ['http://voice.example', /VOICEDESK_SERVICE_ADDRESS: .*https:\/\//],
    [
      'http://127.0.0.1:8080',
      /VOICEDESK_SERVICE_ADDRESS: a build's service address must start with https/,
    ],
    [
      'https://user:secret@voice.example',
      /VOICEDESK_SERVICE_ADDRESS: Remove the user name or password/,
    ],
    ['https://voice.example/?key=1', /VOICEDESK_SERVICE_ADDRESS: .*"\?" or "#"/],
    ['voice.example', /VOICEDESK_SERVICE_ADDRESS: .*not a web address/],
  ])('refuses the service address %s', (raw, message) => {
    expect(() => readDeploymentConfig({ [SERVICE]: raw }, { release: false })).toThrow(message)
  })

  it.each([
    [
      'http://voice.example/billing',
      /VOICEDESK_DASHBOARD_ADDRESS: The address must start with https/,
    ],
    ['https://me:pw@voice.example/billing', /VOICEDESK_DASHBOARD_ADDRESS: Remove the user name/],
    ['https://localhost/billing', /VOICEDESK_DASHBOARD_ADDRESS: .*not an address on this computer/],
    ['javascript:alert(1)', /VOICEDESK_DASHBOARD_ADDRESS: The address must start with https/],
  ])('refuses the dashboard address %s', (raw, message) => {
    expect(() =>
      readDeploymentConfig(
        { [SERVICE]: 'https://voice.example', [DASHBOARD]: raw },
        { release: true },
      ),
    ).toThrow(message)
  })

  it('throws its own error type, so the build stops with the message and no stack of ours', () => {
    expect(() => readDeploymentConfig({}, { release: true })).toThrow(DeploymentConfigError)
  })
})

describe('electron.vite.config (how the build uses it)', () => {
  const saved = { service: process.env[SERVICE], dashboard: process.env[DASHBOARD] }
  afterEach(() => {
    for (const [name, value] of [
      [SERVICE, saved.service],
      [DASHBOARD, saved.dashboard],
    ] as const)
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
  })
  const build = (mode: string) => {
    if (typeof config !== 'function') throw new Error('the config is expected to be a function')
    return config({ command: 'build', mode })
  }

  it('refuses to build a release (npm run dist) without a service address', () => {
    delete process.env[SERVICE]
    expect(() => build('release')).toThrow(/A release needs the service's address/)
  })

  it('builds the checked addresses into main', () => {
    process.env[SERVICE] = 'https://voice.example/'
    process.env[DASHBOARD] = 'https://voice.example/billing'
    const resolved = build('release')
    expect(JSON.parse(String(resolved.main?.define?.__VOICEDESK_DEPLOYMENT__))).toEqual({
      serviceAddress: 'https://voice.example',
      dashboardAddress: 'https://voice.example/billing',
    })
  })

  it('stops a development build with a bad address too', () => {
    process.env[SERVICE] = 'http://voice.example'
    expect(() => build('production')).toThrow(/VOICEDESK_SERVICE_ADDRESS/)
  })
})
