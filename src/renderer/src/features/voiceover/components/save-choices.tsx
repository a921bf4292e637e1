import type { ReactElement } from 'react'
import type { VoiceoverAudioChoice, VoiceoverProject } from '../../../../../shared/domain/voiceover'
import type { SelectOption } from '../../../components/labelled-select'
import { LabelledSelect } from '../../../components/labelled-select'
import { useVoiceoverStore } from '../stores/voiceover-store'

const FORMATS: SelectOption<VoiceoverAudioChoice['format']>[] = [
  { value: 'wav', label: 'WAV' },
  { value: 'mp3', label: 'MP3' },
  { value: 'ogg', label: 'Ogg' },
]

// Each choice says what it does to the sound: "As spoken" alone read as a style of voice.
const LEVELS: SelectOption<VoiceoverAudioChoice['level']>[] = [
  { value: 'as-spoken', label: 'As spoken (unchanged)' },
  { value: 'streaming', label: 'Evened for video' },
  { value: 'podcast', label: 'Evened for podcasts' },
  { value: 'broadcast', label: 'Evened for broadcast' },
]

/**
 * What Save writes besides the video choice: without a video, the track's format and level; after
 * a render, the report per line and, when lines were moved, the subtitles re-timed to the audio.
 */
export function SaveChoices(props: {
  project: VoiceoverProject
  onSaveReport: () => void
  onSaveRetimed: () => void
}): ReactElement {
  const { project } = props
  const audio = useVoiceoverStore((s) => s.audio)
  const setAudio = useVoiceoverStore((s) => s.setAudio)
  const moved = project.lines.some((l) => l.placedMs > l.startMs)
  return (
    <div className="vo-save" data-testid="vo-save-choices">
      {project.video === null && (
        <>
          <LabelledSelect
            label="Save as"
            className="vo-save__field"
            value={audio.format}
            options={FORMATS}
            onChange={(format) => setAudio({ ...audio, format })}
          />
          <LabelledSelect
            label="Loudness"
            className="vo-save__field"
            value={audio.level}
            options={LEVELS}
            onChange={(level) => setAudio({ ...audio, level })}
          />
        </>
      )}
      {project.track !== null && (
        <div className="vo-save__more">
          <button
            type="button"
            className="button button--small"
            title="Each line's slot and spoken length, and whether it was sped up, stretched, moved or ran over"
            onClick={props.onSaveReport}
          >
            Save timing report…
          </button>
          {moved && (
            <button type="button" className="button button--small" onClick={props.onSaveRetimed}>
              Save re-timed subtitles…
            </button>
          )}
        </div>
      )}
    </div>
  )
}
