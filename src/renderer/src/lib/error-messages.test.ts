import { describe, expect, it } from 'vitest'
import { AppError, ERROR_CODES } from '../../../shared/errors'
import { describeError, fieldError, saysWhatToDo, supportText } from './error-messages'

describe('describeError', () => {
  it('has a title and an action for every closed error code', () => {
    for (const code of ERROR_CODES) {
      const description = describeError(new AppError(code, 'Main said this.'))
      expect(description.code).toBe(code)
      expect(description.title.length, code).toBeGreaterThan(5)
      expect(description.action.length, code).toBeGreaterThan(10)
      expect(description.message).toBe('Main said this.')
    }
  })

  it('keeps the request id, status and service code for the Details disclosure', () => {
    const description = describeError(
      new AppError('AUTH_INVALID', 'Rejected.', {
        details: { requestId: 'req_123', status: 401, upstreamCode: 'unauthorized' },
      }),
    )
    expect(description.requestId).toBe('req_123')
    expect(description.status).toBe(401)
    expect(description.upstreamCode).toBe('unauthorized')
    expect(supportText(description)).toBe(
      [
        'The service did not accept your key: Rejected.',
        'Code: AUTH_INVALID',
        'Request id: req_123',
        'HTTP status: 401',
        'Service code: unauthorized',
      ].join('\n'),
    )
  })

  it('says a render is in the way, not "refresh", when a CONFLICT comes from a running render', () => {
    const busy = describeError(
      new AppError('CONFLICT', 'book.wav is being rendered by VoiceDesk.', {
        details: { renderInProgress: true },
      }),
    )
    expect(busy.title).toBe('This is already being rendered')
    expect(busy.action).toContain('cancel it')
    expect(describeError(new AppError('CONFLICT', 'x')).title).toBe(
      'That conflicts with another change',
    )
  })

  it('says the script changed meanwhile, and that trying again keeps the edits, for a stale revision', () => {
    const stale = describeError(
      new AppError('CONFLICT', 'The script changed while this was on its way.', {
        details: { staleRevision: { seen: 3, current: 4 } },
      }),
    )
    expect(stale.title).toBe('The script changed meanwhile')
    expect(stale.action).toBe(
      'Nothing was done with the older version. Try again: your latest edits are kept.',
    )
  })

  it("says a render's checks stopped it before anything was sent, and lists several problems", () => {
    const one = describeError(
      new AppError(
        'VALIDATION_FAILED',
        "Bob's voice, Dorothy, isn't in your voice list. Choose another voice for Bob in the cast. Nothing was sent to the service.",
        {
          details: {
            preflight: [{ kind: 'voice', message: 'Bob uses…', speaker: 'Bob', block: 3 }],
          },
        },
      ),
    )
    expect(one.title).toBe("This render can't start yet")
    expect(one.action).toBe('Fix it, then start the render.')
    expect(one.message).toContain("Bob's voice, Dorothy, isn't in your voice list.")
    expect(one.problems).toEqual([])
    const two = describeError(
      new AppError('VALIDATION_FAILED', '2 things need fixing… 1. A 2. B', {
        details: {
          preflight: [
            {
              kind: 'voice',
              message: "Bob's voice, Dorothy, isn't in your voice list.",
            },
            {
              kind: 'language',
              message: 'Block 3 uses George for de-DE text, but George speaks en-US.',
            },
          ],
        },
      }),
    )
    expect(two.message).toBe(
      '2 things need fixing before this render can start; nothing was sent to the service.',
    )
    expect(two.problems).toEqual([
      "Bob's voice, Dorothy, isn't in your voice list.",
      'Block 3 uses George for de-DE text, but George speaks en-US.',
    ])
    expect(supportText(two)).toContain(
      '\n2. Block 3 uses George for de-DE text, but George speaks en-US.\nCode: VALIDATION_FAILED',
    )
  })

  it('says a file cannot be opened, not that some input is invalid, when an import is refused', () => {
    const drm = describeError(
      new AppError(
        'VALIDATION_FAILED',
        'bought.epub is protected by DRM: its text is encrypted, so VoiceDesk cannot read it.',
        { details: { unreadableFile: true } },
      ),
    )
    expect(drm.title).toBe('VoiceDesk cannot open this file')
    expect(drm.action).toBe(
      'Open another file, or save this one again in the program that made it.',
    )
    expect(describeError(new AppError('VALIDATION_FAILED', 'x')).title).toBe(
      'Some of the input is not valid',
    )
  })

  it('names a refused pronunciation file, not a field to correct', () => {
    const refused = describeError(
      new AppError(
        'VALIDATION_FAILED',
        '“team.pls” was not used (line 2): it declares a document type or entities, which are not accepted. Nothing was changed. Choose another file, or fix this one and try again.',
        { details: { lexiconFile: { line: 2 } } },
      ),
    )
    expect(refused.title).toBe('This pronunciation file was not used')
    expect(saysWhatToDo(refused.message)).toBe(true)
  })

  it('reads a 404 or a non-5xx odd answer during Verify as a wrong base URL', () => {
    expect(describeError(new AppError('NOT_FOUND', 'x'), 'connection').title).toBe(
      'Wrong service address',
    )
    expect(describeError(new AppError('NOT_FOUND', 'x')).title).toBe('It is no longer there')
    // A call opened by an id the account does not have: never "no longer there".
    expect(describeError(new AppError('NOT_FOUND', 'x'), 'conversation').title).toBe(
      'No call with this id in your account',
    )
    const odd = new AppError('UPSTREAM', 'x', { details: { status: 200 } })
    expect(describeError(odd, 'connection').title).toBe('Wrong service address')
    const down = new AppError('UPSTREAM', 'x', { details: { status: 503 } })
    expect(describeError(down, 'connection').title).toBe('The service had a problem')
  })

  it('shows an input over a limit with the limit main named, and asks for something smaller', () => {
    const message = 'A cast can have at most 500 speakers; this one has 1,000,000.'
    const tooMany = new AppError('VALIDATION_FAILED', message, {
      details: { fields: { 'project.cast': message }, limit: { maximum: 500 } },
    })
    const description = describeError(tooMany)
    expect(description.message).toBe(message)
    expect(description.title).toBe('This is more than VoiceDesk accepts')
    expect(description.action).toContain('Make it smaller')
    expect(describeError(new AppError('VALIDATION_FAILED', 'Bad.')).action).toContain(
      'Correct the highlighted field',
    )
  })

  it('says how long to wait when the service sent Retry-After', () => {
    const limited = new AppError('RATE_LIMITED', 'Slow down.', { details: { retryAfterMs: 2500 } })
    expect(describeError(limited).action).toContain('Wait 3 s')
  })

  it('names the scope a token lacks', () => {
    const scope = new AppError('SCOPE_MISSING', 'No.', {
      details: { requiredScope: 'audio:speech' },
    })
    expect(describeError(scope).action).toContain('"audio:speech"')
  })

  it('turns anything that is not an AppError into INTERNAL without leaking its text', () => {
    const description = describeError(new Error('sk_secret_in_a_stack_trace'))
    expect(description.code).toBe('INTERNAL')
    expect(JSON.stringify(description)).not.toContain('sk_secret')
  })
})

describe('saysWhatToDo', () => {
  it('spots an instruction sentence in the message', () => {
    expect(saysWhatToDo('Could not reach x. Check your internet connection.')).toBe(true)
    expect(saysWhatToDo('Paste a new token before then.')).toBe(true)
    expect(saysWhatToDo("VoiceDesk can't write to /x. Choose another folder.")).toBe(true)
    expect(saysWhatToDo('The disk is full. Free some space, then try again.')).toBe(true)
    expect(saysWhatToDo('The request was not valid.')).toBe(false)
    expect(saysWhatToDo('Something went wrong while checking the key.')).toBe(false)
  })
})

describe('fieldError', () => {
  it('returns the field message of a VALIDATION_FAILED error only', () => {
    const invalid = new AppError('VALIDATION_FAILED', 'Bad.', {
      details: { fields: { baseUrl: 'must use https://' } },
    })
    expect(fieldError(invalid, 'baseUrl')).toBe('must use https://')
    expect(fieldError(invalid, 'apiKey')).toBeNull()
    expect(fieldError(new AppError('NETWORK', 'x'), 'baseUrl')).toBeNull()
    expect(fieldError(null, 'baseUrl')).toBeNull()
  })
})
