import type { Emotion, MarkKind, TextMark } from '../../../../../shared/domain/text-marks'

/** Each kind of mark in the user's words. */
export const MARK_KIND_WORDS: Record<MarkKind, string> = {
  emphasis: 'Emphasis',
  emotion: 'Emotion',
  rate: 'Pace',
  pitch: 'Pitch',
  volume: 'Volume',
  alias: 'Say it as',
  pause: 'Pause',
}

/** A mark's values in the user's words. */
export const VALUE_WORDS: Record<string, string> = {
  reduced: 'Reduced',
  moderate: 'Moderate',
  strong: 'Strong',
  'x-slow': 'Much slower',
  slow: 'Slower',
  fast: 'Faster',
  'x-fast': 'Much faster',
  'x-low': 'Much lower',
  low: 'Lower',
  high: 'Higher',
  'x-high': 'Much higher',
  'x-soft': 'Much softer',
  soft: 'Softer',
  loud: 'Louder',
  'x-loud': 'Much louder',
}

/** An emotion as a word a person reads ("Cheerful"). */
export function emotionWord(emotion: Emotion): string {
  return emotion.charAt(0).toUpperCase() + emotion.slice(1)
}

/** The small label drawn at a mark's start: the emotion, or what an alias says. */
export function markLabel(mark: TextMark): string {
  if (mark.kind === 'emotion') return emotionWord(mark.value)
  if (mark.kind === 'alias') return `says “${mark.value}”`
  if (mark.kind === 'pause') return `${mark.ms / 1000} s pause`
  return `${MARK_KIND_WORDS[mark.kind]}: ${VALUE_WORDS[mark.value] ?? mark.value}`
}
