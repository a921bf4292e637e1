import { RefreshCw } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import type { Voice } from '../../../../../shared/domain/voice'
import { ErrorNotice } from '../../../components/error-notice'
import { Notice } from '../../../components/notice'
import { WorkspaceHeader } from '../../../components/workspace-header'
import type { VoiceLibrary } from '../../../../../shared/ipc/contract'
import {
  useDeleteVoice,
  useRefreshVoices,
  useReloadVoicesOnAccountChange,
} from '../api/voices-queries'
import type { ScriptLink } from '../hooks/script-link'
import { NewScriptWithVoiceContext, ScriptLinkContext, useScriptLink } from '../hooks/script-link'
import type { VoiceoverLink } from '../hooks/voiceover-link'
import { VoiceoverLinkContext, VoiceVideoWithVoiceContext } from '../hooks/voiceover-link'
import { TrialSession } from '../hooks/trial-session'
import { useVoiceActions } from '../hooks/use-voice-actions'
import { useSearchShortcut, useVoiceCatalog } from '../hooks/use-voice-catalog'
import type { VoicePlayers } from '../hooks/use-voice-players'
import { createVoicePlayers, VoicePlayersContext } from '../hooks/use-voice-players'
import { keyMissing, voicesAccess } from '../hooks/voices-access'
import { useVoicesUiStore } from '../stores/voices-ui-store'
import { CreateVoiceDialog } from './create-voice-dialog'
import { DeleteVoiceDialog } from './delete-voice-dialog'
import { PlayerBar } from './player-bar'
import { VoicesBrowser } from './voices-browser'
import { NO_KEY_REASON_ID, VoicesOnboarding } from './voices-onboarding'
import './voices.css'

/** A voice just created (the voice) or deleted (its name). */
type VoiceChange = { created: Voice } | { deleted: string }

/** The Voices workspace: browse, preview, clone, delete voices and download samples. */
export function VoicesWorkspace(props: {
  focusOnMount?: boolean
  /** The account status (undefined while it loads): without a usable key Voices asks for one. */
  accountStatus: AccountStatus | undefined
  /** Opens the Account screen (the shell owns navigation). */
  onOpenAccount?: () => void
  /** A new script with this voice as its default, shown in Script: offered while none is open. */
  onNewScript?: (voiceId: string) => void
  /** The script open in Script (the shell hands it over from that script), or null: none open. */
  script: ScriptLink | null
  /** The voice-over open in Voice-over (handed over the same way), or null: none open. */
  voiceover?: VoiceoverLink | null
  /** Voice-over's subtitle picker, this voice then the main voice: offered while none is open. */
  onVoiceVideo?: (voiceId: string) => void
}): ReactElement {
  const [players] = useState<VoicePlayers>(createVoicePlayers)
  const [trial] = useState(() => new TrialSession(players.trial))
  useEffect(() => trial.attach(), [trial])
  useEffect(
    () => () => {
      players.preview.stop()
      players.trial.stop()
    },
    [players],
  )
  return (
    <VoicePlayersContext.Provider value={players}>
      <ScriptLinkContext.Provider value={props.script}>
        <NewScriptWithVoiceContext.Provider value={props.onNewScript ?? null}>
          <VoiceoverLinkContext.Provider value={props.voiceover ?? null}>
            <VoiceVideoWithVoiceContext.Provider value={props.onVoiceVideo ?? null}>
              <VoicesScreen
                focusOnMount={props.focusOnMount ?? false}
                accountStatus={props.accountStatus}
                trial={trial}
                onOpenAccount={props.onOpenAccount}
              />
            </VoiceVideoWithVoiceContext.Provider>
          </VoiceoverLinkContext.Provider>
        </NewScriptWithVoiceContext.Provider>
      </ScriptLinkContext.Provider>
    </VoicePlayersContext.Provider>
  )
}

function VoicesScreen(props: {
  focusOnMount: boolean
  accountStatus: AccountStatus | undefined
  trial: TrialSession
  onOpenAccount: (() => void) | undefined
}): ReactElement {
  useReloadVoicesOnAccountChange()
  const access = voicesAccess(props.accountStatus)
  const catalog = useVoiceCatalog(access, useScriptLink())
  const refresh = useRefreshVoices()
  const remove = useDeleteVoice()
  const actions = useVoiceActions(props.trial)
  const select = useVoicesUiStore((s) => s.select)
  const selectedId = useVoicesUiStore((s) => s.selectedId)
  const createOpen = useVoicesUiStore((s) => s.createOpen)
  const setCreateOpen = useVoicesUiStore((s) => s.setCreateOpen)
  const askDelete = useVoicesUiStore((s) => s.askDelete)
  const searchRef = useRef<HTMLInputElement>(null)
  // The last voice created or deleted here, for the notice that says so.
  const [change, setChange] = useState<VoiceChange | null>(null)
  useSearchShortcut(searchRef)

  const noKeyAccess = keyMissing(access, catalog.list.error)
  const needsKey = noKeyAccess !== null

  const onDelete = useCallback(
    (voice: Voice) => {
      remove.reset()
      askDelete(voice.id)
    },
    [askDelete, remove],
  )

  return (
    <section
      className="workspace workspace--fill workspace--voices"
      aria-labelledby="workspace-title"
      data-testid="workspace"
    >
      <VoicesHeader
        focusOnMount={props.focusOnMount}
        needsKey={needsKey}
        refreshDisabled={refresh.isPending || catalog.list.isPending}
        refreshing={refresh.isPending}
        onRefresh={() => refresh.mutate()}
        onCreate={() => setCreateOpen(true)}
      />
      <VoicesNotices library={catalog.library.data} change={change} />
      <MissingScriptDefault voices={catalog.list.data} />
      {refresh.isError && <ErrorNotice error={refresh.error} testId="refresh-error" />}

      {noKeyAccess !== null ? (
        <VoicesOnboarding access={noKeyAccess} onOpenAccount={() => props.onOpenAccount?.()} />
      ) : (
        <VoicesBody catalog={catalog} actions={actions} searchRef={searchRef} onDelete={onDelete} />
      )}
      {!needsKey && <PlayerBar onStop={actions.stop} />}

      <CreateVoiceDialog
        open={createOpen}
        locales={catalog.facets.locales}
        onClose={() => setCreateOpen(false)}
        onCreated={(voice) => {
          setCreateOpen(false)
          setChange({ created: voice })
          select(voice.id)
        }}
      />
      <DeleteVoiceDialog
        voice={catalog.deleting}
        busy={remove.isPending}
        error={remove.error}
        onCancel={() => askDelete(null)}
        onConfirm={(voice) =>
          remove.mutate(voice.id, {
            onSuccess: () => {
              askDelete(null)
              setChange({ deleted: voice.displayName })
              if (selectedId === voice.id) select(null)
            },
          })
        }
      />
    </section>
  )
}

/** The title, and Refresh and New personal voice (both need a key: Refresh shows only with one). */
function VoicesHeader(props: {
  focusOnMount: boolean
  needsKey: boolean
  refreshDisabled: boolean
  refreshing: boolean
  onRefresh: () => void
  onCreate: () => void
}): ReactElement {
  const { needsKey } = props
  return (
    <div className="voices-header">
      <WorkspaceHeader
        title="Voices"
        description="Find a voice, hear it, or clone your own."
        focusOnMount={props.focusOnMount}
      />
      <div className="button-row">
        {/* A secondary button beside the primary action (framed, with its icon, so it reads as
            a button): refreshing is a rare chore, not the screen's task. Without a key there is
            nothing to refresh, so it is not shown at all. */}
        {!needsKey && (
          <button
            type="button"
            className="button"
            disabled={props.refreshDisabled}
            onClick={props.onRefresh}
          >
            <RefreshCw size={14} aria-hidden="true" />
            {props.refreshing ? 'Refreshing…' : 'Refresh'}
          </button>
        )}
        {/* Without a key the primary action is onboarding's "Go to Account": this one is plain. */}
        <button
          type="button"
          className={needsKey ? 'button' : 'button button--primary'}
          disabled={needsKey}
          aria-describedby={needsKey ? NO_KEY_REASON_ID : undefined}
          title={needsKey ? 'Needs an API key: add one on the Account screen' : undefined}
          onClick={props.onCreate}
        >
          New personal voice…
        </button>
      </div>
    </div>
  )
}

/** What just happened: local data reset, a voice created or deleted. */
function VoicesNotices(props: {
  library: VoiceLibrary | undefined
  change: VoiceChange | null
}): ReactElement {
  const { library, change } = props
  const created = change !== null && 'created' in change ? change.created : null
  const deleted = change !== null && 'deleted' in change ? change.deleted : null
  return (
    <>
      {library?.notice != null && (
        <Notice tone="warning" title="Local voice data was reset">
          <p className="notice__text">{library.notice}</p>
        </Notice>
      )}
      {created !== null && (
        <Notice tone="success" title={`Created “${created.displayName}”`} testId="voice-created">
          <p className="notice__text">
            The personal voice is ready to use. A consent record was kept with it.
          </p>
        </Notice>
      )}
      {deleted !== null && (
        <Notice tone="success" title={`Deleted “${deleted}”`} testId="voice-deleted" />
      )}
    </>
  )
}

/**
 * Says when the open script's default voice is not among the account's voices (deleted here or
 * elsewhere): its render would fail on it. Judged against the whole list only, never the first rows.
 */
function MissingScriptDefault(props: {
  voices: readonly Voice[] | undefined
}): ReactElement | null {
  const defaultVoiceId = useScriptLink()?.defaultVoiceId ?? null
  const { voices } = props
  if (defaultVoiceId === null || voices === undefined) return null
  if (voices.some((voice) => voice.id === defaultVoiceId)) return null
  return (
    <Notice
      tone="warning"
      title="The open script’s default voice is gone"
      testId="script-default-missing"
    >
      <p className="notice__text">
        The script’s default voice is not among your voices any more. Choose another one here with
        “Use as Script default”, or in Script’s Cast panel.
      </p>
    </Notice>
  )
}

/** The list and details, or what went wrong loading the list with a way to try again. */
function VoicesBody(props: Parameters<typeof VoicesBrowser>[0]): ReactElement {
  const { list } = props.catalog
  if (!list.isError) return <VoicesBrowser {...props} />
  return (
    <div className="stack voices-error">
      <ErrorNotice error={list.error} testId="voices-error" />
      <button type="button" className="button" onClick={() => void list.refetch()}>
        Try again
      </button>
    </div>
  )
}
