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

/**
 * Parses SSML into runs. Supports `<speak>`, `<break>`, `<prosody rate pitch volume>`, `<sub alias>`;
 * every other tag is ignored and its text spoken. Throws SsmlError for malformed markup.
 */
export function parseSsml(input: string): SpeechRun[] {
  const runs: SpeechRun[] = []
  const stack: Frame[] = []
  let sawRoot = false
  let current: TextRun | null = null
  const prosody = (): Prosody => stack.at(-1)?.prosody ?? NEUTRAL
  const inAlias = (): boolean => stack.some((frame) => frame.alias !== undefined)
  const pushChar = (char: string, start: number, end: number): void => {
    if (stack.length === 0) {
      if (/\s/.test(char)) return
      throw new SsmlError(`text outside the <speak> root at offset ${start}`)
    }
    if (inAlias()) return
    if (!current || current.prosody !== prosody()) {
      current = { kind: 'text', text: '', ranges: [], prosody: prosody() }
      runs.push(current)
    }
    current.text += char
    current.ranges.push([start, end])
  }

  let i = 0
  while (i < input.length) {
    const char = input[i] ?? ''
    if (char === '<') {
      if (input.startsWith('<!--', i)) {
        const end = input.indexOf('-->', i + 4)
        if (end < 0) throw new SsmlError(`unterminated comment at offset ${i}`)
        i = end + 3
        continue
      }
      if (input.startsWith('<?', i)) {
        const end = input.indexOf('?>', i + 2)
        if (end < 0 || sawRoot)
          throw new SsmlError(`misplaced processing instruction at offset ${i}`)
        i = end + 2
        continue
      }
      TAG.lastIndex = i
      const match = TAG.exec(input)
      if (!match) throw new SsmlError(`malformed tag at offset ${i}`)
      const [whole, closing, rawName, rawAttributes, selfClosing] = match
      const name = (rawName ?? '').toLowerCase()
      const attributes = new Map<string, string>()
      for (const attribute of (rawAttributes ?? '').matchAll(ATTRIBUTE)) {
        attributes.set((attribute[1] ?? '').toLowerCase(), attribute[2] ?? attribute[3] ?? '')
      }
      const tagEnd = i + whole.length
      if (closing) {
        const open = stack.pop()
        if (!open || open.name !== name) throw new SsmlError(`unexpected </${name}> at offset ${i}`)
        if (open.alias !== undefined && open.aliasStart !== undefined && !inAlias()) {
          const range: [number, number] = [open.aliasStart, i]
          runs.push({
            kind: 'text',
            text: input.slice(open.aliasStart, i),
            ranges: [range],
            prosody: prosody(),
            alias: open.alias,
          })
        }
        current = null
      } else {
        if (stack.length === 0) {
          if (sawRoot || name !== 'speak')
            throw new SsmlError(`the root element must be a single <speak>, found <${name}>`)
          sawRoot = true
        }
        if (name === 'break') {
          if (!inAlias()) runs.push({ kind: 'break', ms: parseBreak(attributes) })
        } else if (!selfClosing) {
          const frame: Frame = {
            name,
            prosody: name === 'prosody' ? parseProsody(attributes, prosody()) : prosody(),
          }
          if (name === 'sub') {
            const alias = attributes.get('alias')
            if (alias === undefined) throw new SsmlError(`<sub> without alias at offset ${i}`)
            frame.alias = alias
            frame.aliasStart = tagEnd
          }
          stack.push(frame)
        }
        current = null
      }
      i = tagEnd
      continue
    }
    if (char === '&') {
      ENTITY.lastIndex = i
      const match = ENTITY.exec(input)
      if (!match) throw new SsmlError(`unescaped "&" at offset ${i}`)
      const decoded = match[1]
        ? (NAMED[match[1]] ?? '')
        : String.fromCodePoint(match[2] ? Number(match[2]) : Number.parseInt(match[3] ?? '0', 16))
      pushChar(decoded, i, i + match[0].length)
      i += match[0].length
      continue
    }
    pushChar(char, i, i + 1)
    i += 1
  }
  if (!sawRoot) throw new SsmlError('no <speak> root element')
  if (stack.length > 0) throw new SsmlError(`<${stack.at(-1)?.name ?? ''}> is never closed`)
  return runs
}

/** Wraps plain text as a single run whose characters map one to one onto the input. */
export function plainTextRuns(input: string): SpeechRun[] {
  const ranges: Array<[number, number]> = []
  for (let i = 0; i < input.length; i++) ranges.push([i, i + 1])
  return [{ kind: 'text', text: input, ranges, prosody: NEUTRAL }]
}
