import { useContext, useState } from 'react'
import type { ReactElement, ReactNode } from 'react'
import type { Voice } from '../../../../../shared/domain/voice'
import type { ScriptLink } from '../hooks/script-link'
import { NewScriptWithVoiceContext, useScriptLink } from '../hooks/script-link'
import type { VoiceoverLink } from '../hooks/voiceover-link'
import { useVoiceoverLink, VoiceVideoWithVoiceContext } from '../hooks/voiceover-link'

/**
 * Gives the voice to what is open: the script in Script (its default, or its current block) and
 * the voice-over in Voice-over (its main voice, or one speaker). Each is a change of that work
 * made the way its own workspace makes it. With nothing open, the voice starts one: a new script
 * in this voice, or a video's subtitles opened with it as their main voice.
 */
export function UseThisVoice(props: { voice: Voice }): ReactElement {
  const { voice } = props
  const [sent, setSent] = useState<string | null>(null)
  const script = useScriptLink()
  const voiceover = useVoiceoverLink()
  const newScript = useContext(NewScriptWithVoiceContext)
  const voiceVideo = useContext(VoiceVideoWithVoiceContext)
  const startScript = newScript !== null && (
    <button
      type="button"
      className="button button--small use-voice__start"
      onClick={() => newScript(voice.id)}
    >
      New script with this voice
    </button>
  )
  const startVoiceover = voiceVideo !== null && (
    <button
      type="button"
      className="button button--small use-voice__start"
      onClick={() => voiceVideo(voice.id)}
    >
      Voice a video with this voice…
    </button>
  )
  return (
    <div className="stack voice-details__block" data-testid="use-this-voice">
      <h3>Use this voice</h3>
      {script === null && voiceover === null ? (
        <>
          <p className="field__hint" data-testid="script-link">
            No script or voice-over is open yet. Start one in this voice:
          </p>
          <div className="button-row">
            {startScript}
            {startVoiceover}
          </div>
        </>
      ) : (
        <>
          {script !== null ? (
            <UseInScriptButtons voice={voice} script={script} onSent={setSent} />
          ) : (
            <StartGroup where="Script">{startScript}</StartGroup>
          )}
          {voiceover !== null ? (
            <UseInVoiceoverButtons voice={voice} voiceover={voiceover} onSent={setSent} />
          ) : (
            <StartGroup where="Voice-over">{startVoiceover}</StartGroup>
          )}
        </>
      )}
      <p className="field__hint" role="status" data-testid="script-sent">
        {sent}
      </p>
    </div>
  )
}

/** Where nothing of one kind is open while the other is: the way to start one in this voice. */
function StartGroup(props: { where: string; children: ReactNode }): ReactElement | null {
  if (props.children === false) return null
  return (
    <div className="use-voice__target" role="group" aria-label={props.where}>
      <span className="use-voice__where">{props.where}</span>
      <div className="button-row">{props.children}</div>
    </div>
  )
}

/** The voice as the open script's default, or for its current block. */
function UseInScriptButtons(props: {
  voice: Voice
  script: ScriptLink
  onSent: (words: string) => void
}): ReactElement {
  const { voice, script, onSent } = props
  const isDefault = script.defaultVoiceId === voice.id
  return (
    <div className="use-voice__target" role="group" aria-label="Script">
      <span className="use-voice__where">Script</span>
      <div className="button-row">
        <button
          type="button"
          className="button button--small"
          disabled={isDefault}
          onClick={() => {
            script.setDefaultVoice(voice.id)
            onSent(`${voice.displayName} is now the Script's default voice.`)
          }}
        >
          {isDefault ? 'Script default' : 'Use as Script default'}
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            const block = script.setBlockVoice(voice.id)
            onSent(
              block === null
                ? 'The open script has no block to give this voice to.'
                : `${voice.displayName} now speaks block ${block} of the Script.`,
            )
          }}
        >
          Use for a block
        </button>
      </div>
    </div>
  )
}

/** The voice as the open voice-over's main voice, or for one of its speakers. */
function UseInVoiceoverButtons(props: {
  voice: Voice
  voiceover: VoiceoverLink
  onSent: (words: string) => void
}): ReactElement {
  const { voice, voiceover, onSent } = props
  const [pending, setPending] = useState(false)
  const send = (work: () => Promise<void>, words: string): void => {
    setPending(true)
    work()
      .then(() => onSent(words))
      .catch(() =>
        onSent(
          `The voice-over could not be changed. Try again, or choose the voice in Voice-over.`,
        ),
      )
      .finally(() => setPending(false))
  }
  const isMain = voiceover.mainVoiceId === voice.id
  return (
    <div className="use-voice__target" role="group" aria-label={`Voice-over: ${voiceover.name}`}>
      <span className="use-voice__where" title={voiceover.name}>
        Voice-over · <span className="use-voice__name">{voiceover.name}</span>
      </span>
      <div className="button-row">
        <button
          type="button"
          className="button button--small"
          disabled={isMain || pending}
          onClick={() =>
            send(
              () => voiceover.setMainVoice(voice.id),
              `${voice.displayName} is now the voice-over’s main voice.`,
            )
          }
        >
          {isMain ? 'Main voice' : 'Use as main voice'}
        </button>
        {voiceover.speakers.map((speaker) => {
          const cast = speaker.voiceId === voice.id
          return (
            <button
              key={speaker.name}
              type="button"
              className="button button--small"
              disabled={cast || pending}
              onClick={() =>
                send(
                  () => voiceover.setSpeakerVoice(speaker.name, voice.id),
                  `${voice.displayName} now speaks ${speaker.name} in the voice-over.`,
                )
              }
            >
              {cast ? `Speaks ${speaker.name}` : `Use for ${speaker.name}`}
            </button>
          )
        })}
      </div>
    </div>
  )
}
