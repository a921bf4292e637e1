/** Where the voice that speaks a block comes from. */
export type VoiceSource = 'block' | 'cast' | 'default'

/** The voice that will speak a block, or null when none resolves. */
export interface SpokenVoice {
  voiceId: string
  source: VoiceSource
}

/** What a chip shows when no voice resolves: the same words everywhere. */
export const NO_VOICE_YET = 'No voice yet — choose one'

/** The voice that will speak: the block's own, else its speaker's in the cast, else the default. */
export function spokenVoice(
  blockVoiceId: string | undefined,
  speaker: string | undefined,
  cast: Readonly<Record<string, string>>,
  defaultVoiceId: string | undefined,
): SpokenVoice | null {
  if (blockVoiceId !== undefined) return { voiceId: blockVoiceId, source: 'block' }
  const cast_ = speaker === undefined ? undefined : cast[speaker]
  if (cast_ !== undefined) return { voiceId: cast_, source: 'cast' }
  if (defaultVoiceId !== undefined) return { voiceId: defaultVoiceId, source: 'default' }
  return null
}

/** The hint beside an inherited voice's name: "(default)", "(cast for ELIAS)"; none for the block's own. */
export function voiceHint(source: VoiceSource, speaker: string | undefined): string | undefined {
  if (source === 'default') return '(default)'
  if (source === 'cast' && speaker !== undefined) return `(cast for ${speaker})`
  return undefined
}
