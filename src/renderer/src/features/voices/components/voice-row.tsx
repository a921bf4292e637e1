import { memo } from 'react'
import type { ReactElement } from 'react'
import type { Voice } from '../../../../../shared/domain/voice'
import { VoiceAvatar } from './voice-avatar'
import { genderLabel } from '../../../lib/voice-labels'
import { localeName } from '../../../../../shared/domain/voice-names'
import { voiceFacts, voiceUse } from '../hooks/voice-words'

/** The id of a voice's row, for aria-activedescendant. */
export function optionId(voiceId: string): string {
  return `voice-option-${voiceId.replace(/[^A-Za-z0-9_-]/g, '_')}`
}

/**
 * One voice in the list: avatar, name and tags, what it is (in the script, personal, language,
 * gender), and a star that marks it a favourite with the mouse.
 */
export const VoiceRow = memo(function VoiceRow(props: {
  voice: Voice
  selected: boolean
  favorite: boolean
  inScript: boolean
  onSelect: (voiceId: string) => void
  onPreview: (voice: Voice) => void
  onToggleFavorite: (voiceId: string, favorite: boolean) => void
}): ReactElement {
  const { voice, selected, favorite, inScript } = props
  return (
    <div
      id={optionId(voice.id)}
      role="option"
      aria-selected={selected}
      className={`voice-row${selected ? ' voice-row--selected' : ''}`}
      data-testid="voice-row"
      data-voice-id={voice.id}
      onClick={() => props.onSelect(voice.id)}
      onDoubleClick={() => props.onPreview(voice)}
    >
      <VoiceAvatar voice={voice} />
      <div className="voice-row__main">
        <span className="voice-row__name">{voice.displayName}</span>
        <span className="voice-row__meta">
          {/* Shown in a narrow list only, where the chip column gives way. */}
          {voice.type === 'personal' && (
            <span className="chip chip--success voice-row__mark">Personal</span>
          )}
          {voiceUse(voice)}
        </span>
        {/* In a narrow list the language and gender take this line, whole, instead of chips. */}
        <span className="voice-row__where">{voiceFacts(voice)}</span>
      </div>
      <div className="voice-row__facts">
        {inScript && (
          <span className="chip chip--accent" title="Used by the open script">
            In script
          </span>
        )}
        {voice.type === 'personal' && (
          <span className="chip chip--success voice-row__personal">Personal</span>
        )}
        <span className="chip voice-row__locale" title={voice.locale ?? undefined}>
          {voice.locale === null ? 'Language not set' : localeName(voice.locale)}
        </span>
        {/* A gender the service left unspecified is left out: a column of "Not specified" is noise. */}
        <span className="voice-row__gender">
          {voice.gender === 'not_specified' ? '' : genderLabel(voice.gender)}
        </span>
      </div>
      {/* A mouse shortcut only: an option holds no control of its own (Space toggles the
          favourite from the keyboard, and the details panel has the same button). */}
      <span
        className={`voice-star${favorite ? ' voice-star--on' : ''}`}
        aria-hidden="true"
        title={
          favorite
            ? `Remove ${voice.displayName} from favourites (Space)`
            : `Add ${voice.displayName} to favourites (Space)`
        }
        data-testid="voice-star"
        onClick={(event) => {
          event.stopPropagation()
          props.onToggleFavorite(voice.id, !favorite)
        }}
      >
        {favorite ? '★' : '☆'}
      </span>
      {favorite && <span className="visually-hidden">, favourite</span>}
    </div>
  )
})
