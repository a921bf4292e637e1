import { startingProgress } from '../../../../../shared/domain/narration'
import { useEffect } from 'react'
import type { ReactElement } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { PdfImportDialog } from './pdf-import-dialog'
import { ImportProgressDialog } from './import-progress-dialog'
import { ImportReviewDialog } from './import-review-dialog'
import { WorkspaceHeader } from '../../../components/workspace-header'
import { refreshAllBlockMarks } from '../api/document-sync'
import { useDocumentActions } from '../hooks/use-document-actions'
import { useFileDrop } from '../hooks/use-file-drop'
import { useRenderSession } from '../hooks/use-render-session'
import { useScriptAudio } from '../hooks/use-script-audio'
import type { ScriptAudio } from '../hooks/use-script-audio'
import {
  previewAtCaret,
  useScriptMenuCommands,
  useScriptShortcuts,
} from '../hooks/use-script-commands'
import { ONE_PANEL_QUERY, useEditorUiStore } from '../stores/editor-ui-store'
import { isDirty, useScriptDocumentStore } from '../stores/script-document-store'
import { AbDialog } from './ab-dialog'
import { BlockList } from './block-list'
import { CastPanel } from './cast-panel'
import { LexiconPanel } from './lexicon-panel'
import { ChapterOutline } from './chapter-outline'
import { FindBar } from './find-bar'
import { MarksToolbar } from './marks-toolbar'
import { RenderDialog } from './render-dialog'
import { RenderPanel } from './render-panel'
import { ScriptEmpty } from './script-empty'
import { FileNotices, ImportNotices, RecoveryOffers } from './script-notices'
import { PlaybackStatus, ScriptTotals } from './script-status'
import { ScriptToolbar } from './script-toolbar'
import { KeyBanner, VoiceBanner } from './voice-banner'
import type { ScriptKeyAccess } from './voice-banner'
import './script.css'

/**
 * The open script: toolbar, what an import left out, the key or voice banner, editor with its side
 * panel, totals, and the render dock.
 */
function ScriptEditor(props: {
  audio: ScriptAudio
  actions: ReturnType<typeof useDocumentActions>
  session: ReturnType<typeof useRenderSession>
  access: ScriptKeyAccess
}): ReactElement {
  const { audio, session } = props
  const findOpen = useEditorUiStore((s) => s.findOpen)
  const panel = useEditorUiStore((s) => s.panel)
  const outline = useEditorUiStore((s) => s.outlineOpen)
  // A window made narrow with the outline and a panel open keeps one: the panel, the later choice.
  useEffect(() => {
    const query = globalThis.matchMedia(ONE_PANEL_QUERY)
    const fit = (): void => useEditorUiStore.getState().fitPanelsToWindow()
    fit()
    query.addEventListener('change', fit)
    return () => query.removeEventListener('change', fit)
  }, [])
  return (
    <>
      <ScriptToolbar
        audio={audio}
        actions={props.actions}
        onPreview={() => previewAtCaret(audio)}
      />
      {findOpen && <FindBar />}
      <MarksToolbar audio={audio} />
      <PlaybackStatus audio={audio} />
      <ImportNotices actions={props.actions} />
      {props.access.keyMissing === true && props.access.onOpenAccount !== undefined ? (
        <KeyBanner onOpenAccount={props.access.onOpenAccount} />
      ) : (
        <VoiceBanner />
      )}
      {/* The chapter outline, the editor and, beside it, one side panel (cast or lexicon). */}
      <div
        className={`script-body${panel !== null ? ` script-body--panel script-body--${panel}` : ''}${outline ? ' script-body--outline' : ''}`}
      >
        {outline && <ChapterOutline />}
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
          session.started({ jobId, outputName, paused: null, progress: startingProgress() })
        }
      />
    </>
  )
}

/** The Script workspace: write a script, hear it, render it. */
export function ScriptWorkspace(props: { focusOnMount?: boolean } & ScriptKeyAccess): ReactElement {
  const doc = useScriptDocumentStore((s) => s.doc)
  const title = useScriptDocumentStore((s) => s.meta.title)
  const dirty = useScriptDocumentStore((s) => isDirty(s))
  const actions = useDocumentActions()
  const audio = useScriptAudio()
  const session = useRenderSession()
  const drop = useFileDrop(actions.importDropped)
  // Why every block's mark again on showing: a render that ended while another workspace was
  // shown told no one (its events reach the render session, which lives here).
  useEffect(() => refreshAllBlockMarks(), [])
  useScriptMenuCommands(actions)
  useScriptShortcuts(audio)

  const name = doc === null ? null : (doc.fileName ?? (title || 'Untitled script'))
  return (
    <section
      className={`workspace script-workspace${drop.dragging ? ' script-workspace--dragging' : ''}`}
      aria-labelledby="workspace-title"
      {...drop.handlers}
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
      <RecoveryOffers actions={actions} />
      <FileNotices actions={actions} />
      {doc === null ? (
        <ScriptEmpty actions={actions} access={props} />
      ) : (
        <ScriptEditor audio={audio} actions={actions} session={session} access={props} />
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
      <PdfImportDialog
        ask={actions.pdfAsk}
        onSubmit={actions.submitPdf}
        onCancel={actions.cancelPdf}
      />
      <ImportProgressDialog reading={actions.openReading} onCancel={actions.cancelOpenReading} />
      <ImportReviewDialog
        review={actions.importReview.review}
        onOpen={actions.importReview.open}
        onCancel={actions.importReview.cancel}
      />
    </section>
  )
}
