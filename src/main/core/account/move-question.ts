import { AppError } from '../../../shared/errors'
import type { Logger } from '../log/logger'
import type { CredentialMove } from './credential-binding'

/** Refusal of a base URL change while the user is still answering the move question. */
function questionStillOpen(): AppError {
  return new AppError(
    'CONFLICT',
    'VoiceDesk is already asking whether to send the saved key to another address. Answer that question first, then change the base URL again.',
  )
}

/**
 * The native "send the saved key to another address?" question: one at a time, and never
 * asked again this session about an address the user refused.
 */
export class MoveQuestion {
  /** True while the question is on screen. */
  #open = false
  /** Origins the user refused the saved key to this session. */
  readonly #declined = new Set<string>()

  readonly #logger: Logger

  constructor(logger: Logger) {
    this.#logger = logger
  }

  /** Whether the user refused the saved key to `origin` this session. */
  declined(origin: string): boolean {
    return this.#declined.has(origin)
  }

  /**
   * Refuses (CONFLICT) while a question is on screen. Why one at a time: the page must not
   * stack native dialogs naming hosts of its choosing, nor change the address under a question
   * the user is still reading.
   */
  ensureNoneOpen(): void {
    if (this.#open) throw questionStillOpen()
  }

  /** Asks through `confirm`; true when the user lets the key go to `move.to`. */
  async ask(
    move: CredentialMove,
    confirm: (move: CredentialMove) => Promise<boolean>,
  ): Promise<boolean> {
    this.#open = true
    let yes = false
    try {
      yes = await confirm(move)
    } finally {
      this.#open = false
    }
    if (yes) this.#logger.info('credential moved to a new address', { to: move.to })
    // Declined once: not asked again this session, so the page cannot wear the user down.
    else this.#declined.add(move.to)
    return yes
  }
}
