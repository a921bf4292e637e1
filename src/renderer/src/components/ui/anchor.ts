import { useId } from 'react'

/**
 * A CSS anchor name unique to this component: a tooltip or a menu opened in the top layer is
 * placed against it with anchor positioning, so no list or scroll box it sits in can clip it.
 */
export function useAnchorName(): string {
  return `--anchor-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
}
