import { Fragment, memo } from 'react'
import type { ReactElement } from 'react'
import type { Voice } from '../../../../../shared/domain/voice'
import type { VoiceLibrary } from '../../../../../shared/ipc/contract'
import { PersonalVoiceSection } from './personal-voice-section'
import { VoiceAvatar } from './voice-avatar'
import { VoiceIdentifiers } from './voice-identifiers'
import { VoicePlayButton } from '../../../components/voice-play-button'
import { spokenLanguages, voiceFacts, voiceMoods, voiceUse } from '../hooks/voice-words'
import { UseThisVoice } from './use-this-voice'
import { VoiceTrySection } from './voice-try-section'

/**
 * Everything about the selected voice, and what can be done with it (memo: typing in the search
 * box leaves it alone). It starts with the voice itself: who it is, what it is for, Play.
 */
export const VoiceDetails = memo(function VoiceDetails(props: {
  voice: Voice
  library: VoiceLibrary | undefined
  onPreview: (voice: Voice, locale?: string) => void
  onTry: (voice: Voice, text: string, model?: string) => void
  onStopTry: () => void
  onToggleFavorite: (voiceId: string, favorite: boolean) => void
  onDelete: (voice: Voice) => void
}): ReactElement {
  const { voice, library } = props
  const favorite = library?.favorites.includes(voice.id) ?? false
  const consent = library?.consents.find((c) => c.voiceId === voice.id && c.deletedAt === undefined)
  const use = voiceUse(voice)
  const moods = voiceMoods(voice)

  return (
    <section
      className="stack voice-details"
      aria-labelledby="voice-details-name"
      data-testid="voice-details"
    >
      <header className="voice-details__head">
        <VoiceAvatar voice={voice} size="large" />
        <h2 id="voice-details-name">{voice.displayName}</h2>
        {use !== '' && (
          <p className="voice-details__use" data-testid="voice-use">
            {use}
          </p>
        )}
        {moods !== '' && (
          <p className="voice-details__moods" data-testid="voice-moods">
            Can sound {moods}
          </p>
        )}
        <p className="voice-details__facts" data-testid="voice-facts">
          {voice.type === 'personal' && <span className="chip chip--success">Personal</span>}
          {voiceFacts(voice)
            .split(' · ')
            .map((fact, index) => (
              <Fragment key={fact}>
                {/* The line may break after a dot, never before one nor inside a fact. */}
                {index > 0 && '\u00a0· '}
                <span className="voice-details__fact">{fact}</span>
              </Fragment>
            ))}
        </p>
        <div className="voice-details__actions">
          <VoicePlayButton voice={voice} onPlay={props.onPreview} className="voice-play--large" />
          <button
            type="button"
            className={`voice-star voice-details__star${favorite ? ' voice-star--on' : ''}`}
            aria-pressed={favorite}
            aria-label="Favourite"
            title={favorite ? 'Remove from favourites' : 'Add to favourites'}
            onClick={() => props.onToggleFavorite(voice.id, !favorite)}
          >
            {favorite ? '★' : '☆'}
          </button>
        </div>
      </header>

      {/* Hearing the voice with one's own words comes first: at 1024x700 "Speak it" is on
          screen without scrolling the panel. */}
      <VoiceTrySection voice={voice} onTry={props.onTry} onStopTry={props.onStopTry} />

      <UseThisVoice voice={voice} />

      <VoiceLanguages voice={voice} onPreview={props.onPreview} />

      {voice.type === 'personal' && (
        <PersonalVoiceSection voice={voice} consent={consent} onDelete={props.onDelete} />
      )}

      <VoiceIdentifiers voice={voice} sampleSha256={consent?.sampleSha256} />
    </section>
  )
})

/**
 * The other languages the voice speaks, each once, in words, with a preview in each where the
 * service has one. Its own language is already in the facts line above, so it is not said again;
 * a voice that speaks only that one has no block. The models are behind Details.
 */
function VoiceLanguages(props: {
  voice: Voice
  onPreview: (voice: Voice, locale?: string) => void
}): ReactElement | null {
  const { voice } = props
  const languages = spokenLanguages(voice)
  // spokenLanguages puts the voice's own language first when it has one.
  const others = voice.locale === null ? languages : languages.slice(1)
  if (others.length === 0) return null
  return (
    <div className="stack voice-details__block">
      <h3>{voice.locale === null ? 'Speaks' : 'Also speaks'}</h3>
      <ul className="voice-languages" data-testid="voice-languages">
        {others.map((language) => (
          <li key={language.name} className="voice-languages__item">
            <span className="voice-languages__name">{language.name}</span>
            {language.previewLocale !== null && (
              <button
                type="button"
                className="link-button"
                aria-label={`Play a preview in ${language.name}`}
                onClick={() => props.onPreview(voice, language.previewLocale ?? undefined)}
              >
                ▶ Hear it
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
