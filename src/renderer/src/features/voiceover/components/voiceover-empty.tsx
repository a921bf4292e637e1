import { Captions, FolderOpen, Sparkles } from 'lucide-react'
import type { ReactElement } from 'react'

/** No project yet: what this workspace does, the way in, a saved project, and a sample to try. */
export function VoiceoverEmpty(props: {
  onOpen: () => void
  onOpenProject: () => void
  onSample: () => void
  busy: boolean
  /** False before an API key is set: the timing can be checked, not rendered. */
  hasKey: boolean
  onOpenAccount: () => void
}): ReactElement {
  return (
    <div className="vo-empty" data-testid="vo-empty">
      <h2 className="vo-empty__title">Voice a video from its subtitles</h2>
      <p className="vo-empty__text">
        Each subtitle line is spoken on its cue and fitted to the time before the next one. Lines
        that run long are shown before you render, so you can shorten them.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          onClick={props.onOpen}
          disabled={props.busy}
        >
          <Captions className="button__icon" aria-hidden="true" focusable="false" />
          Open subtitles…
        </button>
        <button
          type="button"
          className="button"
          onClick={props.onOpenProject}
          disabled={props.busy}
        >
          <FolderOpen className="button__icon" aria-hidden="true" focusable="false" />
          {/* Below 1100 px "Open a project…", so the three ways in keep one row. */}
          <span>
            Open a<span className="vo-wide"> voice-over</span> project…
          </span>
        </button>
        <button type="button" className="button" onClick={props.onSample} disabled={props.busy}>
          <Sparkles className="button__icon" aria-hidden="true" focusable="false" />
          Try sample subtitles
        </button>
      </div>
      {!props.hasKey && (
        <div className="vo-empty__key" data-testid="vo-no-key">
          <p className="vo-empty__text">
            Rendering the voice-over needs your API key. You can open subtitles and check every
            line’s timing now; add the key on the Account screen before you render.
          </p>
          <button type="button" className="button" onClick={props.onOpenAccount}>
            Go to Account
          </button>
        </div>
      )}
      <p className="vo-empty__hint">
        The sample is a short harbour scene for two speakers, with two lines too long for their
        slot. SRT, WebVTT or ASS. You can add the video (MP4, MOV, MKV or WebM) after: it plays
        muted with the voice-over, and you save it with the voice-over as its sound.
      </p>
    </div>
  )
}
