/** Multipliers applied to a voice's own rate, pitch and volume by `<prosody>`. */
export interface Prosody {
  rate: number
  pitch: number
  volume: number
}

/** A run of decoded text with, for each character, its range in the original input. */
export interface TextRun {
  kind: 'text'
  text: string
  /** `[start, end)` in the input for each character of `text` (an entity maps to its whole reference). */
  ranges: Array<[number, number]>
  prosody: Prosody
  /** Set for `<sub alias>`: speak this instead of `text`, as one unit covering `text`'s range. */
  alias?: string
}

/** A pause of `ms` milliseconds. */
export interface BreakRun {
  kind: 'break'
  ms: number
}

/** Parsed speech content: text runs and breaks in reading order. */
export type SpeechRun = TextRun | BreakRun

/** Raised for SSML that cannot be read; the message names the problem and its offset. */
export class SsmlError extends Error {}

const NEUTRAL: Prosody = { rate: 1, pitch: 1, volume: 1 }

/** The service's style element; its `emotion` attribute asks the voice for a style. */
export const STYLE_ELEMENT = 'speechify:style'

/**
 * Each emotion the service accepts, as the rate, pitch and volume the sandbox gives it (each pair
 * of rate and pitch different), so a preview in development sounds each one differently.
 */
export const EMOTION_PROSODY: Readonly<Record<string, Prosody>> = {
  angry: { rate: 1.15, pitch: 0.95, volume: 1.4 },
  cheerful: { rate: 1.1, pitch: 1.2, volume: 1.1 },
  sad: { rate: 0.8, pitch: 0.85, volume: 0.8 },
  terrified: { rate: 1.3, pitch: 1.3, volume: 1 },
  relaxed: { rate: 0.85, pitch: 0.95, volume: 0.85 },
  fearful: { rate: 1.2, pitch: 1.15, volume: 0.9 },
  surprised: { rate: 1.1, pitch: 1.3, volume: 1.15 },
  calm: { rate: 0.9, pitch: 0.9, volume: 0.9 },
  assertive: { rate: 1.05, pitch: 0.9, volume: 1.25 },
  energetic: { rate: 1.25, pitch: 1.1, volume: 1.2 },
  warm: { rate: 0.95, pitch: 1.05, volume: 1 },
  direct: { rate: 1.05, pitch: 1, volume: 1.1 },
  bright: { rate: 1.12, pitch: 1.17, volume: 1.05 },
}

function styleProsody(attributes: Map<string, string>, outer: Prosody): Prosody {
  const emotion = attributes.get('emotion')
  const style = emotion === undefined ? undefined : EMOTION_PROSODY[emotion.toLowerCase()]
  if (style === undefined) {
    throw new SsmlError(
      `unknown emotion "${emotion ?? ''}"; one of ${Object.keys(EMOTION_PROSODY).join(', ')}`,
    )
  }
  return {
    rate: outer.rate * style.rate,
    pitch: outer.pitch * style.pitch,
    volume: outer.volume * style.volume,
  }
}

/** The emotions an input's style elements ask for (lower case, each once). */
export function emotionsIn(input: string): string[] {
  const found = new Set<string>()
  const pattern = /<speechify:style\b[^>]*?\bemotion\s*=\s*(?:"([^"]*)"|'([^']*)')/gi
  for (const m of input.matchAll(pattern)) found.add((m[1] ?? m[2] ?? '').toLowerCase())
  return [...found]
}
const MAX_BREAK_MS = 10_000
const TAG =
  /<(\/)?([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/)?>/y
const ATTRIBUTE = /([A-Za-z_][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/y
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** True when the input is SSML (starts with a `<speak>` root) rather than plain text. */
export function isSsml(input: string): boolean {
  return /^\s*(<\?xml[^>]*\?>\s*)?<speak[\s>/]/.test(input)
}

function percentOrFactor(value: string, named: Record<string, number>, what: string): number {
  const trimmed = value.trim().toLowerCase()
  const fromName = named[trimmed]
  if (fromName !== undefined) return fromName
  const relative = /^([+-]\d+(?:\.\d+)?)%$/.exec(trimmed)
  if (relative?.[1]) return 1 + Number(relative[1]) / 100
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(trimmed)
  if (percent?.[1]) return Number(percent[1]) / 100
  const factor = /^(\d+(?:\.\d+)?)$/.exec(trimmed)
  if (factor?.[1]) return Number(factor[1])
  throw new SsmlError(`invalid ${what} value "${value}"`)
}

function parseProsody(attributes: Map<string, string>, outer: Prosody): Prosody {
  const next = { ...outer }
  const rate = attributes.get('rate')
  if (rate !== undefined) {
    const named = { 'x-slow': 0.5, slow: 0.75, medium: 1, default: 1, fast: 1.25, 'x-fast': 1.5 }
    next.rate = Math.min(
      4,
      Math.max(0.2, outer.rate * percentOrFactor(rate, named, 'prosody rate')),
    )
  }
  const pitch = attributes.get('pitch')
  if (pitch !== undefined) {
    const semitones = /^([+-]?\d+(?:\.\d+)?)st$/i.exec(pitch.trim())
    const named = { 'x-low': 0.7, low: 0.85, medium: 1, default: 1, high: 1.15, 'x-high': 1.3 }
    const factor = semitones?.[1]
      ? 2 ** (Number(semitones[1]) / 12)
      : percentOrFactor(pitch, named, 'prosody pitch')
    next.pitch = Math.min(2, Math.max(0.3, outer.pitch * factor))
  }
  const volume = attributes.get('volume')
  if (volume !== undefined) {
    const decibels = /^([+-]?\d+(?:\.\d+)?)dB$/i.exec(volume.trim())
    const named = {
      silent: 0,
      'x-soft': 0.25,
      soft: 0.5,
      medium: 1,
      default: 1,
      loud: 1.5,
      'x-loud': 2,
    }
    const factor = decibels?.[1]
      ? 10 ** (Number(decibels[1]) / 20)
      : percentOrFactor(volume, named, 'prosody volume')
    next.volume = Math.min(4, Math.max(0, outer.volume * factor))
  }
  return next
}

function parseBreak(attributes: Map<string, string>): number {
  const time = attributes.get('time')
  if (time !== undefined) {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s)\s*$/i.exec(time)
    if (!match?.[1] || !match[2]) throw new SsmlError(`invalid break time "${time}"`)
    const ms = Number(match[1]) * (match[2].toLowerCase() === 's' ? 1000 : 1)
    return Math.min(MAX_BREAK_MS, ms)
  }
  const strengths: Record<string, number> = {
    none: 0,
    'x-weak': 100,
    weak: 250,
    medium: 500,
    strong: 750,
    'x-strong': 1000,
  }
  const strength = attributes.get('strength') ?? 'medium'
  const ms = strengths[strength]
  if (ms === undefined) throw new SsmlError(`invalid break strength "${strength}"`)
  return ms
}

interface Frame {
  name: string
  prosody: Prosody
  aliasStart?: number
  alias?: string
}

/** One tag as written: its lower-case name, attributes, and where it ends in the input. */
interface Tag {
  name: string
  closing: boolean
  selfClosing: boolean
  attributes: Map<string, string>
  end: number
}

function readTag(input: string, at: number): Tag {
  TAG.lastIndex = at
  const match = TAG.exec(input)
  if (!match) throw new SsmlError(`malformed tag at offset ${at}`)
  const [whole, closing, rawName, rawAttributes, selfClosing] = match
  const attributes = new Map<string, string>()
  for (const attribute of (rawAttributes ?? '').matchAll(ATTRIBUTE)) {
    attributes.set((attribute[1] ?? '').toLowerCase(), attribute[2] ?? attribute[3] ?? '')
  }
  return {
    name: (rawName ?? '').toLowerCase(),
    closing: Boolean(closing),
    selfClosing: Boolean(selfClosing),
    attributes,
    end: at + whole.length,
  }
}

/** Decodes the entity reference at `at`: the character it stands for and the reference's length. */
function readEntity(input: string, at: number): { char: string; length: number } {
  ENTITY.lastIndex = at
  const match = ENTITY.exec(input)
  if (!match) throw new SsmlError(`unescaped "&" at offset ${at}`)
  const char = match[1]
    ? (NAMED[match[1]] ?? '')
    : String.fromCodePoint(match[2] ? Number(match[2]) : Number.parseInt(match[3] ?? '0', 16))
  return { char, length: match[0].length }
}

/** Reads one SSML input from start to end, collecting runs as its elements open and close. */
class SsmlReader {
  readonly runs: SpeechRun[] = []
  private readonly stack: Frame[] = []
  private sawRoot = false
  private current: TextRun | null = null

  constructor(private readonly input: string) {}

  read(): SpeechRun[] {
    const { input } = this
    let i = 0
    while (i < input.length) {
      const char = input[i] ?? ''
      if (char === '<') {
        i = this.readMarkup(i)
      } else if (char === '&') {
        const entity = readEntity(input, i)
        this.pushChar(entity.char, i, i + entity.length)
        i += entity.length
      } else {
        this.pushChar(char, i, i + 1)
        i += 1
      }
    }
    if (!this.sawRoot) throw new SsmlError('no <speak> root element')
    if (this.stack.length > 0)
      throw new SsmlError(`<${this.stack.at(-1)?.name ?? ''}> is never closed`)
    return this.runs
  }

  private prosody(): Prosody {
    return this.stack.at(-1)?.prosody ?? NEUTRAL
  }

  private inAlias(): boolean {
    return this.stack.some((frame) => frame.alias !== undefined)
  }

  private pushChar(char: string, start: number, end: number): void {
    if (this.stack.length === 0) {
      if (/\s/.test(char)) return
      throw new SsmlError(`text outside the <speak> root at offset ${start}`)
    }
    if (this.inAlias()) return
    if (!this.current || this.current.prosody !== this.prosody()) {
      this.current = { kind: 'text', text: '', ranges: [], prosody: this.prosody() }
      this.runs.push(this.current)
    }
    this.current.text += char
    this.current.ranges.push([start, end])
  }

  /** Reads a comment, processing instruction or tag at `i`; returns the offset after it. */
  private readMarkup(i: number): number {
    const { input } = this
    if (input.startsWith('<!--', i)) {
      const end = input.indexOf('-->', i + 4)
      if (end < 0) throw new SsmlError(`unterminated comment at offset ${i}`)
      return end + 3
    }
    if (input.startsWith('<?', i)) {
      const end = input.indexOf('?>', i + 2)
      if (end < 0 || this.sawRoot)
        throw new SsmlError(`misplaced processing instruction at offset ${i}`)
      return end + 2
    }
    const tag = readTag(input, i)
    if (tag.closing) this.close(tag, i)
    else this.open(tag, i)
    this.current = null
    return tag.end
  }

  private close(tag: Tag, at: number): void {
    const open = this.stack.pop()
    if (!open || open.name !== tag.name)
      throw new SsmlError(`unexpected </${tag.name}> at offset ${at}`)
    if (open.alias !== undefined && open.aliasStart !== undefined && !this.inAlias()) {
      this.runs.push({
        kind: 'text',
        text: this.input.slice(open.aliasStart, at),
        ranges: [[open.aliasStart, at]],
        prosody: this.prosody(),
        alias: open.alias,
      })
    }
  }

  private open(tag: Tag, at: number): void {
    const { name, attributes } = tag
    if (this.stack.length === 0) {
      if (this.sawRoot || name !== 'speak')
        throw new SsmlError(`the root element must be a single <speak>, found <${name}>`)
      this.sawRoot = true
    }
    if (name === 'break') {
      if (!this.inAlias()) this.runs.push({ kind: 'break', ms: parseBreak(attributes) })
      return
    }
    if (tag.selfClosing) return
    const outer = this.prosody()
    const frame: Frame = {
      name,
      prosody:
        name === 'prosody'
          ? parseProsody(attributes, outer)
          : name === STYLE_ELEMENT
            ? styleProsody(attributes, outer)
            : outer,
    }
    if (name === 'sub') {
      const alias = attributes.get('alias')
      if (alias === undefined) throw new SsmlError(`<sub> without alias at offset ${at}`)
      frame.alias = alias
      frame.aliasStart = tag.end
    }
    this.stack.push(frame)
  }
}

/**
 * Parses SSML into runs. Supports `<speak>`, `<break>`, `<prosody rate pitch volume>`, `<sub alias>`,
 * the style element with an `emotion` (an unknown emotion is an SsmlError);
 * every other tag is ignored and its text spoken. Throws SsmlError for malformed markup.
 */
export function parseSsml(input: string): SpeechRun[] {
  return new SsmlReader(input).read()
}

/** Wraps plain text as a single run whose characters map one to one onto the input. */
export function plainTextRuns(input: string): SpeechRun[] {
  const ranges: Array<[number, number]> = []
  for (let i = 0; i < input.length; i++) ranges.push([i, i + 1])
  return [{ kind: 'text', text: input, ranges, prosody: NEUTRAL }]
}
