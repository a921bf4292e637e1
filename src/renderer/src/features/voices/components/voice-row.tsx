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
 * The gender column: every row fills it, a dash where the service gives none, so a blank never
 * looks like a value that failed to load; the title names the column.
 */
function GenderCell(props: { gender: Voice['gender'] }): ReactElement {
  const given = props.gender !== 'not_specified'
  return (
    <span className="voice-row__gender" title={given ? 'Gender' : 'Gender not given'}>
      {given ? (
        genderLabel(props.gender)
      ) : (
        <>
          <span aria-hidden="true">—</span>
          <span className="visually-hidden">Gender not given</span>
        </>
      )}
    </span>
  )
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
          {/* The row's own marks by its name, once each, at every width; the columns after the
              name are the language and gender, which line up row to row. */}
          {voice.type === 'personal' && (
            <span className="chip chip--success voice-row__mark">Personal</span>
          )}
          {inScript && (
            <span className="chip chip--accent voice-row__mark" title="Used by the open script">
              In script
            </span>
          )}
          {voiceUse(voice)}
        </span>
        {/* In a narrow list the language and gender take this line, whole, instead of chips. */}
        <span className="voice-row__where">{voiceFacts(voice)}</span>
      </div>
      <div className="voice-row__facts">
        <span className="chip voice-row__locale" title={voice.locale ?? undefined}>
          {voice.locale === null ? 'Language not set' : localeName(voice.locale)}
        </span>
        <GenderCell gender={voice.gender} />
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
