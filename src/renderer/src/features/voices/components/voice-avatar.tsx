import type { ReactElement } from 'react'
import type { Voice } from '../../../../../shared/domain/voice'
import { useVoiceAvatar } from '../api/voices-queries'

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : name.trim().slice(0, 2)
  return letters.toUpperCase() || '?'
}

/** The voice's avatar (bytes from main as a blob: URL), or its initials when it has none. */
export function VoiceAvatar(props: { voice: Voice; size?: 'small' | 'large' }): ReactElement {
  const url = useVoiceAvatar(props.voice)
  const size = props.size ?? 'small'
  if (url !== null) {
    return (
      <img
        className={`voice-avatar voice-avatar--${size}`}
        src={url}
        alt=""
        data-testid="voice-avatar-image"
      />
    )
  }
  return (
    <span
      className={`voice-avatar voice-avatar--${size} voice-avatar--initials`}
      data-kind={props.voice.type}
      aria-hidden="true"
    >
      {initials(props.voice.displayName)}
    </span>
  )
}
