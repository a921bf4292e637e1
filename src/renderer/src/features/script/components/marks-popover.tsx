import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { KeyboardEvent, ReactElement, RefObject } from 'react'
import { Play, Trash2, X } from 'lucide-react'
import { IconButton } from '../../../components/ui/icon-button'
import { SelectField } from '../../../components/ui/select-field'
import type { Emotion, RangeKind, TextMark } from '../../../../../shared/domain/text-marks'
import {
  EMOTIONS,
  EMPHASIS_LEVELS,
  marksAt,
  PITCH_LEVELS,
  RATE_LEVELS,
  VOLUME_LEVELS,
} from '../../../../../shared/domain/text-marks'
import { markSelection, pauseAtCaret } from '../hooks/apply-markup'
import { clearSelectionMarks, previewSelection, turnIntoMarks } from '../hooks/mark-actions'
import { emotionWord, VALUE_WORDS } from '../hooks/mark-words'
import { placePopover } from '../hooks/popover-place'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useMarksUiStore } from '../stores/marks-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'

const PAUSES = [250, 500, 1000, 2000]

interface MarkField {
  kind: Exclude<RangeKind, 'alias'>
  label: string
  list: readonly string[]
  none: string
  word?: (value: string) => string
}

const FIELDS: readonly MarkField[] = [
  { kind: 'emphasis', label: 'Emphasis', list: EMPHASIS_LEVELS, none: 'None' },
  {
    kind: 'emotion',
    label: 'Emotion',
    list: EMOTIONS,
    none: 'None',
    word: (v) => emotionWord(v as Emotion),
  },
  { kind: 'rate', label: 'Pace', list: RATE_LEVELS, none: 'Normal' },
  { kind: 'pitch', label: 'Pitch', list: PITCH_LEVELS, none: 'Normal' },
  { kind: 'volume', label: 'Volume', list: VOLUME_LEVELS, none: 'Normal' },
]

function choicesOf(field: MarkField): { value: string; label: string }[] {
  const word = field.word ?? ((v: string) => VALUE_WORDS[v] ?? v)
  return [
    { value: '', label: field.none },
    ...field.list.map((v) => ({ value: v, label: word(v) })),
  ]
}

/** The value of the selection's mark of `kind`, or '' for none. */
function valueIn(here: readonly TextMark[], kind: RangeKind): string {
  const mark = here.find((m) => m.kind === kind)
  return mark !== undefined && mark.kind !== 'pause' ? mark.value : ''
}

/** Each kind of mark as a select, a pause after the selection, and "say it as". */
function MarkFields(props: { here: TextMark[]; end: number; empty: boolean }): ReactElement {
  const { here, end, empty } = props
  const [alias, setAlias] = useState('')
  const pause = here.find((m) => m.kind === 'pause' && m.start === end)
  return (
    <>
      <div className="marks-popover__grid">
        {FIELDS.map((field) => (
          <SelectField
            key={field.kind}
            label={field.label}
            value={valueIn(here, field.kind)}
            disabled={empty}
            choices={choicesOf(field)}
            onChange={(value) => markSelection(field.kind, value === '' ? null : value)}
          />
        ))}
        <SelectField
          label="Pause after"
          value={pause?.kind === 'pause' ? String(pause.ms) : ''}
          choices={[
            { value: '', label: 'None' },
            ...PAUSES.map((ms) => ({ value: String(ms), label: `${ms / 1000} s` })),
          ]}
          onChange={(value) => pauseAtCaret(value === '' ? null : Number(value))}
        />
      </div>
      <form
        className="marks-popover__alias"
        onSubmit={(event) => {
          event.preventDefault()
          markSelection('alias', alias.trim() === '' ? null : alias.trim())
        }}
      >
        <label className="field">
          <span className="field__label">Say it as</span>
          <input
            className="input"
            value={alias}
            placeholder={valueIn(here, 'alias') || 'How to say the selected words'}
            maxLength={400}
            disabled={empty}
            onChange={(event) => setAlias(event.target.value)}
          />
        </label>
        <button type="submit" className="button" disabled={empty}>
          Apply
        </button>
      </form>
      <div className="marks-popover__actions">
        <IconButton
          label="Preview selection"
          hint="Hear the selection with its marks"
          icon={Play}
          showLabel
          tone="primary"
          disabled={empty}
          onClick={previewSelection}
        />
        <IconButton
          label="Remove marks"
          hint="Take every mark off the selection"
          icon={Trash2}
          showLabel
          disabled={empty}
          onClick={clearSelectionMarks}
        />
      </div>
    </>
  )
}

/** On a block written in SSML: the offer to turn its tags into marks. */
function SsmlOffer(props: { id: string }): ReactElement {
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <div className="marks-popover__ssml">
      <p>This block is written in SSML. Turn its tags into marks to change them here.</p>
      {problem && <p className="marks-popover__problem">{problem}</p>}
      <button type="button" className="button" onClick={() => setProblem(turnIntoMarks(props.id))}>
        Turn into marks
      </button>
    </div>
  )
}

/** The controls Tab moves between inside the popover, in order. */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('button, select, input, [tabindex="0"]')].filter(
    (el) => !(el as HTMLButtonElement).disabled,
  )
}

/** Keeps Tab and Shift+Tab inside the popover while it is open: it is a dialog over the text. */
function trapTab(event: KeyboardEvent, root: HTMLElement | null): void {
  if (event.key !== 'Tab' || root === null) return
  const list = focusables(root)
  const first = list[0]
  const last = list[list.length - 1]
  if (first === undefined || last === undefined) return
  const active = root.ownerDocument.activeElement
  if (event.shiftKey && (active === first || !root.contains(active))) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && active === last) {
    event.preventDefault()
    first.focus()
  }
}

/**
 * Shows the popover as a modal dialog in the top layer, placed against the block's text and wholly
 * inside the window (below, else above, else over the text; shifted left at a narrow width). Why
 * the top layer: the block list is a scroll box with paint containment, which clipped the popover
 * under a notice in a short window. Why modal: the focus stays in it while it is open, and the
 * text under it waits. Placed again when the window or the list moves or resizes.
 */
function usePlacement(ref: RefObject<HTMLDialogElement | null>): void {
  useLayoutEffect(() => {
    const popover = ref.current
    const anchor = popover?.parentElement
    if (popover === null || popover === undefined || anchor === null || anchor === undefined) return
    if (!popover.open) popover.showModal()
    const place = (): void => {
      const box = anchor.getBoundingClientRect()
      const spot = placePopover(
        { top: box.top, left: box.left, width: box.width, height: box.height },
        { width: popover.offsetWidth, height: popover.scrollHeight },
        { width: window.innerWidth, height: window.innerHeight },
      )
      popover.style.top = `${spot.top}px`
      popover.style.left = `${spot.left}px`
      popover.style.maxHeight = `${spot.maxHeight}px`
    }
    place()
    const resized = new ResizeObserver(place)
    resized.observe(popover)
    resized.observe(anchor)
    window.addEventListener('resize', place)
    // Capture: the block list scrolls, not the window.
    window.addEventListener('scroll', place, true)
    return () => {
      resized.disconnect()
      window.removeEventListener('resize', place)
      window.removeEventListener('scroll', place, true)
      if (popover.open) popover.close()
    }
  }, [ref])
}

/**
 * The marks of the selected words, changed in place: each choice is one undo step and shows in the
 * text at once. Preview speaks the selection with its marks. On a block written in SSML it offers
 * to turn the tags into marks first. Tab stays inside it; Escape closes it and gives the text its
 * focus back.
 */
export function MarksPopover(props: { id: string }): ReactElement | null {
  const { id } = props
  const block = useScriptDocumentStore((s) => s.blocks.get(id))
  const caret = useEditorUiStore((s) => (s.caret?.blockId === id ? s.caret : null))
  const ref = useRef<HTMLDialogElement>(null)
  usePlacement(ref)
  useEffect(() => {
    // The first choice, not the Close button that comes before it.
    const popover = ref.current
    const first = popover?.querySelector('select') ?? popover?.querySelector('button')
    first?.focus()
  }, [])
  if (block === undefined) return null
  const start = caret?.start ?? 0
  const end = caret?.end ?? 0
  const selected = block.text.slice(start, end)
  const closeAndReturn = (): void => {
    useMarksUiStore.getState().closePopover()
    useEditorUiStore.getState().revealBlock(id, start, end)
  }
  const title =
    selected.trim() === ''
      ? 'Select some words to mark them'
      : `“${selected.length > 48 ? `${selected.slice(0, 47)}…` : selected}”`
  return (
    <dialog
      ref={ref}
      className="marks-popover"
      aria-label="Marks for the selection"
      data-testid="marks-popover"
      onCancel={(event) => {
        // Escape: closed here, so the text gets its focus and selection back.
        event.preventDefault()
        closeAndReturn()
      }}
      onKeyDown={(event) => {
        trapTab(event, ref.current)
        if (event.key !== 'Escape') return
        event.stopPropagation()
        event.preventDefault()
        closeAndReturn()
      }}
    >
      <div className="marks-popover__head">
        <p className="marks-popover__title">{title}</p>
        <IconButton label="Close" icon={X} onClick={closeAndReturn} />
      </div>
      {block.ssml ? (
        <SsmlOffer id={id} />
      ) : (
        <MarkFields here={marksAt(block.marks ?? [], start, end)} end={end} empty={end <= start} />
      )}
    </dialog>
  )
}
