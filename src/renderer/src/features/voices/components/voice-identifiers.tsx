import { Fragment } from 'react'
import type { ReactElement } from 'react'
import type { Voice } from '../../../../../shared/domain/voice'
import { modelName } from '../../../../../shared/domain/voice-names'
import { CopyButton } from '../../../components/copy-button'
import { Disclosure } from '../../../components/ui/disclosure'
import { tagWords } from '../hooks/voice-words'

/**
 * The identifiers the service uses (voice, models, locale, tags, the sample's fingerprint), folded
 * away under "Details": for support requests, not for choosing a voice.
 */
export function VoiceIdentifiers(props: {
  voice: Voice
  sampleSha256: string | undefined
}): ReactElement {
  const { voice, sampleSha256 } = props
  return (
    <Disclosure summary="Details" className="voice-details__ids" testId="voice-ids">
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
            <dt>Described as</dt>
            <dd>
              {/* In words, wrapped between words, never mid-word as the code was; the copy
                  button gives the service's own tags, for scripts and support. */}
              <span className="voice-ids__words" data-testid="voice-tags">
                {tagWords(voice).join(' · ')}
              </span>
              <CopyButton text={voice.tags.join(', ')} what="tags" />
            </dd>
          </>
        )}
        {sampleSha256 !== undefined && (
          <>
            <dt>Sample SHA-256</dt>
            <dd>
              <code className="mono voice-ids__hash" data-testid="sample-sha256">
                {sampleSha256}
              </code>
              <CopyButton text={sampleSha256} what="sample SHA-256" />
            </dd>
          </>
        )}
      </dl>
    </Disclosure>
  )
}
