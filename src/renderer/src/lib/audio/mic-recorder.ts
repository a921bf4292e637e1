import { concatFloat32, encodeWav } from './wav-encoder'

/** A finished recording: a 16-bit mono WAV file and its length. */
export interface Recording {
  wav: Uint8Array
  durationSec: number
}

/** The longest recording kept (a cloning sample needs 10-30 s). */
export const MAX_RECORDING_SEC = 60

/**
 * Records the microphone as raw PCM in the page (Web Audio), reports a level for a meter, and
 * encodes a WAV on stop. Only audio is asked for; the browser's processing (echo cancellation,
 * noise suppression, gain) is turned off because it changes the voice being cloned.
 */
export class MicRecorder {
  #stream: MediaStream | null = null
  #context: AudioContext | null = null
  #processor: ScriptProcessorNode | null = null
  #blocks: Float32Array[] = []
  #frames = 0
  #sampleRate = 48_000

  constructor(
    private readonly onLevel: (level: { rms: number; peak: number; seconds: number }) => void,
    private readonly onLimit: () => void,
  ) {}

  /** Asks for the microphone and starts recording. Rejects with a message a user can act on. */
  async start(): Promise<void> {
    this.cancel()
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: {
          channelCount: 1,
          echoCancellation: false,
          noiseSuppression: false,
          autoGainControl: false,
        },
        video: false,
      })
    } catch (error) {
      throw new Error(microphoneMessage(error))
    }
    const context = new AudioContext()
    const source = context.createMediaStreamSource(stream)
    // Why ScriptProcessor: an AudioWorklet module would need its own script file under the
    // strict CSP; this node is enough for one mono voice track.
    const processor = context.createScriptProcessor(4096, 1, 1)
    processor.onaudioprocess = (event) => {
      const input = event.inputBuffer.getChannelData(0)
      const block = new Float32Array(input)
      this.#blocks.push(block)
      this.#frames += block.length
      let sum = 0
      let peak = 0
      for (let i = 0; i < block.length; i++) {
        const v = block[i] ?? 0
        sum += v * v
        const a = v < 0 ? -v : v
        if (a > peak) peak = a
      }
      const seconds = this.#frames / this.#sampleRate
      this.onLevel({ rms: Math.sqrt(sum / Math.max(1, block.length)), peak, seconds })
      if (seconds >= MAX_RECORDING_SEC) this.onLimit()
    }
    source.connect(processor)
    processor.connect(context.destination)
    this.#stream = stream
    this.#context = context
    this.#processor = processor
    this.#sampleRate = context.sampleRate
    this.#blocks = []
    this.#frames = 0
  }

  /** Stops and returns the WAV; null when nothing was recorded. */
  async stop(): Promise<Recording | null> {
    const blocks = this.#blocks
    const rate = this.#sampleRate
    await this.#release()
    if (blocks.length === 0) return null
    const samples = concatFloat32(blocks)
    return { wav: encodeWav(samples, rate), durationSec: samples.length / rate }
  }

  /** Stops and throws the recording away. */
  cancel(): void {
    void this.#release()
  }

  async #release(): Promise<void> {
    if (this.#processor !== null) this.#processor.onaudioprocess = null
    this.#processor?.disconnect()
    this.#stream?.getTracks().forEach((track) => track.stop())
    const context = this.#context
    this.#processor = null
    this.#stream = null
    this.#context = null
    this.#blocks = []
    this.#frames = 0
    if (context !== null) await context.close().catch(() => undefined)
  }
}

function microphoneMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'VoiceDesk may not use the microphone. Allow microphone access for VoiceDesk in your system settings, then try again.'
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No microphone was found. Connect one, or choose a recorded file instead.'
  if (name === 'NotReadableError')
    return 'The microphone is in use by another program or could not be opened. Close that program and try again.'
  return 'The microphone could not be started. Try again, or choose a recorded file instead.'
}
