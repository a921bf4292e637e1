import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { ReactElement } from 'react'
import type { Voice } from '../../../../../shared/domain/voice'
import { AppError } from '../../../../../shared/errors'
import { ErrorNotice } from '../../../components/error-notice'
import { Notice } from '../../../components/notice'
import { WorkspaceHeader } from '../../../components/workspace-header'
import { useScriptVoicesStore } from '../../../lib/shared-state/script-voices'
import {
  useDeleteVoice,
  useRefreshVoices,
  useReloadVoicesOnAccountChange,
  useVoiceLibrary,
  useFirstVoices,
  useVoiceList,
  useVoicesAccess,
} from '../api/voices-queries'
import { TrialSession } from '../hooks/trial-session'
import { useVoiceActions } from '../hooks/use-voice-actions'
import type { VoicePlayers } from '../hooks/use-voice-players'
import { createVoicePlayers, VoicePlayersContext } from '../hooks/use-voice-players'
import type { VoiceCriteria } from '../hooks/voice-search'
import { buildVoiceIndex, facetsOf, filterVoices, sortVoices } from '../hooks/voice-search'
import { useVoicesUiStore } from '../stores/voices-ui-store'
import { CreateVoiceDialog } from './create-voice-dialog'
import { DeleteVoiceDialog } from './delete-voice-dialog'
import { PlayerBar } from './player-bar'
import { VoiceDetails } from './voice-details'
import { VoiceList } from './voice-list'
import { VoiceToolbar } from './voice-toolbar'
import { NO_KEY_REASON_ID, VoicesOnboarding } from './voices-onboarding'
import './voices.css'

const EMPTY: readonly string[] = []

function isUnfiltered(criteria: VoiceCriteria): boolean {
  return (
    criteria.query.trim() === '' &&
    criteria.locale === '' &&
    criteria.gender === '' &&
    criteria.model === '' &&
    criteria.type === '' &&
    !criteria.favoritesOnly
  )
}

/** The Voices workspace: browse, preview, clone, delete voices and download samples. */
export function VoicesWorkspace(props: {
  focusOnMount?: boolean
  /** Opens the Account screen (the shell owns navigation). */
  onOpenAccount?: () => void
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
      <VoicesScreen
        focusOnMount={props.focusOnMount ?? false}
        trial={trial}
        onOpenAccount={props.onOpenAccount}
      />
    </VoicePlayersContext.Provider>
  )
}

function VoicesScreen(props: {
  focusOnMount: boolean
  trial: TrialSession
  onOpenAccount: (() => void) | undefined
}): ReactElement {
  useReloadVoicesOnAccountChange()
  const access = useVoicesAccess()
  const criteria = useVoicesUiStore((s) => s.criteria)
  const sort = useVoicesUiStore((s) => s.sort)
  // The first rows come first (a small call, asked before the whole list) when they are what the
  // list would show: no search or filter, sorted by name.
  const nameOrder = sort === 'name' || sort === 'name-desc' ? sort : null
  const unfiltered = isUnfiltered(criteria)
  const first = useFirstVoices(
    access.state === 'ready' && nameOrder !== null && unfiltered,
    nameOrder ?? 'name',
  )
  // Without a key there is nothing to ask the service: no call, no error, an onboarding panel.
  const list = useVoiceList(access.state === 'ready')
  const library = useVoiceLibrary()
  const refresh = useRefreshVoices()
  const remove = useDeleteVoice()
  const actions = useVoiceActions(props.trial)
  const selectedId = useVoicesUiStore((s) => s.selectedId)
  const select = useVoicesUiStore((s) => s.select)
  const createOpen = useVoicesUiStore((s) => s.createOpen)
  const setCreateOpen = useVoicesUiStore((s) => s.setCreateOpen)
  const deletingId = useVoicesUiStore((s) => s.deletingId)
  const askDelete = useVoicesUiStore((s) => s.askDelete)
  const inScriptIds = useScriptVoicesStore((s) => s.voiceIdsInOpenScript)
  const searchRef = useRef<HTMLInputElement>(null)
  const [created, setCreated] = useState<Voice | null>(null)
  const [deleted, setDeleted] = useState<string | null>(null)

  const partial =
    list.data === undefined && first.data !== undefined && nameOrder !== null && unfiltered
      ? first.data
      : null
  const voices = list.data ?? partial?.voices
  const index = useMemo(() => buildVoiceIndex(voices ?? []), [voices])
  const facets = useMemo(() => facetsOf(index), [index])
  const favorites = useMemo(() => new Set(library.data?.favorites ?? EMPTY), [library.data])
  const recent = library.data?.recent ?? EMPTY
  const inScript = useMemo(() => new Set(inScriptIds), [inScriptIds])
  // Sorted once per load, order or use; each keystroke only filters (which keeps the order).
  const sorted = useMemo(() => sortVoices(index, sort, recent), [index, sort, recent])
  const filtered = useMemo(
    () => filterVoices(sorted, criteria, favorites),
    [sorted, criteria, favorites],
  )
  const selected = useMemo(
    () => voices?.find((v) => v.id === selectedId) ?? null,
    [voices, selectedId],
  )
  const deleting = useMemo(
    () => voices?.find((v) => v.id === deletingId) ?? null,
    [voices, deletingId],
  )

  // "/" focuses the search box from anywhere in the workspace except a text field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return
      const target = event.target as HTMLElement | null
      const typing =
        target !== null &&
        (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
      if (typing || document.querySelector('dialog[open]') !== null) return
      event.preventDefault()
      searchRef.current?.focus()
      searchRef.current?.select()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const noKeyAccess =
    access.state === 'no-key' || access.state === 'key-elsewhere'
      ? access
      : list.error instanceof AppError && list.error.code === 'AUTH_MISSING'
        ? ({ state: 'no-key' } as const)
        : null
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
      className="workspace workspace--voices"
      aria-labelledby="workspace-title"
      data-testid="workspace"
    >
      <div className="voices-header">
        <WorkspaceHeader
          title="Voices"
          description="Find a voice for your scripts, listen to it, and manage the personal voices cloned from your recordings."
          focusOnMount={props.focusOnMount}
        />
        <div className="button-row">
          <button
            type="button"
            className="button"
            disabled={needsKey || refresh.isPending || list.isPending}
            aria-describedby={needsKey ? NO_KEY_REASON_ID : undefined}
            onClick={() => refresh.mutate()}
          >
            {refresh.isPending ? 'Refreshing…' : 'Refresh'}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={needsKey}
            aria-describedby={needsKey ? NO_KEY_REASON_ID : undefined}
            title={needsKey ? 'Needs an API key: add one on the Account screen' : undefined}
            onClick={() => setCreateOpen(true)}
          >
            New personal voice…
          </button>
        </div>
      </div>

      {library.data?.notice != null && (
        <Notice tone="warning" title="Local voice data was reset">
          <p className="notice__text">{library.data.notice}</p>
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
      {refresh.isError && <ErrorNotice error={refresh.error} testId="refresh-error" />}

      {noKeyAccess !== null ? (
        <VoicesOnboarding access={noKeyAccess} onOpenAccount={() => props.onOpenAccount?.()} />
      ) : list.isError ? (
        <div className="voices-error">
          <ErrorNotice error={list.error} testId="voices-error" />
          <button type="button" className="button" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <VoiceToolbar
            searchRef={searchRef}
            locales={facets.locales}
            models={facets.models}
            shown={filtered.length}
            total={index.length}
            loadingTotal={partial?.total ?? null}
          />
          <div className="voices-body">
            {list.isPending && partial === null ? (
              <div className="voice-list voice-list--loading" role="status">
                Loading voices…
              </div>
            ) : (
              <VoiceList
                entries={filtered}
                selectedId={selectedId}
                favorites={favorites}
                inScript={inScript}
                onSelect={select}
                onPreview={actions.preview}
                onToggleFavorite={actions.toggleFavorite}
                onDelete={onDelete}
              />
            )}
            <div className="voices-side">
              {selected !== null ? (
                <VoiceDetails
                  key={selected.id}
                  voice={selected}
                  library={library.data}
                  onPreview={actions.preview}
                  onTry={actions.tryText}
                  onStopTry={actions.stop}
                  onToggleFavorite={actions.toggleFavorite}
                  onDelete={onDelete}
                />
              ) : (
                <p className="voices-side__empty">
                  Select a voice to see its languages and tags, preview it or try it with your own
                  text. Keys: / search, ↑ ↓ move, Enter preview, Space favourite, Delete removes a
                  personal voice.
                </p>
              )}
            </div>
          </div>
        </>
      )}
      {!needsKey && <PlayerBar onStop={actions.stop} />}

      <CreateVoiceDialog
        open={createOpen}
        locales={facets.locales}
        onClose={() => setCreateOpen(false)}
        onCreated={(voice) => {
          setCreateOpen(false)
          setDeleted(null)
          setCreated(voice)
          select(voice.id)
        }}
      />
      <DeleteVoiceDialog
        voice={deleting}
        busy={remove.isPending}
        error={remove.error}
        onCancel={() => askDelete(null)}
        onConfirm={(voice) =>
          remove.mutate(voice.id, {
            onSuccess: () => {
              askDelete(null)
              setCreated(null)
              setDeleted(voice.displayName)
              if (selectedId === voice.id) select(null)
            },
          })
        }
      />
    </section>
  )
}
