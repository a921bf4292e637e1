/**
 * Copies text: the async clipboard first; when the page may not use it (a permission policy that
 * allows no clipboard access), the selection-based copy that a click is always allowed to do.
 */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    return
  } catch {
    // Fall through to the selection copy below.
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.className = 'visually-hidden'
  document.body.append(area)
  const focused = document.activeElement
  area.select()
  const copied = document.execCommand('copy')
  area.remove()
  if (focused instanceof HTMLElement) focused.focus()
  if (!copied) throw new Error('The clipboard is not available.')
}
