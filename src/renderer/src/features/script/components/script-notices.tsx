import { useState } from 'react'
import type { ReactElement } from 'react'
import { InfoIcon } from '../../../components/icons'
import { AppError } from '../../../../../shared/errors'
import { ErrorNotice } from '../../../components/error-notice'
import { DismissRow, Notice } from '../../../components/notice'
import { useRecoveryOffers } from '../api/script-api'
import type { useDocumentActions } from '../hooks/use-document-actions'
import { leftOutSummary } from './left-out-summary'
import { useMarksBarShown } from './marks-toolbar'

type DocumentActions = ReturnType<typeof useDocumentActions>

/** A notice for each script that was not saved when the app stopped, to restore or discard. */
export function RecoveryOffers(props: { actions: DocumentActions }): ReactElement {
  const recovery = useRecoveryOffers()
  const { actions } = props
  return (
    <>
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
    </>
  )
}

/** Whether a file was refused for what it is (damaged, DRM, not a manuscript): another one helps. */
function unreadableFile(error: unknown): boolean {
  return error instanceof AppError && error.details?.unreadableFile === true
}

/**
 * What the last file action left to say: its error (a file that cannot be read with the one
 * thing that helps, opening another), the file exported.
 */
export function FileNotices(props: { actions: DocumentActions }): ReactElement {
  const { actions } = props
  return (
    <>
      {actions.error !== null && (
        <ErrorNotice
          error={actions.error}
          testId="script-file-error"
          action={
            unreadableFile(actions.error)
              ? { label: 'Open another file…', onClick: actions.open }
              : undefined
          }
        />
      )}
      {actions.exported !== null && (
        <Notice tone="success" title="Script exported" testId="script-exported">
          <p className="notice__text">
            {actions.exported.fileName} is in {actions.exported.location}.
          </p>
          <DismissRow onDismiss={actions.dismissExported} />
        </Notice>
      )}
    </>
  )
}

/**
 * What the last import left out, under the editor's toolbar; nothing when it took everything.
 * While the marks bar shows (words selected) it steps aside: one bar above the script at most.
 */
export function ImportNotices(props: { actions: DocumentActions }): ReactElement | null {
  const { actions } = props
  const marksBar = useMarksBarShown()
  if (actions.importNotices.length === 0 || marksBar) return null
  return <ImportNote notices={actions.importNotices} onDismiss={actions.dismissImportNotices} />
}

/**
 * What an import left out, in one short line under the toolbar: how many of what ("1 picture
 * was skipped; 1 note … was left out"), the reasons and fixes on Show all, so a short window
 * keeps its room for the script; Dismiss puts it away.
 */
function ImportNote(props: { notices: readonly string[]; onDismiss: () => void }): ReactElement {
  const [all, setAll] = useState(false)
  const text = props.notices.join(' ')
  const summary = leftOutSummary(props.notices)
  return (
    <div
      className={`notice notice--info script-import-note${all ? ' script-import-note--all' : ''}`}
      role="status"
      data-testid="import-notices"
    >
      <InfoIcon className="notice__icon" />
      <p className="script-import-note__text">
        <strong>Not imported:</strong> {all ? text : <span title={text}>{summary}.</span>}
        {!all && <span className="visually-hidden"> {text}</span>}
      </p>
      <span className="button-row script-import-note__actions">
        <button
          type="button"
          className="button button--small"
          aria-expanded={all}
          onClick={() => setAll(!all)}
        >
          {all ? 'Show less' : 'Show all'}
        </button>
        <button type="button" className="button button--small" onClick={props.onDismiss}>
          Dismiss
        </button>
      </span>
    </div>
  )
}
