import { useEffect } from 'react'
import { useScriptVoicesStore } from '../../../lib/shared-state/script-voices'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'

// Only a default sent after start-up is applied (a remembered one must not override the default of
// the project being opened); module-level so a change made while Script was not shown still counts.
let appliedDefault = useScriptVoicesStore.getState().defaultVoiceId

/**
 * The Script side of the Voices <-> Script link: publishes the voices the open script uses (for
 * the Voices workspace's delete warning) and applies "use as default" / "use for this block".
 */
export function useVoicesBridge(): void {
  const meta = useScriptDocumentStore((s) => s.meta)
  const blocks = useScriptDocumentStore((s) => s.blocks)
  const hasDoc = useScriptDocumentStore((s) => s.doc !== null)

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const used = new Set<string>()
      if (meta.defaults.voiceId) used.add(meta.defaults.voiceId)
      for (const voice of Object.values(meta.cast)) used.add(voice)
      for (const block of Object.values(blocks)) if (block.voiceId) used.add(block.voiceId)
      useScriptVoicesStore.getState().setVoicesInOpenScript(hasDoc ? [...used] : [])
    }, 300)
    return () => window.clearTimeout(timer)
  }, [meta, blocks, hasDoc])

  const defaultVoiceId = useScriptVoicesStore((s) => s.defaultVoiceId)
  const pending = useScriptVoicesStore((s) => s.pendingBlockVoice)
  useEffect(() => {
    if (appliedDefault === defaultVoiceId) return
    appliedDefault = defaultVoiceId
    const doc = useScriptDocumentStore.getState()
    if (doc.doc === null || defaultVoiceId === null) return
    if (doc.meta.defaults.voiceId !== defaultVoiceId) {
      doc.updateMeta({ defaults: { ...doc.meta.defaults, voiceId: defaultVoiceId } })
    }
  }, [defaultVoiceId])
  useEffect(() => {
    if (pending === null || !hasDoc) return
    const doc = useScriptDocumentStore.getState()
    const target = useEditorUiStore.getState().caret?.blockId ?? doc.order[0]
    if (target !== undefined) doc.updateBlock(target, { voiceId: pending.voiceId })
    useScriptVoicesStore.getState().requestBlockVoice(null)
  }, [pending, hasDoc])
}
