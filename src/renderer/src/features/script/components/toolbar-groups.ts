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

/** A markup that wraps a selection; each needs some text selected. */
interface SelectionMarkup {
  kind: Exclude<MarkupKind, 'break'>
  label: string
  hint: string
  icon: LucideIcon
}

const EMPHASIS: SelectionMarkup = {
  kind: 'emphasis',
  label: 'Emphasis',
  hint: 'Emphasize the selection',
  icon: Italic,
}
const PACE: SelectionMarkup[] = [
  { kind: 'slow', label: 'Slower', hint: 'Speak the selection slower', icon: Turtle },
  { kind: 'fast', label: 'Faster', hint: 'Speak the selection faster', icon: Rabbit },
]

/** A markup command as a toolbar action: its word shown, disabled until some text is selected. */
function selectionAction(markup: SelectionMarkup, state: EditingState): ToolbarAction {
  const needsSelection = state.hasSelection ? '' : ' (select some text first)'
  return {
    id: markup.kind,
    label: `${markup.label}${needsSelection}`,
    word: markup.label,
    hint: `${markup.hint}${needsSelection}`,
    icon: markup.icon,
    showLabel: true,
    disabled: !state.hasSelection,
    keepFocus: true,
    onSelect: () => applyMarkup(markup.kind),
  }
}

/** A side panel the toolbar shows or hides. */
interface PanelToggle {
  panel: 'cast' | 'lexicon'
  label: string
  hint: string
  icon: LucideIcon
}

const CAST: PanelToggle = {
  panel: 'cast',
  label: 'Cast',
  hint: 'Cast: speakers and their voices',
  icon: Users,
}
const PRONUNCIATIONS: PanelToggle = {
  panel: 'lexicon',
  label: 'Pronunciations',
  hint: 'Pronunciations: words and how they are spoken',
  icon: BookA,
}

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

/** Pause and Emphasis: the markup a narrator uses most, kept on the row longest. */
function markupActions(state: EditingState): ToolbarAction[] {
  return [
    {
      id: 'break',
      label: 'Insert a pause',
      word: 'Pause',
      hint: 'Insert a half-second pause where you are typing',
      icon: Hourglass,
      shortcut: keysFor('Insert a half-second pause where you are typing'),
      showLabel: true,
      keepFocus: true,
      onSelect: () => applyMarkup('break'),
    },
    selectionAction(EMPHASIS, state),
  ]
}

/** Slower and Faster: the pace of a selection, folded before Pause and Emphasis. */
function paceActions(state: EditingState): ToolbarAction[] {
  return PACE.map((markup) => selectionAction(markup, state))
}

function findActions(): ToolbarAction[] {
  return [
    {
      id: 'find',
      label: 'Find',
      icon: Search,
      shortcut: keysFor('Find'),
      showLabel: true,
      onSelect: () => useEditorUiStore.getState().openFind(false),
    },
  ]
}

/** Replace and the project's settings: used now and then, the first to fold. */
function replaceAndSettingsActions(): ToolbarAction[] {
  return [
    {
      id: 'replace',
      label: 'Replace',
      hint: 'Find and replace',
      icon: Replace,
      shortcut: keysFor('Find and replace'),
      showLabel: true,
      onSelect: () => useEditorUiStore.getState().openFind(true),
    },
    {
      id: 'settings',
      label: 'Project settings…',
      word: 'Settings',
      hint: 'Project settings: pauses, language, model and loudness',
      icon: SlidersHorizontal,
      showLabel: true,
      onSelect: () => useEditorUiStore.getState().setProjectSettingsOpen(true),
    },
  ]
}

function togglePanelAction(toggle: PanelToggle, state: EditingState): ToolbarAction {
  return {
    id: toggle.panel,
    label: toggle.label,
    hint: toggle.hint,
    icon: toggle.icon,
    showLabel: true,
    pressed: state.panel === toggle.panel,
    onSelect: () => togglePanel(toggle.panel),
  }
}

/** Chapters and Cast, the panels a creator opens all day, each pressed while open. */
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
    togglePanelAction(CAST, state),
  ]
}

/**
 * The toolbar's groups after File, each main tool with its word (Descript labels its tools):
 * edit, markup, find, and the panels. A group `joined` to the one before it has no divider and
 * folds sooner. When the row is narrow, groups fold into a worded More menu, the least used
 * first: Replace and Settings, Slower and Faster, Pronunciations, Find, Pause and Emphasis, then
 * Undo and Redo, and last Chapters and Cast. At 1280 wide Undo and Redo, Pause, Emphasis,
 * Chapters and Cast are on the row (the words with theirs); at 1024 Chapters and Cast are.
 */
const EDITING_GROUPS: (Omit<ToolbarGroupSpec, 'actions'> & {
  actions: (state: EditingState) => ToolbarAction[]
})[] = [
  { id: 'edit', label: 'Edit', fold: 2, actions: editActions },
  { id: 'markup', label: 'Spoken markup', fold: 3, actions: markupActions },
  { id: 'pace', label: 'Pace', fold: 6, joined: true, actions: paceActions },
  { id: 'find', label: 'Find', fold: 4, actions: () => findActions() },
  {
    id: 'find-more',
    label: 'Replace and settings',
    fold: 7,
    joined: true,
    actions: () => replaceAndSettingsActions(),
  },
  { id: 'panels', label: 'Panels', fold: 1, actions: panelActions },
  {
    id: 'lexicon',
    label: 'Pronunciations',
    fold: 5,
    joined: true,
    actions: (state) => [togglePanelAction(PRONUNCIATIONS, state)],
  },
]

/** The editing groups with their commands as the editor stands now. */
export function editingGroups(state: EditingState): ToolbarGroupSpec[] {
  return EDITING_GROUPS.map((group) => ({ ...group, actions: group.actions(state) }))
}
