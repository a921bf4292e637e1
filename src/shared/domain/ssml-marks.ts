import type { MarkedText } from './text-mark-edits'
import type { TextMark } from './text-marks'
import {
  EMOTIONS,
  EMPHASIS_LEVELS,
  normalizeMarks,
  PITCH_LEVELS,
  RATE_LEVELS,
  STYLE_ELEMENT,
  VOLUME_LEVELS,
} from './text-marks'

const TAG =
  /<(\/)?([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/)?>/y
const ATTRIBUTE = /([A-Za-z_][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/y
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const STRENGTH_MS: Record<string, number> = {
  'x-weak': 100,
  weak: 250,
  medium: 500,
  strong: 750,
  'x-strong': 1000,
}

type Pending = Omit<TextMark, 'start' | 'end'>

/** The marks one opening element stands for; null when marks cannot say it. */
function marksOfElement(name: string, attributes: Map<string, string>): Pending[] | null {
  const one = (list: readonly string[], value: string | undefined): string | null =>
    value !== undefined && list.includes(value) ? value : null
  if (name === 'emphasis') {
    const level = one(EMPHASIS_LEVELS, attributes.get('level') ?? 'moderate')
    return level === null ? null : [{ kind: 'emphasis', value: level } as Pending]
  }
  if (name === STYLE_ELEMENT) {
    const emotion = one(EMOTIONS, attributes.get('emotion'))
    return emotion === null || attributes.size !== 1
      ? null
      : [{ kind: 'emotion', value: emotion } as Pending]
  }
  if (name === 'sub') {
    const alias = attributes.get('alias')?.trim()
    return alias ? [{ kind: 'alias', value: alias } as Pending] : null
  }
  if (name !== 'prosody') return null
  const out: Pending[] = []
  const lists = { rate: RATE_LEVELS, pitch: PITCH_LEVELS, volume: VOLUME_LEVELS } as const
  for (const [key, value] of attributes) {
    const list = lists[key as keyof typeof lists] as readonly string[] | undefined
    if (list === undefined) return null
    if (value === 'medium' || value === 'default') continue
    if (!list.includes(value)) return null
    out.push({ kind: key, value } as Pending)
  }
  return out
}

function breakMs(attributes: Map<string, string>): number | null {
  const time = attributes.get('time')
  if (time !== undefined) {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s)\s*$/i.exec(time)
    if (!match) return null
    const ms = Math.round(Number(match[1]) * (match[2]!.toLowerCase() === 's' ? 1000 : 1))
    return ms >= 1 && ms <= 10_000 ? ms : null
  }
  return STRENGTH_MS[attributes.get('strength') ?? 'medium'] ?? null
}

function readAttributes(raw: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const a of raw.matchAll(ATTRIBUTE)) out.set((a[1] ?? '').toLowerCase(), a[2] ?? a[3] ?? '')
  return out
}

/**
 * An SSML block as plain text with marks ("Turn into marks"): emphasis, the style element's
 * emotion, prosody's named rate, pitch and volume, `<sub alias>` and `<break>` become marks,
 * entities are decoded. Null when the block says something marks cannot (another element, a
 * value such as `rate="83%"`, markup that does not nest): that block stays SSML.
 */
export function marksOfSsml(ssml: string): MarkedText | null {
  let text = ''
  const marks: TextMark[] = []
  const stack: { name: string; start: number; marks: Pending[] }[] = []
  let i = 0
  while (i < ssml.length) {
    const char = ssml[i]!
    if (char === '&') {
      ENTITY.lastIndex = i
      const m = ENTITY.exec(ssml)
      if (!m) return null
      text += m[1]
        ? NAMED[m[1]]!
        : String.fromCodePoint(m[2] ? Number(m[2]) : Number.parseInt(m[3] ?? '0', 16))
      i += m[0].length
      continue
    }
    if (char !== '<') {
      text += char
      i += 1
      continue
    }
    if (ssml.startsWith('<!--', i) || ssml.startsWith('<?', i)) {
      const close = ssml.startsWith('<!--', i) ? '-->' : '?>'
      const end = ssml.indexOf(close, i)
      if (end < 0) return null
      i = end + close.length
      continue
    }
    TAG.lastIndex = i
    const m = TAG.exec(ssml)
    if (!m) return null
    i += m[0].length
    const name = (m[2] ?? '').toLowerCase()
    const attributes = readAttributes(m[3] ?? '')
    if (name === 'speak') continue
    if (name === 'break') {
      const ms = breakMs(attributes)
      if (ms === null) return null
      marks.push({ kind: 'pause', start: text.length, end: text.length, ms })
      continue
    }
    if (m[1]) {
      const open = stack.pop()
      if (open?.name !== name) return null
      for (const p of open.marks)
        marks.push({ ...p, start: open.start, end: text.length } as TextMark)
      continue
    }
    if (m[4]) return null
    const own = marksOfElement(name, attributes)
    if (own === null) return null
    stack.push({ name, start: text.length, marks: own })
  }
  if (stack.length > 0) return null
  return { text, marks: normalizeMarks(marks, text.length) }
}
