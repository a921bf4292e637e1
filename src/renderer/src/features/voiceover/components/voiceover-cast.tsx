import type { ReactElement } from 'react'
import type { VoiceoverProject } from '../../../../../shared/domain/voiceover'
import type { SelectOption } from '../../../components/labelled-select'
import { LabelledSelect } from '../../../components/labelled-select'

/**
 * A voice for each speaker the subtitles name (VTT voices, ASS actors, `NAME:`), as a script's
 * cast: a speaker left on "Main voice" speaks in the project's voice.
 */
export function VoiceoverCast(props: {
  project: VoiceoverProject
  voices: readonly SelectOption<string>[]
  onCast: (speaker: string, voiceId: string | null) => void
}): ReactElement | null {
  const { project } = props
  if (project.speakers.length === 0) return null
  const options: SelectOption<string>[] = [{ value: '', label: 'Main voice' }, ...props.voices]
  return (
    <fieldset className="vo-cast" data-testid="vo-cast">
      <legend className="vo-toolbar__label">Cast</legend>
      <div className="vo-cast__list">
        {project.speakers.map((speaker) => (
          <LabelledSelect
            key={speaker}
            label={speaker}
            className="vo-cast__field"
            value={project.settings.cast[speaker] ?? ''}
            options={options}
            onChange={(voiceId) => props.onCast(speaker, voiceId === '' ? null : voiceId)}
          />
        ))}
      </div>
    </fieldset>
  )
}
