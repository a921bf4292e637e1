import { useEffect } from 'react'
import type { ReactElement } from 'react'
import { Bold, Hourglass, Play, SlidersHorizontal, Wand2 } from 'lucide-react'
import { IconButton } from '../../../components/ui/icon-button'
import { marksAt } from '../../../../../shared/domain/text-marks'
import { markLabel } from '../hooks/mark-words'
import { pauseAtCaret, toggleEmphasis } from '../hooks/apply-markup'
import { openMarksPopover, previewSelection, turnIntoMarks } from '../hooks/mark-actions'
import type { ScriptAudio } from '../hooks/use-script-audio'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useMarksUiStore } from '../stores/marks-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { keysFor } from './toolbar-groups'

/**
 * Whether the marks bar shows: words of a block are selected, or the caret is in a block written
 * in SSML. Each selector gives a boolean or a word, so typing does not re-render the caller.
 */
export function useMarksBarShown(): boolean {
  const blockId = useEditorUiStore((s) => s.caret?.blockId ?? null)
  const selected = useEditorUiStore((s) => s.caret !== null && s.caret.end > s.caret.start)
  const block = useScriptDocumentStore((s) => {
    const found = blockId === null ? undefined : s.blocks.get(blockId)
    return found === undefined ? 'none' : found.ssml === true ? 'ssml' : 'text'
  })
  return block === 'ssml' || (block === 'text' && selected)
}

/**
 * The selection's marks in one line, shown while words of a block are selected (or the caret is in
 * a block written in SSML): what marks the words carry, emphasis, a pause, the full set of marks
 * and an instant preview. It hands the workspace's preview to the marks popover.
 */
export function MarksToolbar(props: { audio: ScriptAudio }): ReactElement | null {
  const { preview } = props.audio
  useEffect(() => {
    useMarksUiStore.getState().setPreview((blockId, selection) => void preview(blockId, selection))
    return () => useMarksUiStore.getState().setPreview(null)
  }, [preview])
  const caret = useEditorUiStore((s) => s.caret)
  // While the popover is open it has the one Preview (the bar's would be a second beside it).
  const popoverOpen = useMarksUiStore((s) => s.popoverBlockId !== null)
  const block = useScriptDocumentStore((s) => (caret ? s.blocks.get(caret.blockId) : undefined))
  if (caret === null || block === undefined) return null
  if (block.ssml) {
    return (
      <div className="marks-bar" role="toolbar" aria-label="Marks" data-testid="marks-bar">
        <span className="marks-bar__words">This block is written in SSML.</span>
        <IconButton
          label="Turn into marks"
          hint="Turn the block's SSML tags into marks you can see and change"
          icon={Wand2}
          showLabel
          keepFocus
          onClick={() => {
            if (turnIntoMarks(caret.blockId) !== null) openMarksPopover()
          }}
        />
      </div>
    )
  }
  if (caret.end <= caret.start) return null
  const here = marksAt(block.marks ?? [], caret.start, caret.end)
  return (
    <div className="marks-bar" role="toolbar" aria-label="Marks" data-testid="marks-bar">
      <span className="marks-bar__words" data-testid="marks-bar-words">
        {here.length === 0 ? 'No marks on the selection' : here.map(markLabel).join(' · ')}
      </span>
      <IconButton
        label="Emphasis"
        hint="Emphasize the selection, or take the emphasis off"
        icon={Bold}
        shortcut={keysFor('Emphasize the selection')}
        keepFocus
        onClick={toggleEmphasis}
      />
      <IconButton
        label="Pause after"
        hint="A half-second pause after the selection"
        icon={Hourglass}
        shortcut={keysFor('Insert a half-second pause where you are typing')}
        keepFocus
        onClick={() => pauseAtCaret(500)}
      />
      <IconButton
        label="Marks…"
        hint="Emotion, pace, pitch, volume, say it as, pauses"
        icon={SlidersHorizontal}
        shortcut={keysFor('Marks for the selection')}
        showLabel
        keepFocus
        onClick={openMarksPopover}
      />
      {!popoverOpen && (
        <IconButton
          label="Preview selection"
          hint="Hear the selection with its marks"
          icon={Play}
          showLabel
          keepFocus
          onClick={previewSelection}
        />
      )}
    </div>
  )
}
