import type { ReactElement } from 'react'
import { ErrorNotice } from '../../../components/error-notice'
import { DismissRow, Notice } from '../../../components/notice'
import { useRecoveryOffers } from '../api/script-api'
import type { useDocumentActions } from '../hooks/use-document-actions'

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

/** What the last file action left to say: its error, the file exported, what was not imported. */
export function FileNotices(props: { actions: DocumentActions }): ReactElement {
  const { actions } = props
  return (
    <>
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
    </>
  )
}
