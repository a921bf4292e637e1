import type { ReactElement } from 'react'
import type { ProjectDefaults } from '../../../../../shared/domain/script'
import { ErrorNotice } from '../../../components/error-notice'
import type { ScriptAudio } from '../hooks/use-script-audio'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { NumberSetting } from './number-setting'

const MAX_PAUSE_MS = 60_000

type PauseKey =
  | 'pauseBetweenParagraphsMs'
  | 'pauseAfterHeadingMs'
  | 'pauseBetweenSpeakersMs'
  | 'pauseBetweenBlocksMs'

/**
 * The pauses a project sets: kept in milliseconds, set in seconds (to a hundredth). The heading
 * and speaker pauses fall back on the paragraph and block pauses until they are set.
 */
const PAUSES: {
  setting: PauseKey
  label: string
  hint: string
  fallback?: 'pauseBetweenParagraphsMs' | 'pauseBetweenBlocksMs'
}[] = [
  {
    setting: 'pauseBetweenParagraphsMs',
    label: 'Between paragraphs',
    hint: 'After the last block of a paragraph.',
  },
  {
    setting: 'pauseAfterHeadingMs',
    label: 'After headings',
    hint: 'Where a heading starts a new chapter.',
    fallback: 'pauseBetweenParagraphsMs',
  },
  {
    setting: 'pauseBetweenSpeakersMs',
    label: 'Between speakers',
    hint: 'When the next line is another speaker’s.',
    fallback: 'pauseBetweenBlocksMs',
  },
  {
    setting: 'pauseBetweenBlocksMs',
    label: 'Between blocks',
    hint: 'After a block that continues the same paragraph (dialogue lines, split text).',
  },
]

function setPause(setting: PauseKey, ms: number): void {
  const store = useScriptDocumentStore.getState()
  store.updateMeta({ defaults: { ...store.meta.defaults, [setting]: ms } })
}

/** The pause fields and a Preview that speaks two sample paragraphs with them. */
export function PauseSettings(props: {
  defaults: ProjectDefaults
  audio: ScriptAudio
}): ReactElement {
  const { defaults, audio } = props
  const voiceId = defaults.voiceId
  const sampling = audio.label === 'Pause sample'
  const playing = sampling && (audio.status === 'loading' || audio.status === 'playing')
  const headingMs = defaults.pauseAfterHeadingMs ?? defaults.pauseBetweenParagraphsMs
  return (
    <fieldset className="box box--fields project-settings__group">
      <legend>Pauses</legend>
      <div className="project-settings__grid">
        {PAUSES.map((pause) => (
          <NumberSetting
            key={pause.setting}
            label={pause.label}
            hint={pause.hint}
            unit="seconds"
            perUnit={1000}
            decimals={2}
            min={0}
            max={MAX_PAUSE_MS / 1000}
            value={defaults[pause.setting] ?? defaults[pause.fallback ?? 'pauseBetweenBlocksMs']}
            onCommit={(ms) => setPause(pause.setting, ms)}
          />
        ))}
      </div>
      <div className="row project-settings__preview">
        <button
          type="button"
          className="button button--small"
          disabled={voiceId === undefined && !playing}
          onClick={() => {
            if (playing) audio.stop()
            else if (voiceId !== undefined) {
              void audio.previewPauses(voiceId, {
                paragraphMs: defaults.pauseBetweenParagraphsMs,
                headingMs,
              })
            }
          }}
        >
          {playing ? 'Stop' : 'Preview'}
        </button>
        <span className="field__hint" data-testid="pause-preview-hint">
          {voiceId === undefined
            ? 'Choose a default voice (in Cast) to hear the pauses.'
            : playing
              ? 'Playing two short paragraphs, then the start of a new chapter…'
              : 'Hear two short paragraphs with these pauses, then the start of a new chapter.'}
        </span>
      </div>
      {sampling && audio.failure !== null && (
        <ErrorNotice error={audio.failure} testId="pause-preview-error" />
      )}
    </fieldset>
  )
}
