import { ChevronDown } from 'lucide-react'
import type { ReactElement } from 'react'
import type { VoiceoverProject } from '../../../../../shared/domain/voiceover'
import type { SelectOption } from '../../../components/labelled-select'
import { LabelledSelect } from '../../../components/labelled-select'

const speakersWord = (n: number): string => `${n} ${n === 1 ? 'speaker' : 'speakers'}`

/**
 * The cast folded into one control: "Cast: 2 speakers", and how many still speak in the main
 * voice. Folded, the toolbar stays one row and the lines keep the room (they are the work).
 */
export function CastToggle(props: {
  project: VoiceoverProject
  open: boolean
  onToggle: () => void
}): ReactElement | null {
  const { project } = props
  if (project.speakers.length === 0) return null
  const onMain = project.speakers.filter((s) => !project.settings.cast[s]).length
  return (
    <div className="vo-toolbar__field vo-toolbar__field--cast">
      <button
        type="button"
        className="button vo-cast__toggle"
        aria-label={`Cast: ${speakersWord(project.speakers.length)}`}
        title={
          onMain > 0 && onMain < project.speakers.length ? `${onMain} on main voice` : undefined
        }
        aria-expanded={props.open}
        aria-controls="vo-cast"
        onClick={props.onToggle}
        data-testid="vo-cast-toggle"
      >
        {/* One run of words that never wraps: the narrow sizes leave out its tail, not split it. */}
        <span className="vo-cast__words">
          {/* Below 1100 px "2 speakers": what the button holds, in a creator's words. */}
          <span className="vo-wide">Cast: </span>
          {speakersWord(project.speakers.length)}
          {onMain > 0 && onMain < project.speakers.length && (
            <span className="vo-cast__note">{` · ${onMain} on main voice`}</span>
          )}
        </span>
        <ChevronDown className="vo-cast__chevron" aria-hidden="true" focusable="false" />
      </button>
    </div>
  )
}

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
    <fieldset className="vo-cast" id="vo-cast" data-testid="vo-cast">
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
