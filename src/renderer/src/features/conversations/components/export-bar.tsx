import type { ReactElement } from 'react'
import type { ExportFormat } from '../../../../../shared/domain/conversation-watch'
import { ErrorNotice } from '../../../components/error-notice'
import { Notice } from '../../../components/notice'
import { useExportConversation } from '../api/conversation-queries'
import { fileNameOf, ShowInFolder } from './show-in-folder'

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'json', label: 'JSON' },
  { format: 'markdown', label: 'Markdown' },
  { format: 'text', label: 'Text' },
]

/** Export as JSON (records as received), Markdown or plain text, through the save dialog. */
export function ExportBar(props: { conversationId: string }): ReactElement {
  const exporter = useExportConversation()
  return (
    <div className="stack export-bar">
      <div className="button-row" role="group" aria-label="Export">
        <span className="field__label">Export</span>
        {FORMATS.map(({ format, label }) => (
          <button
            key={format}
            type="button"
            className="button button--small"
            disabled={exporter.isPending}
            onClick={() => exporter.mutate({ id: props.conversationId, format })}
          >
            {label}
          </button>
        ))}
      </div>
      {exporter.isError && <ErrorNotice error={exporter.error} testId="export-error" />}
      {exporter.isSuccess && exporter.data !== null && (
        <Notice tone="success" title="Exported" testId="export-done">
          <p className="notice__text">Saved {fileNameOf(exporter.data.path)}.</p>
          <ShowInFolder path={exporter.data.path} />
        </Notice>
      )}
    </div>
  )
}
