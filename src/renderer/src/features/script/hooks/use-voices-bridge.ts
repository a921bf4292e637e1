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
  // Counted per change by the store, so typing (which never changes a voice) re-runs nothing here.
  const blockVoices = useScriptDocumentStore((s) => s.blockVoices)
  const hasDoc = useScriptDocumentStore((s) => s.doc !== null)

  useEffect(() => {
    const used = new Set<string>(Object.keys(blockVoices))
    if (meta.defaults.voiceId) used.add(meta.defaults.voiceId)
    for (const voice of Object.values(meta.cast)) used.add(voice)
    useScriptVoicesStore.getState().setVoicesInOpenScript(hasDoc ? [...used] : [])
  }, [meta, blockVoices, hasDoc])

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
