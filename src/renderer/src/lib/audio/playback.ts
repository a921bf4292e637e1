/** What a player is doing, for the UI (and for tests, through data attributes). */
export type PlaybackStatus = 'idle' | 'loading' | 'playing' | 'ended' | 'error'

/** A player's status in sentence-case words, as the UI says it. */
export const PLAYBACK_WORDS: Record<PlaybackStatus, string> = {
  idle: 'Stopped',
  loading: 'Loading…',
  playing: 'Playing',
  ended: 'Finished',
  error: 'Could not play',
}

export interface PlaybackSnapshot {
  status: PlaybackStatus
  /** What is playing, in the user's words ("Preview of Emma"). */
  label: string | null
  positionSec: number
  durationSec: number | null
  /** Set when status is `error`. */
  error: string | null
}

export const IDLE_PLAYBACK: PlaybackSnapshot = {
  status: 'idle',
  label: null,
  positionSec: 0,
  durationSec: null,
  error: null,
}

/** A tiny observable value that React reads with useSyncExternalStore. */
export class PlaybackState {
  #snapshot: PlaybackSnapshot = IDLE_PLAYBACK
  readonly #listeners = new Set<() => void>()

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  readonly getSnapshot = (): PlaybackSnapshot => this.#snapshot

  set(patch: Partial<PlaybackSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...patch }
    for (const listener of this.#listeners) listener()
  }

  reset(): void {
    this.#snapshot = IDLE_PLAYBACK
    for (const listener of this.#listeners) listener()
  }
}

/** Wires an audio element's events to a playback state; returns the detach function. */
export function followAudioElement(audio: HTMLAudioElement, state: PlaybackState): () => void {
  const onTime = (): void => {
    const duration = Number.isFinite(audio.duration) ? audio.duration : null
    state.set({ positionSec: audio.currentTime, durationSec: duration })
  }
  const onPlaying = (): void => state.set({ status: 'playing' })
  const onEnded = (): void => state.set({ status: 'ended', positionSec: audio.currentTime })
  const onError = (): void =>
    state.set({ status: 'error', error: 'The audio could not be played by this window.' })
  audio.addEventListener('timeupdate', onTime)
  audio.addEventListener('durationchange', onTime)
  audio.addEventListener('playing', onPlaying)
  audio.addEventListener('ended', onEnded)
  audio.addEventListener('error', onError)
  return () => {
    audio.removeEventListener('timeupdate', onTime)
    audio.removeEventListener('durationchange', onTime)
    audio.removeEventListener('playing', onPlaying)
    audio.removeEventListener('ended', onEnded)
    audio.removeEventListener('error', onError)
  }
}
