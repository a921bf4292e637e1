import { memo } from 'react'
import type { ReactElement } from 'react'
import { useVoiceOptions } from '../api/script-api'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { VoicePicker } from './voice-picker'

/**
 * A block's speaker and voice. Drawn again only when those (or the cast, or the voice list)
 * change, not on every key typed in the block: finding the cast voice's name looks through the
 * whole voice list.
 */
export const BlockVoice = memo(function BlockVoice(props: {
  id: string
  index: number
  speaker: string | undefined
  voiceId: string | undefined
}): ReactElement {
  const { id, index, speaker } = props
  const castVoice = useScriptDocumentStore((s) => (speaker ? s.meta.cast[speaker] : undefined))
  const voices = useVoiceOptions()
  const castVoiceName =
    castVoice === undefined
      ? 'no voice yet'
      : (voices.data?.find((v) => v.id === castVoice)?.displayName ?? castVoice)
  return (
    <div className="block__voice">
      {speaker !== undefined && (
        <span className="chip chip--accent block__speaker" title="Speaker (voice from the cast)">
          {speaker}
        </span>
      )}
      <VoicePicker
        compact
        label={`Voice of block ${index + 1}`}
        value={props.voiceId}
        inheritLabel={speaker ? `Cast: ${castVoiceName}` : 'Default voice'}
        onChange={(voiceId) => useScriptDocumentStore.getState().updateBlock(id, { voiceId })}
      />
    </div>
  )
})
