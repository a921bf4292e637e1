import type { ReactElement } from 'react'
import type { Voice } from '../../../../../shared/domain/voice'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ErrorNotice } from '../../../components/error-notice'
import { Notice } from '../../../components/notice'
import { scriptUseOf, useScriptLink } from '../hooks/script-link'

/** Confirms deleting a personal voice by name, and warns when the open script uses it. */
export function DeleteVoiceDialog(props: {
  voice: Voice | null
  busy: boolean
  error: unknown
  onConfirm: (voice: Voice) => void
  onCancel: () => void
}): ReactElement {
  const { voice } = props
  const script = useScriptLink()
  const use = voice === null ? null : scriptUseOf(script, voice.id)
  return (
    <ConfirmDialog
      open={voice !== null}
      title={voice === null ? 'Delete voice' : `Delete “${voice.displayName}”?`}
      confirmLabel={props.busy ? 'Deleting…' : 'Delete voice'}
      tone="danger"
      busy={props.busy}
      onConfirm={() => {
        if (voice !== null) props.onConfirm(voice)
      }}
      onCancel={props.onCancel}
    >
      <p>
        The personal voice <strong>{voice?.displayName}</strong> (
        <span className="mono">{voice?.id}</span>) and its sample are deleted from the service. This
        cannot be undone.
      </p>
      {use !== null && (
        <div data-testid="delete-in-script">
          <Notice tone="warning" title="The open script uses this voice">
            {use.asDefault && (
              <p className="notice__text">
                It is the script’s default voice. Choose another default in Script after deleting
                it.
              </p>
            )}
            {use.inBlocks && (
              <p className="notice__text">
                Some blocks of the open script are spoken in it. They will need another voice before
                the next render.
              </p>
            )}
          </Notice>
        </div>
      )}
      {props.error !== null && <ErrorNotice error={props.error} testId="delete-error" />}
    </ConfirmDialog>
  )
}
