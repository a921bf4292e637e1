import type { LucideIcon } from 'lucide-react'
import { Ellipsis } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { FocusEvent, KeyboardEvent, ReactElement, ReactNode, RefObject } from 'react'
import { IconButton } from './icon-button'
import type { MenuItem } from './menu'
import { MenuButton } from './menu'
import { rovingTarget } from './roving'

/** One command of a toolbar: an icon button, or an item of the More menu when its group folds. */
export interface ToolbarAction {
  id: string
  label: string
  icon: LucideIcon
  hint?: string | undefined
  shortcut?: string | undefined
  onSelect: () => void
  disabled?: boolean | undefined
  /** A toggle (a panel shown or not): pressed on the toolbar, checked in the menu. */
  pressed?: boolean | undefined
  keepFocus?: boolean | undefined
  /** A main action: its word shows beside the icon while the row has room for the words. */
  showLabel?: boolean | undefined
  /** The short word shown beside the icon when `label` is a sentence; `label` stays its name. */
  word?: string | undefined
}

/** A named group of commands; `fold` groups move into the More menu when the row is too narrow. */
export interface ToolbarGroupSpec {
  id: string
  label: string
  actions: ToolbarAction[]
  /** Folds into the More menu when the row is too narrow: the highest number folds first. */
  fold?: number
  /** Follows the group before it without a divider (a part of it that folds sooner). */
  joined?: boolean
  /**
   * Custom content (a split button, another feature's own group) in place of plain buttons. It
   * folds like any group when it has a `fold`, its `actions` then standing for it in More.
   */
  content?: ReactNode
}

/** How the row fits: main actions with their words, or icons only; and the groups in More. */
interface Fit {
  labelled: boolean
  folded: ReadonlySet<string>
}

const NOTHING_FOLDED: ReadonlySet<string> = new Set()

/** The More button's width before it was ever shown: an icon, or an icon with its word. */
const MORE_WIDTH = { icons: 40, words: 84 }

/** The toolbar's own controls (not those inside an open menu or tooltip), in order. */
function toolbarControls(bar: HTMLElement): HTMLElement[] {
  return Array.from(bar.querySelectorAll<HTMLElement>('button:not(:disabled)')).filter(
    (el) => el.closest('[popover]') === null && el.closest('[hidden]') === null,
  )
}

/**
 * The commands of the folded groups as items of the More menu, a line between groups (none
 * between a group and the part joined to it, when both folded).
 */
function moreMenuItems(
  groups: readonly ToolbarGroupSpec[],
  folded: ReadonlySet<string>,
): MenuItem[] {
  const joinedToFolded = (g: ToolbarGroupSpec): boolean => {
    const before = groups[groups.indexOf(g) - 1]
    return g.joined === true && before !== undefined && folded.has(before.id)
  }
  return groups
    .filter((g) => folded.has(g.id))
    .flatMap((g, groupIndex) =>
      g.actions.map((action, i) => ({
        id: action.id,
        label: action.label,
        icon: action.icon,
        shortcut: action.shortcut,
        onSelect: action.onSelect,
        disabled: action.disabled,
        checked: action.pressed,
        separatorBefore: i === 0 && groupIndex > 0 && !joinedToFolded(g),
      })),
    )
}

/**
 * How the row fits: the main actions keep their words while groups fold into More (the least
 * used first); only when every foldable group is folded and the words still do not fit do they
 * go (icons with tooltips stay), and groups fold again from the start. Measured before paint so
 * the row never shows wrapped, and only when the row's size or its set of commands changes.
 * Measuring reads layout, and the toolbar re-renders as the script is typed into (undo,
 * selection), where a forced layout per keystroke would slow typing.
 */
function useFolding(
  groups: readonly ToolbarGroupSpec[],
  barRef: RefObject<HTMLDivElement | null>,
  endRef: RefObject<HTMLDivElement | null>,
): Fit {
  // Each group's width as last seen, per mode (words or icons): a folded group keeps the width
  // it had when shown, which is what it would take back.
  const widths = useRef(new Map<string, number>())
  const hasWords = groups.some((g) => g.actions.some((a) => a.showLabel === true))
  const [fit, setFit] = useState<Fit>({ labelled: hasWords, folded: NOTHING_FOLDED })

  const refit = (): void => {
    const bar = barRef.current
    const end = endRef.current
    if (bar === null || end === null) return
    const mode = fit.labelled ? 'words' : 'icons'
    for (const el of bar.querySelectorAll<HTMLElement>('[data-toolbar-group]')) {
      if (!el.hidden) widths.current.set(`${mode}:${el.dataset.toolbarGroup ?? ''}`, el.offsetWidth)
    }
    const more = bar.querySelector<HTMLElement>('[data-toolbar-more]')
    if (more !== null) widths.current.set(`${mode}:more`, more.offsetWidth)
    const gap = parseFloat(getComputedStyle(bar).columnGap) || 0
    const need = (inMode: 'words' | 'icons', fold: ReadonlySet<string>): number => {
      const shown = groups.filter((g) => !fold.has(g.id))
      const widthOf = shown.reduce(
        (sum, g) => sum + (widths.current.get(`${inMode}:${g.id}`) ?? 0),
        0,
      )
      const moreWidth =
        fold.size > 0 ? (widths.current.get(`${inMode}:more`) ?? MORE_WIDTH[inMode]) + gap : 0
      return widthOf + moreWidth + end.offsetWidth + gap * shown.length
    }
    // Fold order: the highest `fold` first. Null when even every foldable group folded is too wide.
    const foldable = groups
      .filter((g) => g.fold !== undefined)
      .sort((a, b) => (b.fold ?? 0) - (a.fold ?? 0))
    const foldFor = (inMode: 'words' | 'icons'): Set<string> | null => {
      const next = new Set<string>()
      for (const group of foldable) {
        if (need(inMode, next) <= bar.clientWidth) return next
        next.add(group.id)
      }
      return need(inMode, next) <= bar.clientWidth ? next : null
    }
    // The words' widths are known from the first paint (the row starts with its words).
    const measuredWords = groups.every((g) => widths.current.has(`words:${g.id}`))
    const withWords = hasWords && measuredWords ? foldFor('words') : null
    const next: Fit =
      withWords !== null
        ? { labelled: true, folded: withWords }
        : fit.labelled
          ? { labelled: false, folded: NOTHING_FOLDED }
          : { labelled: false, folded: foldFor('icons') ?? new Set(foldable.map((g) => g.id)) }
    setFit((before) =>
      before.labelled === next.labelled &&
      before.folded.size === next.folded.size &&
      [...next.folded].every((id) => before.folded.has(id))
        ? before
        : next,
    )
  }

  const refitRef = useRef(refit)
  useLayoutEffect(() => {
    refitRef.current = refit
  })
  const shape = groups.map((g) => `${g.id}:${g.actions.map((a) => a.id).join(',')}`).join('|')
  useLayoutEffect(() => refitRef.current(), [shape, fit])
  useEffect(() => {
    const bar = barRef.current
    const end = endRef.current
    if (bar === null || end === null) return
    const observer = new ResizeObserver(() => refitRef.current())
    observer.observe(bar)
    observer.observe(end)
    return () => observer.disconnect()
  }, [barRef, endRef])
  return fit
}

/**
 * One tab stop for the whole toolbar: the control last focused (or the first) is tabbable, the
 * others are reached with the arrow keys, Home and End, as the ARIA toolbar pattern has it.
 */
function useRovingFocus(barRef: RefObject<HTMLDivElement | null>): {
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void
  onFocus: (event: FocusEvent<HTMLDivElement>) => void
} {
  const current = useRef(0)
  useEffect(() => {
    const bar = barRef.current
    if (bar === null) return
    const controls = toolbarControls(bar)
    if (current.current >= controls.length) current.current = 0
    controls.forEach((el, i) => (el.tabIndex = i === current.current ? 0 : -1))
  })
  return {
    onKeyDown: (event) => {
      const bar = barRef.current
      if (bar === null || (event.target as HTMLElement).closest('[popover]') !== null) return
      const controls = toolbarControls(bar)
      const at = controls.indexOf(event.target as HTMLElement)
      if (at < 0) return
      const to = rovingTarget(event.key, at, controls.length, 'horizontal')
      if (to === null) return
      event.preventDefault()
      controls[to]?.focus()
    },
    onFocus: (event) => {
      const bar = barRef.current
      if (bar === null) return
      const at = toolbarControls(bar).indexOf(event.target)
      if (at >= 0) current.current = at
    },
  }
}

/** One group's commands as icon buttons; the main ones with their words while `labelled`. */
function GroupButtons(props: { actions: ToolbarAction[]; labelled: boolean }): ReactElement {
  return (
    <>
      {props.actions.map((action) => (
        <IconButton
          key={action.id}
          label={action.label}
          icon={action.icon}
          {...(action.hint === undefined ? {} : { hint: action.hint })}
          {...(action.word === undefined ? {} : { word: action.word })}
          shortcut={action.shortcut}
          disabled={action.disabled ?? false}
          aria-pressed={action.pressed}
          showLabel={props.labelled && action.showLabel === true}
          className={action.showLabel === true ? 'toolbar__main' : undefined}
          keepFocus={action.keepFocus ?? false}
          onClick={action.onSelect}
        />
      ))}
    </>
  )
}

/**
 * A toolbar of grouped icon buttons in one row, the main actions with their words: when the row
 * is too narrow, the words go first (tooltips and names stay), then whole groups fold into a More
 * menu (the least used first) rather than wrapping. One tab stop; the arrow keys,
 * Home and End move between its controls, as the ARIA toolbar pattern has it.
 */
export function Toolbar(props: {
  label: string
  groups: ToolbarGroupSpec[]
  /** The primary actions at the row's end: never folded. */
  end: ReactNode
  className?: string
}): ReactElement {
  const barRef = useRef<HTMLDivElement>(null)
  const endRef = useRef<HTMLDivElement>(null)
  const { labelled, folded } = useFolding(props.groups, barRef, endRef)
  const roving = useRovingFocus(barRef)
  const moreItems = moreMenuItems(props.groups, folded)
  return (
    <div
      ref={barRef}
      role="toolbar"
      aria-label={props.label}
      className={`toolbar${props.className === undefined ? '' : ` ${props.className}`}`}
      data-labelled={labelled ? 'true' : undefined}
      onKeyDown={roving.onKeyDown}
      onFocus={roving.onFocus}
    >
      {props.groups.map((group) => (
        <div
          key={group.id}
          role="group"
          aria-label={group.label}
          className="toolbar__group"
          data-toolbar-group={group.id}
          data-joined={group.joined === true ? 'true' : undefined}
          hidden={folded.has(group.id)}
        >
          {group.content ?? <GroupButtons actions={group.actions} labelled={labelled} />}
        </div>
      ))}
      {moreItems.length > 0 && (
        <div className="toolbar__group" data-toolbar-more>
          {/* Worded while the row has its words: the commands in it are named, not hidden. */}
          <MenuButton
            label="More"
            hint="More commands"
            icon={Ellipsis}
            items={moreItems}
            showLabel={labelled}
            className="toolbar__main"
          />
        </div>
      )}
      <div ref={endRef} className="toolbar__end">
        {props.end}
      </div>
    </div>
  )
}
