import { memo } from 'react'
import type { ReactElement } from 'react'
import { useVoiceOptions } from '../api/script-api'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { NO_VOICE_YET, spokenVoice, voiceHint } from './spoken-voice'
import { VoicePicker } from './voice-picker'

/**
 * Gives a voice where the block needs one: its speaker's cast entry, or (a block without a
 * speaker) the script's default, so one choice fixes every block like it.
 */
function castOrDefault(speaker: string | undefined, voiceId: string | undefined): void {
  if (voiceId === undefined) return
  const document = useScriptDocumentStore.getState()
  if (speaker !== undefined) {
    document.updateMeta({ cast: { ...document.meta.cast, [speaker]: voiceId } })
  } else {
    document.updateMeta({ defaults: { ...document.meta.defaults, voiceId } })
  }
}

/** The block's speaker, as a chip. */
function SpeakerChip(props: { speaker: string | undefined }): ReactElement | null {
  if (props.speaker === undefined) return null
  return (
    <span className="chip chip--accent block__speaker" title={`Speaker: ${props.speaker}`}>
      {props.speaker}
    </span>
  )
}

/**
 * A block whose voice is not in the voice list, in plain words, with the fix in one click: the
 * choice replaces the block's own voice, or casts its speaker (or sets the default), so every
 * block like it is fixed too.
 */
function MissingVoice(props: {
  id: string
  label: string
  speaker: string | undefined
  own: boolean
}): ReactElement {
  const { id, speaker, own } = props
  const where = own
    ? 'this block'
    : speaker !== undefined
      ? `every ${speaker} line`
      : 'every block without a voice of its own'
  return (
    <>
      <SpeakerChip speaker={speaker} />
      <span className="block__missing-voice" data-testid="block-missing-voice">
        <VoicePicker
          compact
          label={props.label}
          value={undefined}
          inheritLabel={`not in your voice list (deleted, or from another account); choose one for ${where}`}
          actionText="Choose voice"
          onChange={(voiceId) =>
            own
              ? useScriptDocumentStore.getState().updateBlock(id, { voiceId })
              : castOrDefault(speaker, voiceId)
          }
        />
      </span>
    </>
  )
}

/**
 * A block's speaker and the voice that will speak it, by name ("Olivia", hinted "(default)" or
 * "(cast for ELIAS)"). When no voice resolves, the chip quietly says "No voice" (the banner over
 * the list says it once for all); choosing one casts the speaker (or sets the script's default
 * voice), so one choice fixes every block like it. Drawn again only when those (or
 * the cast, the default or the voice list) change, not on every key typed in the block: finding
 * a voice's name looks through the whole voice list.
 */
export const BlockVoice = memo(function BlockVoice(props: {
  id: string
  index: number
  speaker: string | undefined
  voiceId: string | undefined
}): ReactElement {
  const { id, index, speaker } = props
  const castVoice = useScriptDocumentStore((s) => (speaker ? s.meta.cast[speaker] : undefined))
  const defaultVoice = useScriptDocumentStore((s) => s.meta.defaults.voiceId)
  const voices = useVoiceOptions()
  const nameOf = (voiceId: string): string =>
    voices.data?.find((v) => v.id === voiceId)?.displayName ?? voiceId
  // What an empty choice of this block falls back to: its speaker's voice, else the default.
  const inherited = spokenVoice(
    undefined,
    speaker,
    castVoice ? { [speaker!]: castVoice } : {},
    defaultVoice,
  )
  const label = `Voice of block ${index + 1}`
  // The voice that would speak it is not in the voice list (a personal voice deleted, a project
  // from another account): the render would fail on it, so the block says so with the fix.
  const resolved = props.voiceId ?? inherited?.voiceId
  const known = voices.data
  if (resolved !== undefined && known !== undefined && !known.some((v) => v.id === resolved)) {
    return (
      <MissingVoice id={id} label={label} speaker={speaker} own={props.voiceId !== undefined} />
    )
  }
  return (
    <>
      <SpeakerChip speaker={speaker} />
      {inherited === null && props.voiceId === undefined ? (
        <VoicePicker
          compact
          label={label}
          value={undefined}
          inheritLabel={NO_VOICE_YET}
          // Quiet: the banner above the list says it once for every block like it.
          actionText="No voice"
          quietAction
          onChange={(voiceId) => castOrDefault(speaker, voiceId)}
        />
      ) : (
        <VoicePicker
          compact
          label={label}
          value={props.voiceId}
          inheritLabel={inherited === null ? NO_VOICE_YET : nameOf(inherited.voiceId)}
          inheritOption={
            inherited === null
              ? 'No voice of its own'
              : `${nameOf(inherited.voiceId)} ${voiceHint(inherited.source, speaker) ?? ''}`.trim()
          }
          hint={inherited === null ? undefined : voiceHint(inherited.source, speaker)}
          inheritVoiceId={inherited?.voiceId}
          // The name only: the dashed chip already says the voice is inherited, and a hint on
          // every narrator line is noise. The button's name and tooltip carry it.
          hintShown={false}
          onChange={(voiceId) => useScriptDocumentStore.getState().updateBlock(id, { voiceId })}
        />
      )}
    </>
  )
})
