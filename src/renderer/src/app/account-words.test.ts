import { describe, expect, it } from 'vitest'
import type { AccountStatus } from '../../../shared/domain/account'
import { AppError } from '../../../shared/errors'
import { describeError } from '../lib/error-messages'
import { accountState } from './account-words'

// The sidebar's account dot says the state in words a user acts on, never the service's address.

const NOW = Date.parse('2026-11-27T15:00:00Z')
const ADDRESS = 'https://voice.example.test:8443'

function status(over: Partial<AccountStatus>): AccountStatus {
  return {
    credential: 'apiKey',
    hasKey: true,
    keyHint: '…abcd',
    keyFor: { origin: ADDRESS, host: 'voice.example.test:8443', usable: true },
    plan: 'free',
    planAnswered: true,
    customLimits: null,
    baseUrl: ADDRESS,
    verifiedAt: null,
    rejected: false,
    storage: 'keychain',
    token: null,
    allowed: {
      speech: true,
      stream: true,
      voicesRead: true,
      voicesCreate: true,
      voicesDelete: true,
    },
    connection: 'unchecked',
    checkedAt: null,
    defaultBaseUrl: null,
    accountPage: null,
    builtInAccountPage: null,
    notices: [],
    ...over,
  }
}

const checkedAt = new Date(NOW - 60_000).toISOString()

describe('the account dot in words', () => {
  it.each([
    [
      'no key',
      status({ credential: 'none', hasKey: false, keyHint: null }),
      'No API key',
      'unknown',
    ],
    ['connected', status({ connection: 'connected', checkedAt }), 'Connected', 'ok'],
    [
      'unreachable',
      status({ connection: 'unreachable', checkedAt }),
      'Cannot reach the service',
      'danger',
    ],
    [
      'wrong address',
      status({ connection: 'wrong-address', checkedAt }),
      'Wrong service address',
      'danger',
    ],
    [
      'the service failing',
      status({ connection: 'service-trouble', checkedAt }),
      'The service had a problem',
      'danger',
    ],
    ['refused', status({ rejected: true, checkedAt }), 'Key not accepted', 'danger'],
    [
      'another service',
      status({ keyFor: { origin: 'https://other.test', host: 'other.test', usable: false } }),
      'Key for another service',
      'warning',
    ],
    [
      'no keychain: the key is lost at quit',
      status({ connection: 'connected', checkedAt, storage: 'session' }),
      'Connected for this session',
      'warning',
    ],
    ['unchecked', status({}), 'Not checked yet', 'unknown'],
    [
      'demo',
      status({ credential: 'sandbox', keyFor: null, connection: 'connected', checkedAt }),
      'Demo service',
      'ok',
    ],
  ] as const)('%s: says the state, names no address', (_name, given, text, tone) => {
    const state = accountState(given, NOW)
    expect(state.text).toBe(text)
    expect(state.tone).toBe(tone)
    for (const words of [state.text, state.sentence]) {
      expect(words).not.toContain('voice.example.test')
      expect(words).not.toContain('other.test')
      expect(words).not.toContain('…abcd')
    }
  })

  it('says when it was last checked', () => {
    const state = accountState(status({ connection: 'connected', checkedAt }), NOW)
    expect(state.sentence).toBe('Connected to the service. Checked 1 minute ago.')
  })

  it('says the key is forgotten at quit without a keychain, and where to see what to do', () => {
    const state = accountState(
      status({ connection: 'connected', checkedAt, storage: 'session' }),
      NOW,
    )
    expect(state.sentence).toBe(
      "Connected to the service. Checked 1 minute ago. The system keychain isn't available, so your key is forgotten when you quit. Open Account to see how to keep it.",
    )
  })

  it('says out of credit, in the danger tone, once the service refused speech for want of it', () => {
    const connected = status({ connection: 'connected', checkedAt })
    const state = accountState(connected, NOW, checkedAt)
    expect(state.text).toBe('Out of credit')
    expect(state.tone).toBe('danger')
    expect(state.sentence).toContain('no credit left')
    // The demo bills nothing, so it is never out of credit.
    expect(accountState({ ...connected, credential: 'sandbox' }, NOW, checkedAt).text).toBe(
      'Demo service',
    )
  })
})

// Issue 27: the sidebar said "Can't reach the service" while the Connection card said "This
// address is not the voice service" for the same check. Each failed check now has one name.
describe('the dot and the Connection card name a failed check alike', () => {
  it.each([
    ['NETWORK', undefined, 'unreachable'],
    ['TIMEOUT', undefined, 'unreachable'],
    ['NOT_FOUND', 404, 'wrong-address'],
    ['UPSTREAM', 200, 'wrong-address'],
    ['UPSTREAM', 503, 'service-trouble'],
  ] as const)('%s (%s)', (code, httpStatus, connection) => {
    const error = new AppError(
      code,
      'x',
      httpStatus === undefined ? {} : { details: { status: httpStatus } },
    )
    const card = describeError(error, 'connection').title
    expect(accountState(status({ connection, checkedAt }), NOW).text).toBe(card)
  })
})
