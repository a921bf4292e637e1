import type { DocumentChangesInput } from '../../../../../shared/domain/script-workspace'

/**
 * What changed since main last heard about the open document (sent as block-level changes).
 * Outside the store's state on purpose: it changes with every keystroke and nothing renders
 * from it.
 */
export interface PendingChanges {
  blocks: Set<string>
  order: boolean
  meta: boolean
}

const nothingPending = (): PendingChanges => ({ blocks: new Set(), order: false, meta: false })

let pending: PendingChanges = nothingPending()

/** Notes a change main has not heard about yet: a block's content, the order, or the meta. */
export const markPending = {
  block(id: string): void {
    pending.blocks.add(id)
  },
  order(): void {
    pending.order = true
  },
  meta(): void {
    pending.meta = true
  },
}

/** Hands over what changed since the last call and starts counting afresh. */
export function takePending(): PendingChanges {
  const taken = pending
  pending = nothingPending()
  return taken
}

/** Forgets every waiting change (a script opened or closed). */
export function clearPending(): void {
  pending = nothingPending()
}

/** Puts changes back after main did not receive them (they go with the next send). */
export function restoreDocumentChanges(changes: DocumentChangesInput): void {
  for (const block of changes.blocks ?? []) pending.blocks.add(block.id)
  if (changes.order !== undefined) pending.order = true
  if (changes.meta !== undefined) pending.meta = true
}

/** True when some change has not been sent to main yet. */
export function hasPendingChanges(): boolean {
  return pending.blocks.size > 0 || pending.order || pending.meta
}
