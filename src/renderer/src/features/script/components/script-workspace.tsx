import type { ReactElement } from 'react'
import { UpcomingWorkspace } from '../../../components/upcoming-workspace'

/** The Script workspace: write a script, preview it, render narration files. Shell for now. */
export function ScriptWorkspace(props: { focusOnMount?: boolean }): ReactElement {
  return (
    <UpcomingWorkspace
      title="Script"
      description="Write a narration script, preview any line with the voice you choose, and render the whole script into audio files."
      focusOnMount={props.focusOnMount ?? false}
      plans={[
        {
          name: 'Write',
          detail: 'Plain text or SSML with pauses, emphasis and pronunciation hints.',
        },
        { name: 'Preview', detail: 'Hear a line streamed as you write, in the voice you chose.' },
        {
          name: 'Render',
          detail: 'WAV, MP3, Ogg or AAC files, written only once complete and checked.',
        },
      ]}
    />
  )
}
