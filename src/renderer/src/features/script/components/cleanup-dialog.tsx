import { useId, useRef } from 'react'
import type { ReactElement, RefObject } from 'react'
import { formatCount } from '../../../../../shared/limits'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import { ErrorNotice } from '../../../components/error-notice'
import { useCleanupPreview, useCleanupRules } from '../hooks/use-cleanup-preview'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { CleanupEditor } from './cleanup-editor'
import { applyLabel, brokenRule, summaryOf } from './cleanup-words'

/** The summary of what the rules change, Cancel, and the primary action. */
export function CleanupFooter({
  summary,
  applyRef,
  applyLabel,
  canApply,
  onApply,
  onCancel,
  cancelLabel = 'Cancel',
}: {
  summary: string
  applyRef?: RefObject<HTMLButtonElement | null>
  applyLabel: string
  canApply: boolean
  onApply: () => void
  onCancel: () => void
  cancelLabel?: string
}): ReactElement {
  return (
    <>
      <p className="cleanup__summary" aria-live="polite" data-testid="cleanup-summary">
        {summary}
      </p>
      <button type="button" className="button" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button
        ref={applyRef}
        type="button"
        className="button button--primary"
        disabled={!canApply}
        onClick={onApply}
      >
        {applyLabel}
      </button>
    </>
  )
}

/**
 * Clean up text: the built-in rules and the user's own find-and-replace, with what each would
 * change listed before anything changes. Apply writes every change as one undoable edit and keeps
 * the rules for the next script.
 */
export function CleanupDialog(): ReactElement {
  const open = useEditorUiStore((s) => s.cleanupOpen)
  const [settings, setSettings, keep] = useCleanupRules(open)
  const { preview, loading, error } = useCleanupPreview(open, settings)
  const applyRef = useRef<HTMLButtonElement>(null)
  const introId = useId()
  const close = (): void => useEditorUiStore.getState().setCleanupOpen(false)
  const total = preview?.reports.reduce((sum, r) => sum + r.count, 0) ?? 0
  const projectRules = useScriptDocumentStore((s) => s.meta.cleanup)
  const broken = brokenRule(settings)
  const rulesChanged = JSON.stringify(projectRules ?? null) !== JSON.stringify(settings)
  const canApply =
    broken === null && preview !== null && (preview.changes.length > 0 || rulesChanged)
  const apply = (): void => {
    if (!canApply) return
    // The changes and the rules that made them go into the project as one undoable edit.
    useScriptDocumentStore.getState().replaceTexts(preview.changes, settings)
    // Also kept for the next new script; the text is already changed if this fails.
    keep(settings)
    close()
  }
  return (
    <DialogFrame
      open={open}
      title="Clean up text"
      onClose={close}
      size="wide"
      initialFocus={applyRef}
      describedBy={introId}
      className="cleanup"
      testId="cleanup-dialog"
      footer={
        <CleanupFooter
          summary={
            broken !== null
              ? `Rule ${formatCount(broken + 1)} cannot run yet: fix it or remove it to apply.`
              : loading
                ? 'Looking through the script…'
                : preview === null
                  ? ''
                  : summaryOf(preview)
          }
          applyRef={applyRef}
          applyLabel={applyLabel({
            verb: 'Apply',
            broken,
            total,
            otherwise: rulesChanged && preview !== null ? 'Keep these rules' : 'Apply',
          })}
          canApply={canApply}
          onApply={apply}
          onCancel={close}
        />
      }
    >
      <p id={introId} className="dialog__text">
        Tidy what would be read aloud before anything is paid for. Nothing changes until you apply;
        Undo takes it all back. The rules are kept with this project. Blocks with speech tags you
        wrote yourself are left as they are.
      </p>
      {error !== null && <ErrorNotice error={error} testId="cleanup-error" />}
      <CleanupEditor
        settings={settings}
        setSettings={setSettings}
        preview={preview}
        loading={loading}
        sets={open}
      />
    </DialogFrame>
  )
}
