import { useQueryClient } from '@tanstack/react-query'
import { Loader2, Play, Square } from 'lucide-react'
import { memo } from 'react'
import type { ReactElement } from 'react'
import type { Voice } from '../../../shared/domain/voice'
import {
  playVoicePreview,
  stopVoicePreview,
  useVoicePreviewState,
} from '../lib/shared-state/voice-preview'
import './voice-play-button.css'

/**
 * Play / Stop for one voice's preview, on the window's one preview player: the same button in
 * Voices' list and in Script's voice picker. `onPlay` replaces the plain preview (Voices also
 * stops a trial and remembers the voice as used); without it the button plays the preview itself.
 */
export const VoicePlayButton = memo(function VoicePlayButton(props: {
  voice: Voice
  onPlay?: (voice: Voice) => void
  /** -1 keeps it out of the Tab order where a list already reaches it another way. */
  tabIndex?: number
  className?: string
}): ReactElement {
  const { voice } = props
  const queryClient = useQueryClient()
  const state = useVoicePreviewState(voice.id)
  const active = state !== 'idle'
  const Icon = state === 'loading' ? Loader2 : active ? Square : Play
  return (
    <button
      type="button"
      className={`voice-play${active ? ' voice-play--active' : ''}${props.className === undefined ? '' : ` ${props.className}`}`}
      aria-label={`${active ? 'Stop' : 'Play'} ${voice.displayName}`}
      title={
        active
          ? `Stop the preview of ${voice.displayName}`
          : `Play a preview of ${voice.displayName}`
      }
      data-testid="voice-play"
      data-state={state}
      tabIndex={props.tabIndex}
      onClick={(event) => {
        // Why: inside a row or a picker option, the click plays; it does not pick or select.
        event.stopPropagation()
        if (active) stopVoicePreview()
        else if (props.onPlay !== undefined) props.onPlay(voice)
        else playVoicePreview(queryClient, voice)
      }}
    >
      <Icon className="voice-play__icon" aria-hidden="true" focusable="false" />
    </button>
  )
})
