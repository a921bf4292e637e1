import { GitCompare, Headphones, PencilLine, Play, Plus, Trash } from 'lucide-react'
import { memo } from 'react'
import type { ReactElement } from 'react'
import { IconButton } from '../../../components/ui/icon-button'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'

/**
 * A block's actions: preview, play the rendered audio (or go back to editing) once rendered,
 * compare voices, add a block below, delete. Its props are plain values and stable callbacks, so
 * typing in the block (a new text on every key) does not draw these buttons again.
 */
export const BlockActions = memo(function BlockActions(props: {
  id: string
  index: number
  rendered: boolean
  reading: boolean
  preview: (blockId: string) => Promise<void>
  playRendered: (blockId: string) => Promise<void>
  stop: () => void
}): ReactElement {
  const { id, index, reading } = props
  return (
    <div className="block__actions" role="group" aria-label={`Block ${index + 1} actions`}>
      <IconButton
        label="Preview"
        hint="Preview this block"
        icon={Play}
        onClick={() => void props.preview(id)}
      />
      {props.rendered && (
        <IconButton
          label={reading ? 'Back to editing' : 'Play rendered'}
          hint={reading ? 'Back to editing' : 'Play the rendered audio with the words highlighted'}
          icon={reading ? PencilLine : Headphones}
          onClick={() => (reading ? props.stop() : void props.playRendered(id))}
        />
      )}
      <IconButton
        label={`Compare voices for block ${index + 1}`}
        hint="Compare two voices (A/B) at the same loudness, and keep one"
        icon={GitCompare}
        onClick={() => useEditorUiStore.getState().openAb(id)}
      />
      <IconButton
        label="Add below"
        hint="Add a block below this one"
        icon={Plus}
        onClick={() => useScriptDocumentStore.getState().insertBlockAfter(id)}
      />
      <IconButton
        label="Delete"
        hint="Delete this block (undo brings it back)"
        icon={Trash}
        tone="danger"
        shortcut={undefined}
        onClick={() => useScriptDocumentStore.getState().removeBlock(id)}
      />
    </div>
  )
})
