import { useId, useState } from 'react'

/** What a show-and-hide button needs: whether it is open, and the props that say so. */
export interface DisclosureState {
  open: boolean
  /** Spread on the button: its expanded state, the part it controls, and the toggle. */
  toggleProps: { 'aria-expanded': boolean; 'aria-controls': string; onClick: () => void }
  /** The id the shown-and-hidden part carries, so the button can name it. */
  contentId: string
}

/**
 * One button that shows and hides a part of the page, as the kit's Disclosure does and as a
 * control with words of its own (a "Rationale" toggle) can: closed unless `defaultOpen`.
 */
export function useDisclosure(defaultOpen = false): DisclosureState {
  const [open, setOpen] = useState(defaultOpen)
  const contentId = useId()
  return {
    open,
    toggleProps: {
      'aria-expanded': open,
      'aria-controls': contentId,
      onClick: () => setOpen((was) => !was),
    },
    contentId,
  }
}
