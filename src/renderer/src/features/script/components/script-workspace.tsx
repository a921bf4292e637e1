import { useEffect, useState } from 'react'
import { startingProgress } from '../../../../../shared/domain/narration'
import type { DragEvent, ReactElement } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ErrorNotice } from '../../../components/error-notice'
import { DismissRow, Notice } from '../../../components/notice'
import { WorkspaceHeader } from '../../../components/workspace-header'
import { provideCommands } from '../../../lib/menu-commands'
import { useRecoveryOffers } from '../api/script-api'
import { useDocumentActions } from '../hooks/use-document-actions'
import { useDocumentSync } from '../hooks/use-document-sync'
import { useRenderSession } from '../hooks/use-render-session'
import { useScriptAudio } from '../hooks/use-script-audio'
import { useVoicesBridge } from '../hooks/use-voices-bridge'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { isDirty, useScriptDocumentStore } from '../stores/script-document-store'
import { AbDialog } from './ab-dialog'
import { BlockList } from './block-list'
import { CastPanel, LexiconPanel } from './cast-panel'
import { FindBar } from './find-bar'
import { RenderDialog } from './render-dialog'
import { RenderPanel } from './render-panel'
import { ScriptEmpty } from './script-empty'
import { applyMarkup, isMac, ScriptToolbar } from './script-toolbar'
import './script.css'

/** Where Ctrl+Z belongs to the field itself (find, replace, lexicon, pause): its own text undo. */
function isOwnUndoField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.classList.contains('block__text')) return false
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target.isContentEditable
  )
}

/** The totals line: its own component, so the keystrokes that change it re-render only it. */
function ScriptTotals(): ReactElement {
  const totalChars = useScriptDocumentStore((s) => s.totalChars)
  const totalBillable = useScriptDocumentStore((s) => s.totalBillable)
  const blockCount = useScriptDocumentStore((s) => s.order.length)
  return (
    <footer className="script-status" data-testid="script-totals">
      {blockCount.toLocaleString()} {blockCount === 1 ? 'block' : 'blocks'} ·{' '}
      {totalChars.toLocaleString()} characters · {totalBillable.toLocaleString()} billable
    </footer>
  )
}

/** The Script workspace: write a script, hear it, render it. */
export function ScriptWorkspace(props: { focusOnMount?: boolean }): ReactElement {
  const doc = useScriptDocumentStore((s) => s.doc)
  const title = useScriptDocumentStore((s) => s.meta.title)
  const dirty = useScriptDocumentStore((s) => isDirty(s))
  const findOpen = useEditorUiStore((s) => s.findOpen)
  const panel = useEditorUiStore((s) => s.panel)
  const actions = useDocumentActions()
  const audio = useScriptAudio()
  const session = useRenderSession()
  const recovery = useRecoveryOffers()
  const [dragging, setDragging] = useState(false)
  useDocumentSync()
  useVoicesBridge()

  const previewAtCaret = (): void => {
    const caret = useEditorUiStore.getState().caret
    const id = caret?.blockId ?? useScriptDocumentStore.getState().order[0]
    if (id === undefined) return
    const selection =
      caret !== null && caret.blockId === id && caret.end > caret.start
        ? { start: caret.start, end: caret.end }
        : undefined
    void audio.preview(id, selection)
  }

  // The menu's commands and their shortcuts (use-menu-commands.ts) run the toolbar's actions.
  useEffect(() =>
    provideCommands((menu) => {
      const hasDoc = useScriptDocumentStore.getState().doc !== null
      switch (menu.command) {
        case 'script:new':
          return (actions.newScript(), true)
        case 'script:open':
          return (actions.open(), true)
        case 'script:import':
          return (actions.importFile(), true)
        case 'script:openRecent':
          return (actions.openRecent(menu.recentId), true)
        case 'script:clearRecent':
          return (actions.clearRecent(), true)
        case 'script:save':
          return hasDoc && (actions.save(), true)
        case 'script:saveAs':
          return hasDoc && (actions.saveAs(), true)
        case 'script:export':
          return hasDoc && (actions.exportText(), true)
        case 'script:render':
          return hasDoc && (useEditorUiStore.getState().setRenderDialogOpen(true), true)
        case 'script:projectSettings':
          return hasDoc && (useEditorUiStore.getState().setProjectSettingsOpen(true), true)
        case 'edit:undo':
        case 'edit:redo':
          if (!hasDoc || isOwnUndoField(document.activeElement)) return false
          if (menu.command === 'edit:undo') useScriptDocumentStore.getState().undo()
          else useScriptDocumentStore.getState().redo()
          return true
        default:
          return false
      }
    }),
  )

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      const modifier = isMac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey
      if (!modifier || event.altKey) return
      const key = event.key.toLowerCase()
      const hasDoc = useScriptDocumentStore.getState().doc !== null
      const handled = ((): boolean => {
        if (!hasDoc) return false
        if ((key === 'z' || key === 'y') && isOwnUndoField(event.target)) return false
        if (key === 'z')
          return (
            event.shiftKey
              ? useScriptDocumentStore.getState().redo()
              : useScriptDocumentStore.getState().undo(),
            true
          )
        if (key === 'y' && !isMac) return (useScriptDocumentStore.getState().redo(), true)
        if (key === 'f') return (useEditorUiStore.getState().openFind(false), true)
        if (key === 'h') return (useEditorUiStore.getState().openFind(true), true)
        if (key === 'b') return (applyMarkup('break'), true)
        // Shift+Enter is Render (File > Render), handled with the menu's shortcuts.
        if (key === 'enter' && !event.shiftKey) return (previewAtCaret(), true)
        return false
      })()
      if (handled) event.preventDefault()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  })

  const onDrop = (event: DragEvent): void => {
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (file !== undefined) actions.importDropped(file)
  }

  const name = doc === null ? null : (doc.fileName ?? (title || 'Untitled script'))
  return (
    <section
      className={`workspace script-workspace${dragging ? ' script-workspace--dragging' : ''}`}
      aria-labelledby="workspace-title"
      onDragOver={(event) => {
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <WorkspaceHeader
        title="Script"
        focusOnMount={props.focusOnMount ?? false}
        description={
          name === null ? (
            'Write a narration script, hear any block, and render the whole script to audio files.'
          ) : (
            <span data-testid="script-title" title={doc?.location ?? 'Not saved yet'}>
              {name}
              {dirty ? ' — unsaved changes' : ' — saved'}
            </span>
          )
        }
      />
      {(recovery.data ?? []).map((offer) => (
        <Notice
          key={offer.docId}
          tone="warning"
          title="A script was not saved when VoiceDesk stopped"
          testId="recovery-offer"
        >
          <p className="notice__text">
            {offer.title || offer.fileName || 'Untitled script'} — {offer.words.toLocaleString()}{' '}
            words in {offer.blocks} blocks, last typed {new Date(offer.savedAt).toLocaleString()}.
          </p>
          <div className="button-row">
            <button
              type="button"
              className="button button--small button--primary"
              onClick={() => actions.restore(offer.docId)}
            >
              Restore it
            </button>
            <button
              type="button"
              className="button button--small"
              onClick={() => void actions.discardRecovery(offer.docId)}
            >
              Discard
            </button>
          </div>
        </Notice>
      ))}
      {actions.error !== null && <ErrorNotice error={actions.error} testId="script-file-error" />}
      {actions.exported !== null && (
        <Notice tone="success" title="Script exported" testId="script-exported">
          <p className="notice__text">
            {actions.exported.fileName} is in {actions.exported.location}.
          </p>
          <DismissRow onDismiss={actions.dismissExported} />
        </Notice>
      )}
      {actions.importNotices.length > 0 && (
        <Notice tone="info" title="Some parts were not imported" testId="import-notices">
          <ul className="notice__text">
            {actions.importNotices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
          <DismissRow onDismiss={actions.dismissImportNotices} />
        </Notice>
      )}
      {doc === null ? (
        <ScriptEmpty actions={actions} />
      ) : (
        <>
          <ScriptToolbar audio={audio} actions={actions} onPreview={previewAtCaret} />
          {findOpen && <FindBar />}
          {audio.status !== 'idle' && (
            <div
              className="script-player"
              role="status"
              data-testid="script-player"
              data-status={audio.status}
              data-stream={audio.streamPhase ?? 'none'}
            >
              <span>
                {audio.label}:{' '}
                {audio.status === 'loading' ? 'waiting for the first audio…' : audio.status}
                {audio.paused ? ' (paused)' : ''} · {audio.positionSec.toFixed(1)} s
              </span>
              {audio.error !== null && audio.failure === null && (
                <span className="field__error">{audio.error}</span>
              )}
            </div>
          )}
          {audio.failure !== null && (
            <ErrorNotice error={audio.failure} testId="script-audio-error" />
          )}
          {/* The editor and, beside it, one side panel (cast, lexicon, or another's settings). */}
          <div className={`script-body${panel !== null ? ' script-body--panel' : ''}`}>
            <BlockList audio={audio} />
            {panel === 'cast' && <CastPanel />}
            {panel === 'lexicon' && <LexiconPanel audio={audio} />}
          </div>
          <ScriptTotals />
          {/* The bottom dock: render progress and the finished render's summary and player. */}
          <div className="script-dock">
            <RenderPanel session={session} />
          </div>
          <AbDialog />
          <RenderDialog
            onStarted={(jobId, outputName) =>
              session.started({
                jobId,
                outputName,
                paused: null,
                progress: startingProgress(),
              })
            }
          />
        </>
      )}
      <ConfirmDialog
        open={actions.pendingDiscard !== null}
        title="Discard unsaved changes?"
        confirmLabel="Discard changes"
        tone="danger"
        onConfirm={actions.confirmDiscard}
        onCancel={actions.cancelDiscard}
      >
        The open script has changes that are not saved. Save it first, or discard the changes.
      </ConfirmDialog>
    </section>
  )
}
