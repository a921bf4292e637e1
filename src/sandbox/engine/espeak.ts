import { concatSamples, int16ToFloat } from '../audio/pcm.js'

/** The engine's native sample rate. */
export const ESPEAK_SAMPLE_RATE = 22_050

/** An event reported by the engine while it synthesizes. */
export interface EspeakEvent {
  type: string
  audio_position: number
  text_position: number
  word_length: number
  id?: string | number
}

/** The parts of the Emscripten eSpeak-NG worker object the sandbox uses. */
interface EspeakWorker {
  set_voice(name: string): number
  set_rate(wordsPerMinute: number): void
  set_pitch(pitch: number): void
  set_range(range: number): void
  synthesize(
    text: string,
    callback: (samples: Int16Array | undefined, events: EspeakEvent[]) => boolean | void,
  ): void
}

/** Engine settings of one voice: an eSpeak-NG voice name (with variant), pitch, pitch range, rate, gain. */
export interface EngineVoice {
  espeakVoice: string
  /** Base pitch, 0-99. */
  pitch: number
  /** Pitch range (intonation), 0-99. */
  range: number
  /** Words per minute. */
  rate: number
  /** Linear output gain. */
  gain: number
}

let worker: Promise<EspeakWorker> | undefined

function isEspeakWorker(value: unknown): value is EspeakWorker {
  return (
    typeof value === 'object' && value !== null && 'synthesize' in value && 'set_voice' in value
  )
}

// Why a single cached instance per thread: loading the WASM module and its 24 MB voice data takes
// ~100 ms, and synthesis is synchronous, so one instance cannot be used by two requests at once.
async function loadWorker(): Promise<EspeakWorker> {
  const { default: initialize } = await import('@echogarden/espeak-ng-emscripten')
  const instance = await initialize()
  const created = new instance.eSpeakNGWorker()
  if (!isEspeakWorker(created)) throw new Error('unexpected eSpeak-NG module shape')
  return created
}

/** Returns this thread's engine instance, loading it on first use. */
export function espeak(): Promise<EspeakWorker> {
  worker ??= loadWorker()
  return worker
}

/** Synthesizes engine markup (SSML with `<mark>`s) with the given settings; returns samples and events. */
export async function synthesizeMarkup(
  markup: string,
  settings: Pick<EngineVoice, 'espeakVoice' | 'pitch' | 'range' | 'rate'>,
): Promise<{ samples: Float32Array; events: EspeakEvent[] }> {
  const engine = await espeak()
  engine.set_voice(settings.espeakVoice)
  engine.set_rate(Math.round(Math.min(450, Math.max(80, settings.rate))))
  engine.set_pitch(Math.round(Math.min(99, Math.max(0, settings.pitch))))
  engine.set_range(Math.round(Math.min(99, Math.max(0, settings.range))))
  const chunks: Float32Array[] = []
  const events: EspeakEvent[] = []
  engine.synthesize(markup, (samples, chunkEvents) => {
    if (samples && samples.length > 0) chunks.push(int16ToFloat(samples))
    events.push(...chunkEvents)
    return false
  })
  const samples = concatSamples(chunks)
  return { samples, events }
}
