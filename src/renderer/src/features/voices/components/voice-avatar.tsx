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
  // Why two components: most voices have no avatar, and a list row should not pay for a query.
  return props.voice.avatarUrl === null ? (
    <Initials voice={props.voice} size={props.size ?? 'small'} />
  ) : (
    <AvatarImage voice={props.voice} size={props.size ?? 'small'} />
  )
}

function AvatarImage(props: { voice: Voice; size: 'small' | 'large' }): ReactElement {
  const url = useVoiceAvatar(props.voice)
  const size = props.size
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
  return <Initials voice={props.voice} size={size} />
}

function Initials(props: { voice: Voice; size: 'small' | 'large' }): ReactElement {
  return (
    <span
      className={`voice-avatar voice-avatar--${props.size} voice-avatar--initials`}
      data-kind={props.voice.type}
      aria-hidden="true"
    >
      {initials(props.voice.displayName)}
    </span>
  )
}
