import { describe, expect, it } from 'vitest'
import { keyElsewhereNotice, serviceNameOf } from './key-elsewhere'

const known = {
  demo: 'http://127.0.0.1:4010',
  own: 'https://api.voice.example/v1',
  trustGroups: [['https://api.voice.example', 'https://old.voice.example']],
}

describe('a key set aside for another service, in the user words', () => {
  it('names a service as the user knows it, never by port', () => {
    expect(serviceNameOf('http://127.0.0.1:4010', known)).toBe('the demo service')
    expect(serviceNameOf('https://api.voice.example', known)).toBe('the voice service')
    expect(serviceNameOf('https://old.voice.example', known)).toBe('the voice service')
    expect(serviceNameOf('http://127.0.0.1:43105', known)).toBe('a service on this computer')
    expect(serviceNameOf('https://tts.partner.example:8443', known)).toBe('tts.partner.example')
  })

  it('says both names when they differ, the addresses only in Details', () => {
    const notice = keyElsewhereNotice({
      kind: 'apiKey',
      savedFor: 'https://api.voice.example',
      target: 'http://127.0.0.1:43105',
      noQuestion: null,
      known,
    })
    expect(notice.message).toBe(
      "Your key was saved for the voice service, and VoiceDesk is now set to use a service on this computer, so it does not send the key there. Go back to the key's address, or paste the key for this one.",
    )
    expect(notice.message).not.toMatch(/127\.0\.0\.1|api\.voice|in Account/)
    expect(notice.details).toBe('Saved for: api.voice.example. Set now: 127.0.0.1:43105.')
  })

  it('two services with one name (both on this computer) get one plain sentence', () => {
    const notice = keyElsewhereNotice({
      kind: 'apiKey',
      savedFor: 'http://127.0.0.1:42311',
      target: 'http://127.0.0.1:43105',
      noQuestion:
        'You chose not to send the key there; VoiceDesk does not ask again until it restarts.',
      known: { ...known, demo: null },
    })
    expect(notice.message).toBe(
      "Your key was saved for another service address than the one set now, so VoiceDesk does not send it there. Go back to the key's address, or paste the key for this one.",
    )
    expect(notice.details).toBe(
      'Saved for: 127.0.0.1:42311. Set now: 127.0.0.1:43105. You chose not to send the key there; VoiceDesk does not ask again until it restarts.',
    )
  })
})
