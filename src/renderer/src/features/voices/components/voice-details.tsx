import { Fragment, memo, useState } from 'react'
import type { ReactElement } from 'react'
import type { Voice } from '../../../../../shared/domain/voice'
import { MAX_TRY_TEXT } from '../hooks/use-voice-actions'
import type { VoiceLibrary } from '../../../../../shared/ipc/contract'
import { ErrorNotice } from '../../../components/error-notice'
import { call } from '../../../lib/ipc'
import { useScriptVoicesStore } from '../../../lib/shared-state/script-voices'
import { useDownloadSample } from '../api/voices-queries'
import { usePlayback, useVoicePlayers } from '../hooks/use-voice-players'
import { useVoicesUiStore } from '../stores/voices-ui-store'
import { VoiceAvatar } from './voice-avatar'
import { CopyButton } from '../../../components/copy-button'
import { genderLabel, localeName, modelName, tagLabel } from './voice-labels'

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
  const [text, setText] = useState('Hello! This is how my script will sound in this voice.')
  const [model, setModel] = useState('')
  const [sent, setSent] = useState<string | null>(null)
  const defaultVoiceId = useScriptVoicesStore((s) => s.defaultVoiceId)
  const setDefaultVoice = useScriptVoicesStore((s) => s.setDefaultVoice)
  const requestBlockVoice = useScriptVoicesStore((s) => s.requestBlockVoice)
  const download = useDownloadSample()
  const [revealError, setRevealError] = useState<unknown>(null)
  const players = useVoicePlayers()
  const trial = usePlayback(players.trial)
  const activePlayer = useVoicesUiStore((s) => s.activePlayer)
  const trying =
    activePlayer === 'trial' && (trial.status === 'loading' || trial.status === 'playing')
  const tooLong = text.length > MAX_TRY_TEXT

  return (
    <section
      className="voice-details"
      aria-labelledby="voice-details-name"
      data-testid="voice-details"
    >
      <header className="voice-details__header">
        <VoiceAvatar voice={voice} size="large" />
        <div className="voice-details__title">
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
        <button
          type="button"
          className="button button--primary"
          onClick={() => props.onPreview(voice)}
          data-testid="preview-button"
        >
          ▶ Preview
        </button>
        <button
          type="button"
          className="button"
          aria-pressed={favorite}
          onClick={() => props.onToggleFavorite(voice.id, !favorite)}
        >
          {favorite ? '★ Favourite' : '☆ Add to favourites'}
        </button>
      </div>

      {voice.tags.length > 0 && (
        <div className="voice-details__block">
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

      <div className="voice-details__block">
        <h3>Languages per model</h3>
        {voice.models.length === 0 ? (
          <p className="field__hint">The service lists no models for this voice.</p>
        ) : (
          <table className="voice-models">
            <tbody>
              {voice.models.map((m) => (
                <tr key={m.name}>
                  <th scope="row">{modelName(m.name)}</th>
                  <td>
                    {m.languages.length === 0
                      ? 'no languages listed'
                      : m.languages.map((language) => (
                          <span key={language.locale} className="voice-models__language">
                            {localeName(language.locale)}
                            {language.previewUrl !== null && (
                              <button
                                type="button"
                                className="button button--small"
                                aria-label={`Preview in ${localeName(language.locale)}`}
                                onClick={() => props.onPreview(voice, language.locale)}
                              >
                                ▶
                              </button>
                            )}
                          </span>
                        ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>

      <div className="voice-details__block">
        <h3>Try with my text</h3>
        <label className="visually-hidden" htmlFor="try-text">
          Text to speak
        </label>
        <textarea
          id="try-text"
          className="input"
          rows={3}
          value={text}
          aria-invalid={tooLong}
          onChange={(event) => setText(event.target.value)}
          data-testid="try-text"
        />
        <div className="button-row">
          {voice.models.length > 1 && (
            <label className="voice-filter">
              <span>Model</span>
              <select className="input" value={model} onChange={(e) => setModel(e.target.value)}>
                <option value="">Service default</option>
                {voice.models.map((m) => (
                  <option key={m.name} value={m.name}>
                    {modelName(m.name)}
                  </option>
                ))}
              </select>
            </label>
          )}
          {trying ? (
            <button type="button" className="button" onClick={props.onStopTry}>
              Stop
            </button>
          ) : (
            <button
              type="button"
              className="button"
              disabled={text.trim() === '' || tooLong}
              onClick={() => props.onTry(voice, text, model === '' ? undefined : model)}
              data-testid="try-button"
            >
              Speak it
            </button>
          )}
          <span className={tooLong ? 'field__error' : 'field__hint'}>
            {text.length}/{MAX_TRY_TEXT} characters
          </span>
        </div>
      </div>

      <div className="voice-details__block">
        <h3>Use in Script</h3>
        <div className="button-row">
          <button
            type="button"
            className="button"
            disabled={defaultVoiceId === voice.id}
            onClick={() => {
              setDefaultVoice(voice.id)
              setSent(`${voice.displayName} is now the Script's default voice.`)
            }}
          >
            {defaultVoiceId === voice.id ? 'Script default' : 'Use as Script default'}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              requestBlockVoice(voice.id)
              setSent(`${voice.displayName} will be offered for the selected block in Script.`)
            }}
          >
            Use for a block
          </button>
        </div>
        <p className="field__hint" role="status" data-testid="script-sent">
          {sent}
        </p>
      </div>

      {voice.type === 'personal' && (
        <div className="voice-details__block">
          <h3>Personal voice</h3>
          {consent !== undefined ? (
            <p className="field__hint" data-testid="consent-record">
              Consent from {consent.fullName} ({consent.email}) recorded{' '}
              {new Date(consent.createdAt).toLocaleString()}.
            </p>
          ) : (
            <p className="field__hint">No consent record on this computer (created elsewhere).</p>
          )}
          <div className="button-row">
            <button
              type="button"
              className="button"
              disabled={download.isPending}
              onClick={() => download.mutate({ voiceId: voice.id, voiceName: voice.displayName })}
            >
              {download.isPending ? 'Downloading…' : 'Download sample…'}
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => props.onDelete(voice)}
            >
              Delete voice…
            </button>
          </div>
          {download.isSuccess && download.data !== null && (
            <p className="field__hint" role="status" data-testid="sample-saved">
              Saved {download.data.path} ({Math.round(download.data.bytes / 1024)} KB,{' '}
              {download.data.extension.toUpperCase()}).{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  const path = download.data?.path
                  if (path === undefined) return
                  setRevealError(null)
                  call((api) => api.voices.revealSample({ path })).catch(setRevealError)
                }}
              >
                Show in folder
              </button>
            </p>
          )}
          {revealError !== null && <ErrorNotice error={revealError} />}
          {download.isError && <ErrorNotice error={download.error} testId="download-error" />}
        </div>
      )}

      <details className="voice-details__ids" data-testid="voice-ids">
        <summary>Details</summary>
        <p className="field__hint">
          The identifiers the service uses, for support requests and scripts that call it.
        </p>
        <dl className="voice-ids">
          <dt>Voice id</dt>
          <dd>
            <code className="mono" data-testid="voice-id">
              {voice.id}
            </code>
            <CopyButton text={voice.id} what="voice id" />
          </dd>
          {voice.models.map((m) => (
            <Fragment key={m.name}>
              <dt>{modelName(m.name)} model id</dt>
              <dd>
                <code className="mono">{m.name}</code>
                <CopyButton text={m.name} what={`${modelName(m.name)} model id`} />
              </dd>
            </Fragment>
          ))}
          {voice.locale !== null && (
            <>
              <dt>Locale code</dt>
              <dd>
                <code className="mono">{voice.locale}</code>
                <CopyButton text={voice.locale} what="locale code" />
              </dd>
            </>
          )}
          {voice.tags.length > 0 && (
            <>
              <dt>Tags</dt>
              <dd>
                <code className="mono">{voice.tags.join(', ')}</code>
                <CopyButton text={voice.tags.join(', ')} what="tags" />
              </dd>
            </>
          )}
          {consent !== undefined && (
            <>
              <dt>Sample SHA-256</dt>
              <dd>
                <code className="mono voice-ids__hash" data-testid="sample-sha256">
                  {consent.sampleSha256}
                </code>
                <CopyButton text={consent.sampleSha256} what="sample SHA-256" />
              </dd>
            </>
          )}
        </dl>
      </details>
    </section>
  )
})
