import { ElementPlayer } from './element-player'

/**
 * Plays audio that arrives in pieces (a streamed synthesis) as it arrives, through MediaSource on a
 * blob: URL. Chunks must be given in order with their sequence numbers; a gap is an error, never
 * silently skipped. Where the page cannot stream the type, the chunks are kept and played whole
 * when the stream ends. Reused by the Script workspace for previews.
 */
export class StreamPlayer extends ElementPlayer {
  readonly #mimeType: string
  #source: MediaSource | null = null
  #buffer: SourceBuffer | null = null
  #queue: Uint8Array[] = []
  #held: Uint8Array[] = []
  #nextSeq = 0
  #ended = false
  #bytes = 0

  constructor(mimeType = 'audio/mpeg') {
    super()
    this.#mimeType = mimeType
  }

  /** True when this page can play the type while it streams (otherwise it plays at the end). */
  get streams(): boolean {
    return typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(this.#mimeType)
  }

  /** Bytes received in the current stream. */
  get bytesReceived(): number {
    return this.#bytes
  }

  /**
   * Starts a new stream. Call it from the click that asked for audio: play() is started at once
   * so the window's autoplay rule sees the user's gesture.
   */
  begin(label: string): void {
    this.stop()
    this.state.set({ status: 'loading', label, positionSec: 0, durationSec: null, error: null })
    if (!this.streams) return
    const audio = new Audio()
    const source = new MediaSource()
    const url = URL.createObjectURL(source)
    this.#source = source
    this.attach(audio, url)
    source.addEventListener(
      'sourceopen',
      () => {
        if (this.#source !== source) return
        const buffer = source.addSourceBuffer(this.#mimeType)
        buffer.mode = 'sequence'
        buffer.addEventListener('updateend', () => this.#pump())
        buffer.addEventListener('error', () => this.fail('The audio could not be decoded.'))
        this.#buffer = buffer
        this.#pump()
      },
      { once: true },
    )
    audio.src = url
    audio.play().catch((error: unknown) => {
      if (this.audio !== audio) return
      if (error instanceof DOMException && error.name === 'AbortError') return
      this.fail('The window did not allow sound to start. Try again.')
    })
  }

  /** Adds the next chunk; `seq` must be the one after the previous chunk's. */
  push(chunk: Uint8Array, seq: number): void {
    if (this.state.getSnapshot().status === 'error' || this.#ended) return
    if (seq !== this.#nextSeq) {
      this.fail(`Part of the audio went missing (expected piece ${this.#nextSeq}, got ${seq}).`)
      return
    }
    this.#nextSeq++
    this.#bytes += chunk.byteLength
    if (!this.streams) {
      this.#held.push(chunk)
      return
    }
    this.#queue.push(chunk)
    this.#pump()
  }

  /** The stream is complete: play out what is buffered, then end. */
  finish(): void {
    this.#ended = true
    if (!this.streams) {
      this.#playHeld()
      return
    }
    this.#pump()
  }

  /** The stream failed: stop and show why. */
  fail(message: string): void {
    const label = this.state.getSnapshot().label
    this.stop()
    this.state.set({ status: 'error', label, error: message })
  }

  /** Stops and releases everything; the state goes back to idle. */
  stop(): void {
    this.release()
    this.#source = null
    this.#buffer = null
    this.#queue = []
    this.#held = []
    this.#nextSeq = 0
    this.#ended = false
    this.#bytes = 0
    this.state.reset()
  }

  #pump(): void {
    const buffer = this.#buffer
    const source = this.#source
    if (buffer === null || source === null || buffer.updating) return
    const next = this.#queue.shift()
    if (next !== undefined) {
      try {
        buffer.appendBuffer(next.slice().buffer)
      } catch {
        this.fail('The audio could not be buffered for playback.')
      }
      return
    }
    if (this.#ended && source.readyState === 'open') source.endOfStream()
  }

  #playHeld(): void {
    const blob = new Blob(
      this.#held.map((c) => c.slice().buffer),
      { type: this.#mimeType },
    )
    const audio = new Audio()
    const url = URL.createObjectURL(blob)
    this.attach(audio, url)
    audio.src = url
    audio.play().catch(() => this.fail('This audio could not be played.'))
  }
}
