import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { ReactElement, RefObject } from 'react'
import { ChevronDown } from 'lucide-react'
import type { Voice } from '../../../../../shared/domain/voice'
import { useAnchorName } from '../../../components/ui/anchor'
import { useVoiceOptions } from '../api/script-api'
import { SearchInput } from '../../../components/ui/search-input'
import { localeName } from '../../../../../shared/domain/voice-names'
import { genderLabel } from '../../../lib/voice-labels'
import { VoicePlayButton } from '../../../components/voice-play-button'
import { missingVoiceName } from '../../../../../shared/domain/missing-voice-name'
import './voice-picker.css'

/**
 * Shows a popover in the top layer while `open`, focuses its search field, and reports when the
 * browser closed it (Escape, a click elsewhere). Returns the ref for the popover element.
 */
function usePopover(
  open: boolean,
  setOpen: (open: boolean) => void,
): RefObject<HTMLDivElement | null> {
  const popoverRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const popover = popoverRef.current
    if (!open || popover === null) return
    popover.showPopover()
    // Only now is the search field shown, so only now can it take the focus.
    popover.querySelector<HTMLInputElement>('input[type="search"]')?.focus()
    const onToggle = (event: Event): void => {
      if ((event as ToggleEvent).newState === 'closed') setOpen(false)
    }
    popover.addEventListener('toggle', onToggle)
    return () => popover.removeEventListener('toggle', onToggle)
  }, [open, setOpen])
  return popoverRef
}

/** Opens the chooser each time another part of the screen asks with a new request number. */
function useOpenRequest(request: number | undefined, setOpen: (open: boolean) => void): void {
  // Undefined at first: a chooser shown with a request already waiting opens at once.
  const [seen, setSeen] = useState<number | undefined>(undefined)
  if (request !== seen) {
    setSeen(request)
    if (request !== undefined) setOpen(true)
  }
}

/**
 * The list box of voices (at most 80 shown), the inherited choice first when there is one; each
 * voice with its play button. The voice the inherited choice names ("Olivia (default)") is listed
 * once, as that choice, with its details and play button.
 */
function VoiceOptions(props: {
  id: string
  label: string
  value: string | undefined
  inheritLabel: string | undefined
  inheritVoice: Voice | undefined
  voices: Voice[]
  onPick: (voiceId: string | undefined) => void
}): ReactElement {
  const inherited = props.inheritVoice
  const others =
    inherited === undefined ? props.voices : props.voices.filter((v) => v.id !== inherited.id)
  return (
    <ul id={props.id} role="listbox" aria-label={props.label} className="voice-picker__list">
      {props.inheritLabel !== undefined && (
        <li
          role="option"
          aria-selected={props.value === undefined || props.value === inherited?.id}
          className={inherited === undefined ? undefined : 'voice-picker__option'}
        >
          <button type="button" onClick={() => props.onPick(undefined)}>
            <span>{props.inheritLabel}</span>
            {inherited !== undefined && (
              <span className="voice-picker__meta">{voiceMeta(inherited)}</span>
            )}
          </button>
          {inherited !== undefined && <VoicePlayButton voice={inherited} />}
        </li>
      )}
      {others.slice(0, 80).map((voice) => (
        <li
          key={voice.id}
          role="option"
          aria-selected={voice.id === props.value}
          className="voice-picker__option"
        >
          <button type="button" onClick={() => props.onPick(voice.id)}>
            <span>{voice.displayName}</span>
            <span className="voice-picker__meta">{voiceMeta(voice)}</span>
          </button>
          {/* The same preview as Voices' list, on the same player: hear before choosing. */}
          <VoicePlayButton voice={voice} />
        </li>
      ))}
    </ul>
  )
}

/** What a voice picker shows and does; see {@link VoicePicker}. */
interface VoicePickerProps {
  value: string | undefined
  onChange: (voiceId: string | undefined) => void
  label: string
  inheritLabel?: string
  inheritOption?: string
  hint?: string
  /** False: the hint is in the button's name and tooltip only, not on the chip. */
  hintShown?: boolean
  /** Shown on the button instead of the voice (the button is then an action, in the accent). */
  actionText?: string
  /** The action drawn quietly (a dashed neutral chip), for a state that is not urgent. */
  quietAction?: boolean
  /** The voice an empty choice falls back to: listed once, as the inherited choice. */
  inheritVoiceId?: string
  /** Opens the chooser when it changes to a new number (another part of the screen asked). */
  openRequest?: number | undefined
  compact?: boolean
  /**
   * Drawn as a form's select (a field's width, a chevron), where the choice is the point of the
   * form (A/B's voices), rather than as a chip beside text.
   */
  field?: boolean
}

/**
 * A voice chooser with search: a text field filters the library (name, id, locale, tags) and a
 * list box picks. `inheritLabel` names what an empty choice falls back to (the voice that will
 * speak, with `hint` saying where it comes from), `inheritOption` the list's entry for it. The
 * chooser opens in the top layer beside its button (no list or panel clips it); Escape, a click
 * elsewhere or a choice close it, and the focus goes back to the button.
 */
export function VoicePicker(props: VoicePickerProps): ReactElement {
  const voices = useVoiceOptions()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const listId = useId()
  const anchor = useAnchorName()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const popoverRef = usePopover(open, setOpen)
  useOpenRequest(props.openRequest, setOpen)
  const filtered = useMemo(() => filterVoices(voices.data ?? [], query), [voices.data, query])
  const inheritVoice = voices.data?.find((v) => v.id === props.inheritVoiceId)
  const { shown, missing } = shownVoice(props, voices.data)
  const { named, look, hint } = buttonLook(props, shown, missing)

  return (
    <div className={pickerClass(props)}>
      <button
        ref={buttonRef}
        type="button"
        // An anchor name makes layout track the element, and a script shows a picker on every
        // block: only the open one is anchored.
        style={open ? { anchorName: anchor } : undefined}
        className={`voice-picker__button${look}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={named}
        title={named}
        onClick={() => setOpen(!open)}
      >
        {props.actionText ?? shown}
        {hint !== undefined && (
          <span className="voice-picker__hint" aria-hidden="true">
            {' '}
            {hint}
          </span>
        )}
        {props.field && <ChevronDown className="voice-picker__chevron" size={16} aria-hidden />}
      </button>
      {open && (
        <div
          ref={popoverRef}
          popover="auto"
          className="voice-picker__popover"
          style={{ positionAnchor: anchor }}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return
            event.preventDefault()
            event.stopPropagation()
            close()
          }}
        >
          <SearchInput
            label="Search voices"
            placeholder="Search voices"
            aria-controls={listId}
            value={query}
            onChange={setQuery}
          />
          {voices.isError && <p className="field__error">The voice list could not be loaded.</p>}
          <VoiceOptions
            id={listId}
            label={props.label}
            value={props.value}
            inheritLabel={props.inheritOption ?? props.inheritLabel}
            inheritVoice={inheritVoice}
            voices={filtered}
            onPick={pick}
          />
        </div>
      )}
    </div>
  )

  function close(): void {
    setOpen(false)
    buttonRef.current?.focus()
  }

  function pick(voiceId: string | undefined): void {
    props.onChange(voiceId)
    setQuery('')
    close()
  }
}

/** The picker's classes: a chip, a compact chip, or a form's field. */
function pickerClass(props: { compact?: boolean; field?: boolean }): string {
  return `voice-picker${props.compact ? ' voice-picker--compact' : ''}${props.field ? ' voice-picker--field' : ''}`
}

/**
 * What the picker's button names: the chosen voice, or what an empty choice falls back to. A
 * chosen voice the loaded list lacks (deleted, or from another account) says so in words,
 * instead of showing its id like a working voice.
 */
function shownVoice(
  props: { value: string | undefined; inheritLabel?: string },
  voices: readonly Voice[] | undefined,
): { shown: string; missing: boolean } {
  const current = voices?.find((v) => v.id === props.value)
  if (props.value !== undefined && voices !== undefined && current === undefined)
    return { shown: `${missingVoiceName(props.value)} · not in your voice list`, missing: true }
  return {
    shown: current?.displayName ?? props.value ?? props.inheritLabel ?? 'Choose a voice',
    missing: false,
  }
}

/**
 * The picker button's accessible name (the voice with its hint: "Olivia (default)"), its look
 * (an action, an inherited voice, a chosen one) and the hint it shows (none on an action).
 */
function buttonLook(
  props: {
    value: string | undefined
    label: string
    hint?: string
    hintShown?: boolean
    actionText?: string
    quietAction?: boolean
  },
  shown: string,
  missing: boolean,
): { named: string; look: string; hint: string | undefined } {
  const hint = props.value === undefined ? props.hint : undefined
  const named = hint === undefined ? `${props.label}: ${shown}` : `${props.label}: ${shown} ${hint}`
  if (props.actionText !== undefined) {
    const look = props.quietAction
      ? ' voice-picker__button--inherit'
      : ' voice-picker__button--action'
    return { named, look, hint: undefined }
  }
  const look = missing
    ? ' voice-picker__button--missing'
    : props.value
      ? ''
      : ' voice-picker__button--inherit'
  return { named, look, hint: props.hintShown === false ? undefined : hint }
}

/** "English (United States) · Female · Personal": what casting needs to know of a voice, in words. */
function voiceMeta(voice: Voice): string {
  const parts = [voice.locale === null ? 'Language not set' : localeName(voice.locale)]
  if (voice.gender !== 'not_specified') parts.push(genderLabel(voice.gender))
  if (voice.type === 'personal') parts.push('Personal')
  return parts.join(' · ')
}

function filterVoices(voices: Voice[], query: string): Voice[] {
  const q = query.trim().toLocaleLowerCase()
  if (q === '') return voices
  return voices.filter((v) =>
    [v.displayName, v.id, v.locale ?? '', ...v.tags].some((s) => s.toLocaleLowerCase().includes(q)),
  )
}
