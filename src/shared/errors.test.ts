import { describe, expect, it } from 'vitest'
import { AppError, toAppErrorData } from './errors'

describe('toAppErrorData', () => {
  const internal = { message: 'The preview failed unexpectedly. Try again.', retryable: true }

  it('keeps an AppError as it is: code, message, retryable and details', () => {
    const error = new AppError('RATE_LIMITED', 'Slow down.', {
      retryable: true,
      details: { retryAfterMs: 2000, requestId: 'req_1' },
    })
    expect(toAppErrorData(error, internal)).toEqual({
      code: 'RATE_LIMITED',
      message: 'Slow down.',
      retryable: true,
      details: { retryAfterMs: 2000, requestId: 'req_1' },
    })
  })

  it("turns anything else into INTERNAL with the caller's words, never the thrown text", () => {
    for (const thrown of [new Error('ENOENT /home/me/secret'), 'a string', null, undefined]) {
      expect(toAppErrorData(thrown, internal)).toEqual({ code: 'INTERNAL', ...internal })
    }
  })
})
