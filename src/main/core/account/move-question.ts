import { AppError } from '../../../shared/errors'
import type { Clock } from '../clock'
import type { Logger } from '../log/logger'
import type { CredentialMove } from './credential-binding'
import { hostOf } from './credential-binding'

/** Refusal of a base URL change while the user is still answering the move question. */
function questionStillOpen(): AppError {
  return new AppError(
    'CONFLICT',
    'VoiceDesk is already asking whether to send the saved key to another address. Answer that question first, then change the base URL again.',
  )
}

/** After a question is answered, no other is raised for this long (on the injected clock). */
export const MOVE_QUESTION_COOLDOWN_MS = 30_000

/** After this many refusals in a row, no question is raised again until VoiceDesk restarts. */
export const MOVE_QUESTION_MAX_REFUSALS = 3

/**
 * The native "send the saved key to another address?" question, bounded: one at a time, at most
 * one per cooldown, none after three refusals in a row, and never again this session about an
 * address the user refused. Why bounded: the page chooses the addresses, and must not be able to
 * raise native dialogs without end until the user clicks yes by mistake.
 */
export class MoveQuestion {
  /** True while the question is on screen. */
  #open = false
  /** Origins the user refused the saved key to this session. */
  readonly #declined = new Set<string>()
  /** Origins a question was NOT raised for, because of the cooldown or the refusals. */
  readonly #held = new Set<string>()
  /** When the last question was answered (clock ms), or null. */
  #answeredAt: number | null = null
  #refusalsInARow = 0

  readonly #logger: Logger
  readonly #clock: Clock

  constructor(logger: Logger, clock: Clock) {
    this.#logger = logger
    this.#clock = clock
  }

  /** Whether the user refused the saved key to `origin` this session. */
  declined(origin: string): boolean {
    return this.#declined.has(origin)
  }

  /**
   * `problem` (the key belongs elsewhere) with why no question about `origin` will come: the
   * user refused it, or the bound held the question back.
   */
  explain(problem: AppError, origin: string): AppError {
    const host = hostOf(origin)
    if (this.#declined.has(origin)) {
      const declined = `${problem.message} You chose not to send it to ${host}; VoiceDesk does not ask again until it restarts.`
      return new AppError('AUTH_MISSING', declined)
    }
    if (this.#held.has(origin)) {
      const held = `${problem.message} VoiceDesk did not ask about sending it there: it asks at most once every 30 seconds, and not at all after three refusals until it restarts.`
      return new AppError('AUTH_MISSING', held)
    }
    return problem
  }

  /**
   * Why no question about `origin` will come, for the notice's Details (the hosts are beside it
   * there), or null when one may.
   */
  noQuestionWords(origin: string): string | null {
    if (this.#declined.has(origin))
      return 'You chose not to send the key there; VoiceDesk does not ask again until it restarts.'
    if (this.#held.has(origin))
      return 'VoiceDesk did not ask about sending it there: it asks at most once every 30 seconds, and not at all after three refusals until it restarts.'
    return null
  }

  /**
   * Refuses (CONFLICT) while a question is on screen. Why one at a time: the page must not
   * stack native dialogs naming hosts of its choosing, nor change the address under a question
   * the user is still reading.
   */
  ensureNoneOpen(): void {
    if (this.#open) throw questionStillOpen()
  }

  #mayAsk(): boolean {
    if (this.#refusalsInARow >= MOVE_QUESTION_MAX_REFUSALS) return false
    return (
      this.#answeredAt === null || this.#clock.now() - this.#answeredAt >= MOVE_QUESTION_COOLDOWN_MS
    )
  }

  /**
   * Asks through `confirm`; true when the user lets the key go to `move.to`. Within the bound's
   * quiet time the answer is "no" without any dialog: the key stays where it was.
   */
  async ask(
    move: CredentialMove,
    confirm: (move: CredentialMove) => Promise<boolean>,
  ): Promise<boolean> {
    if (!this.#mayAsk()) {
      this.#held.add(move.to)
      this.#logger.info('move question held back', { to: move.to })
      return false
    }
    this.#held.delete(move.to)
    this.#open = true
    let yes = false
    try {
      yes = await confirm(move)
    } finally {
      this.#open = false
      this.#answeredAt = this.#clock.now()
    }
    if (yes) {
      this.#refusalsInARow = 0
      this.#logger.info('credential moved to a new address', { to: move.to })
      return true
    }
    // Declined once: not asked again this session, so the page cannot wear the user down.
    this.#refusalsInARow += 1
    this.#declined.add(move.to)
    return false
  }
}
