import {
  BookA,
  Hourglass,
  Italic,
  ListTree,
  Rabbit,
  Redo2,
  Replace,
  Search,
  SlidersHorizontal,
  Turtle,
  Undo2,
  Users,
} from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { SHORTCUTS, acceleratorOf } from '../../../../../shared/domain/shortcuts'
import type { ToolbarAction, ToolbarGroupSpec } from '../../../components/ui/toolbar'
import { applyMarkup } from '../hooks/apply-markup'
import type { MarkupKind } from '../hooks/apply-markup'
import { useEditorUiStore } from '../stores/editor-ui-store'
import type { SidePanel } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'

/** The keys of a Script shortcut, from the one list the menu and the shortcuts sheet share. */
export function keysFor(action: string): string | undefined {
  return SHORTCUTS.find((s) => s.group === 'Script' && s.action === action)?.keys
}

/** The markup that wraps a selection, in toolbar order; each needs some text selected. */
const SELECTION_MARKUP: {
  kind: Exclude<MarkupKind, 'break'>
  label: string
  hint: string
  icon: LucideIcon
}[] = [
  { kind: 'emphasis', label: 'Emphasis', hint: 'Emphasize the selection', icon: Italic },
  { kind: 'slow', label: 'Slower', hint: 'Speak the selection slower', icon: Turtle },
  { kind: 'fast', label: 'Faster', hint: 'Speak the selection faster', icon: Rabbit },
]

/** The side panels the toolbar shows or hides. */
const PANELS: { panel: 'cast' | 'lexicon'; label: string; hint: string; icon: LucideIcon }[] = [
  { panel: 'cast', label: 'Cast', hint: 'Cast: speakers and their voices', icon: Users },
  {
    panel: 'lexicon',
    label: 'Pronunciations',
    hint: 'Pronunciations: words and how they are spoken',
    icon: BookA,
  },
]

function togglePanel(panel: 'cast' | 'lexicon'): void {
  const ui = useEditorUiStore.getState()
  ui.setPanel(ui.panel === panel ? null : panel)
}

/** What the editing groups show: what can be undone and redone, the selection, the panel. */
export interface EditingState {
  canUndo: boolean
  canRedo: boolean
  hasSelection: boolean
  panel: SidePanel
  outlineOpen: boolean
}

/** Undo and Redo: the document's history, each enabled when it has a step to take. */
const HISTORY = [
  { id: 'undo', label: 'Undo', icon: Undo2, command: 'edit:undo' },
  { id: 'redo', label: 'Redo', icon: Redo2, command: 'edit:redo' },
] as const

function editActions(state: EditingState): ToolbarAction[] {
  return HISTORY.map((step) => ({
    id: step.id,
    label: step.label,
    icon: step.icon,
    shortcut: acceleratorOf(step.command),
    disabled: step.id === 'undo' ? !state.canUndo : !state.canRedo,
    onSelect: () => useScriptDocumentStore.getState()[step.id](),
  }))
}

function markupActions(state: EditingState): ToolbarAction[] {
  const needsSelection = state.hasSelection ? '' : ' (select some text first)'
  return [
    {
      id: 'break',
      label: 'Insert a pause',
      hint: 'Insert a half-second pause where you are typing',
      icon: Hourglass,
      shortcut: keysFor('Insert a half-second pause where you are typing'),
      keepFocus: true,
      onSelect: () => applyMarkup('break'),
    },
    ...SELECTION_MARKUP.map((markup) => ({
      id: markup.kind,
      label: `${markup.label}${needsSelection}`,
      hint: `${markup.hint}${needsSelection}`,
      icon: markup.icon,
      disabled: !state.hasSelection,
      keepFocus: true,
      onSelect: () => applyMarkup(markup.kind),
    })),
  ]
}

function findActions(): ToolbarAction[] {
  return [
    {
      id: 'find',
      label: 'Find',
      icon: Search,
      shortcut: keysFor('Find'),
      onSelect: () => useEditorUiStore.getState().openFind(false),
    },
    {
      id: 'replace',
      label: 'Replace',
      hint: 'Find and replace',
      icon: Replace,
      shortcut: keysFor('Find and replace'),
      onSelect: () => useEditorUiStore.getState().openFind(true),
    },
    {
      id: 'settings',
      label: 'Project settings…',
      hint: 'Project settings: pauses, language, model and loudness',
      icon: SlidersHorizontal,
      onSelect: () => useEditorUiStore.getState().setProjectSettingsOpen(true),
    },
  ]
}

/** The three panels beside the text: Chapters, Cast and Pronunciations, each pressed while open. */
function panelActions(state: EditingState): ToolbarAction[] {
  return [
    {
      id: 'outline',
      label: 'Chapters',
      hint: 'Chapters: the outline, with each chapter’s length and render state',
      icon: ListTree,
      showLabel: true,
      pressed: state.outlineOpen,
      onSelect: () => {
        const ui = useEditorUiStore.getState()
        ui.setOutlineOpen(!ui.outlineOpen)
      },
    },
    ...PANELS.map((toggle) => ({
      id: toggle.panel,
      label: toggle.label,
      hint: toggle.hint,
      icon: toggle.icon,
      showLabel: toggle.panel === 'cast',
      pressed: state.panel === toggle.panel,
      onSelect: () => togglePanel(toggle.panel),
    })),
  ]
}

/**
 * The toolbar's groups after File: edit, spoken markup with find/replace/settings, and the panels
 * (Chapters and Cast, the panels a creator opens all day, with their words while the row has
 * room). When the row is narrow the words go first, then markup, find and settings fold into
 * More, then edit; the panels fold last, so at 1024 wide they stay one click away. Three groups,
 * as before the panels had their own: each group costs a divider, and at 1280 the words fit.
 */
const EDITING_GROUPS: (Omit<ToolbarGroupSpec, 'actions'> & {
  actions: (state: EditingState) => ToolbarAction[]
})[] = [
  { id: 'edit', label: 'Edit', fold: 2, actions: editActions },
  {
    id: 'markup',
    label: 'Spoken markup, find and settings',
    fold: 3,
    actions: (state) => [...markupActions(state), ...findActions()],
  },
  { id: 'panels', label: 'Panels', fold: 1, actions: panelActions },
]

/** The editing groups with their commands as the editor stands now. */
export function editingGroups(state: EditingState): ToolbarGroupSpec[] {
  return EDITING_GROUPS.map((group) => ({ ...group, actions: group.actions(state) }))
}
