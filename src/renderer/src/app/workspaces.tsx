import { useMemo } from 'react'
import type { ComponentType, ReactElement, SVGProps } from 'react'
import {
  AccountIcon,
  ConversationsIcon,
  ScriptIcon,
  VoiceoverIcon,
  VoicesIcon,
} from '../components/icons'
import { useAccountStatus } from '../features/account/api/account-queries'
import { AccountScreen } from '../features/account/components/account-screen'
import { ConversationsWorkspace } from '../features/conversations/components/conversations-workspace'
import { ScriptWorkspace } from '../features/script/components/script-workspace'
import {
  newScriptWithVoice,
  setCaretBlockVoice,
  setScriptDefaultVoice,
  useOpenScriptVoices,
} from '../features/script/hooks/use-open-script-voices'
import type { ScriptLink } from '../features/voices/hooks/script-link'
import type { VoiceoverLink } from '../features/voices/hooks/voiceover-link'
import { VoicesWorkspace } from '../features/voices/components/voices-workspace'
import { VoiceoverWorkspace } from '../features/voiceover/components/voiceover-workspace'
import {
  useOpenVoiceoverCast,
  voiceNextSubtitles,
} from '../features/voiceover/hooks/use-open-voiceover-cast'
import type { WorkspaceId } from './navigation-store'
import { useNavigationStore } from './navigation-store'

export interface WorkspaceEntry {
  id: WorkspaceId
  label: string
  /** The digit of its Ctrl/Cmd shortcut. */
  digit: string
  Icon: (props: SVGProps<SVGSVGElement>) => ReactElement
  Screen: ComponentType<{ focusOnMount?: boolean }>
}

/**
 * The script open in Script as Voices uses it: read from the script's own document and changed
 * by edits of it (undoable there, sent to main like any other), so Voices holds no copy of it.
 */
function useOpenScriptLink(): ScriptLink | null {
  const script = useOpenScriptVoices()
  return useMemo(
    () =>
      script === null
        ? null
        : {
            ...script,
            setDefaultVoice: (voiceId: string) => void setScriptDefaultVoice(voiceId),
            setBlockVoice: setCaretBlockVoice,
          },
    [script],
  )
}

/**
 * The voice-over open in Voice-over as Voices uses it: read from main's view of the project and
 * changed through the same call as Voice-over's own Main voice and Cast.
 */
function useOpenVoiceoverLink(): VoiceoverLink | null {
  const voiceover = useOpenVoiceoverCast()
  return useMemo(
    () =>
      voiceover === null
        ? null
        : {
            name: voiceover.name,
            mainVoiceId: voiceover.mainVoiceId,
            speakers: voiceover.speakers,
            setMainVoice: (voiceId: string) => voiceover.apply({ voiceId }),
            setSpeakerVoice: (speaker: string, voiceId: string) =>
              voiceover.apply({ cast: { [speaker]: voiceId } }),
          },
    [voiceover],
  )
}

/**
 * Voices, given the account status and the open script (other features': the shell hands them
 * over), and the way to the Account screen its no-key state offers (as Ctrl+5 would: focus moves
 * there). With nothing open, a voice starts a new script or a voice-over of its own: Script's New
 * and Voice-over's Open subtitles…, each told the voice, then that workspace shown.
 */
function VoicesEntry(props: { focusOnMount?: boolean }): ReactElement {
  const open = useNavigationStore((state) => state.open)
  const { data: accountStatus } = useAccountStatus()
  const script = useOpenScriptLink()
  const voiceover = useOpenVoiceoverLink()
  return (
    <VoicesWorkspace
      {...props}
      accountStatus={accountStatus}
      script={script}
      voiceover={voiceover}
      onOpenAccount={() => open('account', 'shortcut')}
      onNewScript={(voiceId) => {
        newScriptWithVoice(voiceId)
        open('script', 'shortcut')
      }}
      onVoiceVideo={(voiceId) => {
        voiceNextSubtitles(voiceId)
        open('voiceover', 'shortcut')
      }}
    />
  )
}

/** Conversations, told whether a key is set (its overview offers the way to Account without one). */
function ConversationsEntry(props: { focusOnMount?: boolean }): ReactElement {
  const open = useNavigationStore((state) => state.open)
  const { data: accountStatus } = useAccountStatus()
  return (
    <ConversationsWorkspace
      {...props}
      hasKey={accountStatus === undefined || accountStatus.hasKey}
      onOpenAccount={() => open('account', 'shortcut')}
    />
  )
}

/** Voice-over, told whether a key is set (its empty state offers the way to Account without one). */
function VoiceoverEntry(props: { focusOnMount?: boolean }): ReactElement {
  const open = useNavigationStore((state) => state.open)
  const { data: accountStatus } = useAccountStatus()
  return (
    <VoiceoverWorkspace
      {...props}
      hasKey={accountStatus === undefined || accountStatus.hasKey}
      onOpenAccount={() => open('account', 'shortcut')}
    />
  )
}

/** Script, told whether a key is set (without one it says so first, with the way to Account). */
function ScriptEntry(props: { focusOnMount?: boolean }): ReactElement {
  const open = useNavigationStore((state) => state.open)
  const { data: accountStatus } = useAccountStatus()
  return (
    <ScriptWorkspace
      {...props}
      keyMissing={accountStatus !== undefined && !accountStatus.hasKey}
      onOpenAccount={() => open('account', 'shortcut')}
    />
  )
}

/** The workspaces in sidebar order; their position gives the Ctrl/Cmd+1..5 shortcut. */
export const WORKSPACES: readonly WorkspaceEntry[] = [
  { id: 'script', label: 'Script', digit: '1', Icon: ScriptIcon, Screen: ScriptEntry },
  { id: 'voices', label: 'Voices', digit: '2', Icon: VoicesIcon, Screen: VoicesEntry },
  {
    id: 'conversations',
    label: 'Conversations',
    digit: '3',
    Icon: ConversationsIcon,
    Screen: ConversationsEntry,
  },
  {
    id: 'voiceover',
    label: 'Voice-over',
    digit: '4',
    Icon: VoiceoverIcon,
    Screen: VoiceoverEntry,
  },
  { id: 'account', label: 'Account', digit: '5', Icon: AccountIcon, Screen: AccountScreen },
]
