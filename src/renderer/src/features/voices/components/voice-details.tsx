import { memo, useState } from 'react'
import type { ReactElement } from 'react'
import type { Voice } from '../../../../../shared/domain/voice'
import type { VoiceLibrary } from '../../../../../shared/ipc/contract'
import { useScriptLink } from '../hooks/script-link'
import { PersonalVoiceSection } from './personal-voice-section'
import { VoiceAvatar } from './voice-avatar'
import { VoiceIdentifiers } from './voice-identifiers'
import { genderLabel, tagLabel } from '../../../lib/voice-labels'
import { localeName, modelName } from '../../../../../shared/domain/voice-names'
import { VoiceTrySection } from './voice-try-section'
import { stopVoicePreview, useVoicePreviewState } from '../../../lib/shared-state/voice-preview'

/** Everything about the selected voice, and what can be done with it (memo: typing in the search box leaves it alone). */
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

  return (
    <section
      className="stack voice-details"
      aria-labelledby="voice-details-name"
      data-testid="voice-details"
    >
      <header className="row voice-details__header">
        <VoiceAvatar voice={voice} size="large" />
        <div className="stack voice-details__title">
          <h2 id="voice-details-name">{voice.displayName}</h2>
          <p className="voice-details__facts">
            <span className={`chip ${voice.type === 'personal' ? 'chip--success' : ''}`}>
              {voice.type === 'personal' ? 'Personal' : 'Catalog'}
            </span>
            <span className="chip">{genderLabel(voice.gender)}</span>
            <span className="chip">
              {voice.locale === null ? 'Language not set' : localeName(voice.locale)}
            </span>
          </p>
        </div>
      </header>

      <div className="button-row">
        <DetailsPlayButton voice={voice} onPreview={props.onPreview} />
        <button
          type="button"
          className="button"
          aria-pressed={favorite}
          onClick={() => props.onToggleFavorite(voice.id, !favorite)}
        >
          {favorite ? '★ Favourite' : '☆ Add to favourites'}
        </button>
      </div>

      <UseInScript voice={voice} />

      <VoiceLanguages voice={voice} onPreview={props.onPreview} />

      {voice.tags.length > 0 && (
        <div className="stack voice-details__block">
          <h3>Tags</h3>
          <p className="voice-details__tags">
            {voice.tags.map((tag) => (
              <span key={tag} className="chip">
                {tagLabel(tag).text}
              </span>
            ))}
          </p>
        </div>
      )}

      <VoiceTrySection voice={voice} onTry={props.onTry} onStopTry={props.onStopTry} />

      {voice.type === 'personal' && (
        <PersonalVoiceSection voice={voice} consent={consent} onDelete={props.onDelete} />
      )}

      <VoiceIdentifiers voice={voice} sampleSha256={consent?.sampleSha256} />
    </section>
  )
})

/** The panel's Play / Stop: the same preview as the list's row button, with its words. */
function DetailsPlayButton(props: {
  voice: Voice
  onPreview: (voice: Voice, locale?: string) => void
}): ReactElement {
  const { voice } = props
  const active = useVoicePreviewState(voice.id) !== 'idle'
  return (
    <button
      type="button"
      className="button button--primary"
      aria-label={`${active ? 'Stop' : 'Play'} ${voice.displayName}`}
      onClick={() => (active ? stopVoicePreview() : props.onPreview(voice))}
      data-testid="preview-button"
      data-state={active ? 'playing' : 'idle'}
    >
      {active ? '■ Stop' : '▶ Play preview'}
    </button>
  )
}

/**
 * Each language the voice speaks, once, with the models that speak it and a preview where one
 * exists. Why by language and not by model: models mostly share their languages, and a table per
 * model repeated "French (France)" on every row.
 */
function VoiceLanguages(props: {
  voice: Voice
  onPreview: (voice: Voice, locale?: string) => void
}): ReactElement {
  const { voice } = props
  const languages = languagesOf(voice)
  return (
    <div className="stack voice-details__block">
      <h3>Languages</h3>
      {languages.length === 0 ? (
        <p className="field__hint">The service lists no languages for this voice.</p>
      ) : (
        <table className="voice-models" data-testid="voice-languages">
          <tbody>
            {languages.map((language) => (
              <tr key={language.name}>
                <th scope="row">{language.name}</th>
                <td>{language.models.join(', ')}</td>
                <td className="voice-models__play">
                  {language.previewLocale !== null && (
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={`Preview in ${language.name}`}
                      onClick={() => props.onPreview(voice, language.previewLocale ?? undefined)}
                    >
                      ▶
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}

/** The voice's languages by name, each once, with its models' names and a locale to preview in. */
function languagesOf(
  voice: Voice,
): { name: string; models: string[]; previewLocale: string | null }[] {
  const byName = new Map<string, { name: string; models: string[]; previewLocale: string | null }>()
  for (const model of voice.models) {
    for (const language of model.languages) {
      const name = localeName(language.locale)
      const entry = byName.get(name) ?? { name, models: [], previewLocale: null }
      const spoken = modelName(model.name)
      if (!entry.models.includes(spoken)) entry.models.push(spoken)
      if (entry.previewLocale === null && language.previewUrl !== null)
        entry.previewLocale = language.locale
      byName.set(name, entry)
    }
  }
  return [...byName.values()]
}

/**
 * Uses the voice in the script open in Script: as its default, or for its current block. Both are
 * edits of that script (Undo in Script takes them back); with no script open there is nothing to
 * edit, and the section says so.
 */
function UseInScript(props: { voice: Voice }): ReactElement {
  const { voice } = props
  const [sent, setSent] = useState<string | null>(null)
  const script = useScriptLink()
  const isDefault = script?.defaultVoiceId === voice.id
  return (
    <div className="stack voice-details__block">
      <h3>Use in Script</h3>
      {script === null && (
        <p className="field__hint" data-testid="script-link">
          No script is open. Open or create one in Script to use this voice there.
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={script === null || isDefault}
          onClick={() => {
            script?.setDefaultVoice(voice.id)
            setSent(`${voice.displayName} is now the Script's default voice.`)
          }}
        >
          {isDefault ? 'Script default' : 'Use as Script default'}
        </button>
        <button
          type="button"
          className="button"
          disabled={script === null}
          onClick={() => {
            const block = script?.setBlockVoice(voice.id) ?? null
            setSent(
              block === null
                ? 'The open script has no block to give this voice to.'
                : `${voice.displayName} now speaks block ${block} of the Script.`,
            )
          }}
        >
          Use for a block
        </button>
      </div>
      <p className="field__hint" role="status" data-testid="script-sent">
        {sent}
      </p>
    </div>
  )
}
