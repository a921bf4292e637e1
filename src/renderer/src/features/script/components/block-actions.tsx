import {
  Ellipsis,
  GitCompare,
  Headphones,
  History,
  PencilLine,
  Play,
  Plus,
  Trash,
} from 'lucide-react'
import type { LucideIcon, LucideProps } from 'lucide-react'
import { forwardRef, memo, useState } from 'react'
import type { FocusEvent, ReactElement } from 'react'
import { IconButton } from '../../../components/ui/icon-button'
import { MenuButton } from '../../../components/ui/menu'
import type { MenuItem } from '../../../components/ui/menu'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'

/**
 * Stands in for an action's icon while its row is out of hover and focus: that is what keeps the
 * actions out of sight (a plain icon button without its icon draws nothing), and every icon is an
 * SVG that each frame's paint and layerizing walk: five per row in some twenty rows made typing
 * in one block cost about twice as much per key.
 */
const UnlitIcon: LucideIcon = forwardRef<SVGSVGElement, Omit<LucideProps, 'ref'>>(
  function UnlitIcon() {
    return null
  },
)

/**
 * Whether a block row is lit: the pointer is over it or the focus is in it, which is when its
 * actions show. The handlers go on the row.
 */
export function useRowLit(): {
  lit: boolean
  handlers: {
    onPointerEnter: () => void
    onPointerLeave: () => void
    onFocus: () => void
    onBlur: (event: FocusEvent<HTMLElement>) => void
  }
} {
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  return {
    lit: hovered || focused,
    handlers: {
      onPointerEnter: () => setHovered(true),
      onPointerLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      // The focus moving between the row's own controls keeps it lit, and so does the window
      // losing the focus (the row's control stays the page's active element, still styled so).
      onBlur: (event) => {
        const next = event.relatedTarget ?? document.activeElement
        if (!(next instanceof Node) || !event.currentTarget.contains(next)) setFocused(false)
      },
    },
  }
}

/**
 * The More menu's items: play the rendered audio (or go back to editing) once rendered, compare
 * voices, Preview and Takes again (a narrow editor's rail keeps only this menu), add a block
 * below, delete. They carry icons only while the row is lit, as its buttons do.
 */
function moreItems(props: {
  id: string
  lit: boolean
  rendered: boolean
  reading: boolean
  takesOpen: boolean
  preview: (blockId: string) => Promise<void>
  playRendered: (blockId: string) => Promise<void>
  stop: () => void
}): MenuItem[] {
  const { id, reading } = props
  // The menu's items carry icons only while the row is lit, as its buttons do: a closed menu in
  // every row would otherwise hold three or four SVGs each.
  return [
    ...(props.rendered
      ? [
          {
            id: 'play',
            label: reading ? 'Back to editing' : 'Play rendered audio',
            icon: props.lit ? (reading ? PencilLine : Headphones) : undefined,
            onSelect: () => (reading ? props.stop() : void props.playRendered(id)),
          },
        ]
      : []),
    {
      id: 'compare',
      label: 'Compare two voices…',
      icon: props.lit ? GitCompare : undefined,
      onSelect: () => useEditorUiStore.getState().openAb(id),
    },
    // Preview and Takes again, for a narrow editor whose rail keeps only this menu (script.css).
    {
      id: 'preview',
      label: 'Preview',
      icon: props.lit ? Play : undefined,
      onSelect: () => void props.preview(id),
    },
    {
      id: 'takes',
      label: props.takesOpen ? 'Hide takes' : 'Takes…',
      icon: props.lit ? History : undefined,
      onSelect: () => useEditorUiStore.getState().openTakes(props.takesOpen ? null : id),
    },
    {
      id: 'add',
      label: 'Add a block below',
      icon: props.lit ? Plus : undefined,
      separatorBefore: true,
      onSelect: () => useScriptDocumentStore.getState().insertBlockAfter(id),
    },
    {
      id: 'delete',
      label: 'Delete block',
      icon: props.lit ? Trash : undefined,
      onSelect: () => useScriptDocumentStore.getState().removeBlock(id),
    },
  ]
}

/**
 * A block's actions in a narrow rail, so the text keeps the row's width: Preview and Takes
 * (regenerate, earlier takes) as buttons, and a menu with the rest: play the rendered audio (or go
 * back to editing) once rendered, compare voices, add a block below, delete. Its props are plain
 * values and stable callbacks, so typing in the block (a new text on every key) does not draw
 * these buttons again. The buttons are always in the page (named, focusable, clickable); their
 * icons are drawn only while the row is `lit`, since the actions are out of sight otherwise.
 */
export const BlockActions = memo(function BlockActions(props: {
  id: string
  index: number
  lit: boolean
  rendered: boolean
  reading: boolean
  takesOpen: boolean
  preview: (blockId: string) => Promise<void>
  playRendered: (blockId: string) => Promise<void>
  stop: () => void
}): ReactElement {
  const { id, index } = props
  const icon = (drawn: LucideIcon): LucideIcon => (props.lit ? drawn : UnlitIcon)
  const more = moreItems(props)
  return (
    <div
      className={`block__actions${props.lit ? ' block__actions--lit' : ''}`}
      role="group"
      aria-label={`Block ${index + 1} actions`}
    >
      <IconButton
        className="block__action--wide"
        label="Preview"
        hint="Preview this block"
        icon={icon(Play)}
        onClick={() => void props.preview(id)}
      />
      <IconButton
        className="block__action--wide"
        label={`Takes of block ${index + 1}`}
        hint="Takes: regenerate this block, play earlier takes and choose one"
        icon={icon(History)}
        aria-expanded={props.takesOpen}
        onClick={() => useEditorUiStore.getState().openTakes(props.takesOpen ? null : id)}
      />
      <MenuButton
        label={`More for block ${index + 1}`}
        hint="Play, compare voices, preview, takes, add a block below, delete"
        icon={icon(Ellipsis)}
        // Out of sight, the menu holds no items: a closed menu in each row would otherwise add
        // a dozen elements to every row the list keeps in the page.
        items={props.lit ? more : []}
      />
    </div>
  )
})
