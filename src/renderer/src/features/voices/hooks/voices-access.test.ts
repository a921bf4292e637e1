import { describe, expect, it } from 'vitest'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { AppError } from '../../../../../shared/errors'
import { keyMissing, voicesAccess } from './voices-access'

/** Only the fields Voices reads; the rest of a status does not change its access. */
function status(partial: Pick<AccountStatus, 'credential' | 'keyFor' | 'baseUrl'>): AccountStatus {
  return partial as AccountStatus
}

const base = 'https://voices.test'

describe('Voices access from the account status', () => {
  it('waits for the status, asks for a key without one, and is ready with a usable one', () => {
    expect(voicesAccess(undefined)).toEqual({ state: 'loading' })
    expect(voicesAccess(status({ credential: 'none', keyFor: null, baseUrl: base }))).toEqual({
      state: 'no-key',
    })
    const usable = { origin: base, host: 'voices.test', usable: true }
    expect(voicesAccess(status({ credential: 'apiKey', keyFor: usable, baseUrl: base }))).toEqual({
      state: 'ready',
    })
  })

  it('names the host a key belongs to when the base URL is another one', () => {
    const keyFor = { origin: 'https://other.test', host: 'other.test', usable: false }
    expect(voicesAccess(status({ credential: 'apiKey', keyFor, baseUrl: base }))).toEqual({
      state: 'key-elsewhere',
      keyHost: 'other.test',
      baseUrl: base,
    })
  })

  it('treats a list refused with AUTH_MISSING as no key, and other failures as errors', () => {
    const ready = { state: 'ready' } as const
    expect(keyMissing(ready, new AppError('AUTH_MISSING', 'No key'))).toEqual({ state: 'no-key' })
    expect(keyMissing(ready, new AppError('NETWORK', 'Offline'))).toBeNull()
    expect(keyMissing(ready, null)).toBeNull()
    expect(keyMissing({ state: 'no-key' }, null)).toEqual({ state: 'no-key' })
  })
})
