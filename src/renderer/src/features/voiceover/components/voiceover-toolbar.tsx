import type { ReactElement } from 'react'
import type {
  VoiceoverProject,
  VoiceoverSettingsInput,
} from '../../../../../shared/domain/voiceover'
import type { SelectOption } from '../../../components/labelled-select'
import { LabelledSelect } from '../../../components/labelled-select'
import { SegmentedChoice } from '../../../components/segmented-choice'
import { useVoiceListQuery } from '../../../lib/shared-state/voice-library'
import { useVoiceoverStore } from '../stores/voiceover-store'
import { CastToggle, VoiceoverCast } from './voiceover-cast'
import { FIT_CHOICES, FIT_HINTS, MAIN_VOICE_ID, PACE_STEPS } from '../hooks/line-words'

const MAX_RATES: SelectOption<string>[] = PACE_STEPS.map((r) => ({
  value: String(r),
  label: `${Math.round(r * 100)}%`,
}))

/** The fastest pace a long line may be asked at (the project's own value kept if not listed). */
function PaceSelect(props: { maxRate: number; onChange: (rate: number) => void }): ReactElement {
  const { maxRate } = props
  const options = MAX_RATES.some((o) => o.value === String(maxRate))
    ? MAX_RATES
    : [...MAX_RATES, { value: String(maxRate), label: `${Math.round(maxRate * 100)}%` }]
  return (
    <LabelledSelect
      label="Fastest pace"
      className="vo-toolbar__field vo-toolbar__field--narrow"
      value={String(maxRate)}
      options={options}
      onChange={(rate) => props.onChange(Number(rate))}
    />
  )
}

/**
 * The project's choices in one row: its voice, how long lines are fitted, the fastest pace and the
 * cast (folded, opened under the row). Add video is offered where the video goes, in the player.
 */
export function VoiceoverToolbar(props: {
  project: VoiceoverProject
  onSettings: (settings: VoiceoverSettingsInput) => void
}): ReactElement {
  const { project } = props
  const voices = useVoiceListQuery({ staleTime: 60_000, retry: false })
  const listed: SelectOption<string>[] = (voices.data ?? []).map((v) => ({
    value: v.id,
    label: v.displayName,
  }))
  // Short, so it is whole in the narrow select at 1024 px.
  const voiceOptions: SelectOption<string>[] = [{ value: '', label: 'Choose…' }, ...listed]
  const { settings } = project
  const castOpen = useVoiceoverStore((s) => s.castOpen)
  const setCastOpen = useVoiceoverStore((s) => s.setCastOpen)
  return (
    <div className="vo-toolbar" data-testid="vo-toolbar">
      <LabelledSelect
        label={project.speakers.length > 0 ? 'Main voice' : 'Voice'}
        selectId={MAIN_VOICE_ID}
        className="vo-toolbar__field"
        value={settings.voiceId ?? ''}
        options={voiceOptions}
        onChange={(voiceId) => voiceId !== '' && props.onSettings({ voiceId })}
      />
      <div className="vo-toolbar__group">
        <div className="vo-toolbar__row">
          <div className="vo-toolbar__fit">
            <span className="vo-toolbar__label" id="vo-fit-label">
              When a line is too long
            </span>
            <SegmentedChoice
              name="vo-fit"
              ariaLabel="When a line is too long"
              options={FIT_CHOICES}
              value={settings.fit}
              onChange={(fit) => props.onSettings({ fit })}
            />
          </div>
          {settings.fit === 'rate' && (
            <PaceSelect
              maxRate={settings.maxRate}
              onChange={(maxRate) => props.onSettings({ maxRate })}
            />
          )}
        </div>
        <p className="vo-toolbar__hint" id="vo-fit-hint">
          {FIT_HINTS[settings.fit]}
        </p>
      </div>
      <CastToggle project={project} open={castOpen} onToggle={() => setCastOpen(!castOpen)} />
      {castOpen && (
        <VoiceoverCast
          project={project}
          voices={listed}
          onCast={(speaker, voiceId) => props.onSettings({ cast: { [speaker]: voiceId } })}
        />
      )}
    </div>
  )
}
