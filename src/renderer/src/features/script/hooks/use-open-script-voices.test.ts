import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OpenDocument } from '../../../../../main/core/script-workspace/open-document'
import type { Project } from '../../../../../shared/domain/script'
import { createProject } from '../../../../../shared/domain/script'
import type { DocumentChangesInput } from '../../../../../shared/domain/script-workspace'
import { documentChangesSchema } from '../../../../../shared/domain/script-workspace'
import type { Result } from '../../../../../shared/errors'
import type { Api } from '../../../../../shared/ipc/contract'
import { forgetDocument } from '../api/document-sync'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { followOpenDocument } from './use-document-sync'
import {
  openScriptVoicesOf,
  setCaretBlockVoice,
  setScriptDefaultVoice,
} from './use-open-script-voices'

// What runs for real: the page's document store with its undo, the document sync the shell runs
// (followOpenDocument, as useDocumentSync starts it) with lib/ipc's call(), and main's own copy of
// the open document (OpenDocument). What stands in: the IPC transport, a bridge that hands each
// saveDraft to that OpenDocument after the channel's own schema, as main's dispatch does.

const DOC_ID = 'doc_voices'
const store = useScriptDocumentStore

let opened: Project
let main: OpenDocument
let stopFollowing: () => void

const answer = <T>(data: T): Promise<Result<T>> => Promise.resolve({ ok: true, data })

const bridge = {
  script: {
    saveDraft: ({ changes }: { docId: string; changes: DocumentChangesInput }) => {
      main.apply(documentChangesSchema.parse(changes))
      return answer({ revision: main.revision })
    },
    blockStates: () => answer({}),
  },
} as unknown as Api

/** The default voice in main's copy, once the sync's timer has sent what changed. */
async function mainDefaultVoice(): Promise<string | undefined> {
  await vi.advanceTimersByTimeAsync(1_000)
  return main.projectAt(main.revision).defaults.voiceId
}

/** The voices the open script's document names, as the shell reads them for Voices. */
function openVoices() {
  const { doc, meta, blockVoices } = store.getState()
  return openScriptVoicesOf({
    open: doc !== null,
    defaultVoiceId: meta.defaults.voiceId,
    cast: meta.cast,
    blockVoices,
  })
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.stubGlobal('window', {
    api: bridge,
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  })
  opened = createProject({
    title: 'Harbour',
    defaults: { voiceId: 'olivia' },
    cast: { ALICE: 'emma' },
    blocks: [
      { id: 'a', text: 'The boats come in.' },
      { id: 'b', text: 'Good morning.', speaker: 'ALICE' },
      { id: 'c', text: 'The gulls.', voiceId: 'george' },
    ],
  })
  main = new OpenDocument(opened)
  store
    .getState()
    .load({ docId: DOC_ID, project: opened, fileName: null, location: null, unsaved: false })
  stopFollowing = followOpenDocument(DOC_ID)
})

afterEach(() => {
  stopFollowing()
  forgetDocument(DOC_ID)
  store.getState().unload()
  useEditorUiStore.setState({ caret: null })
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('the open script voices another workspace sees', () => {
  it('are its default and the voices its blocks speak in, directly or through the cast', () => {
    const voices = openVoices()
    expect(voices?.defaultVoiceId).toBe('olivia')
    expect([...(voices?.spokenVoiceIds ?? [])].sort()).toEqual(['emma', 'george'])
  })

  it('are none when no script is open, and nothing can be set', () => {
    store.getState().unload()
    expect(openVoices()).toBeNull()
    expect(setScriptDefaultVoice('emma')).toBe(false)
    expect(setCaretBlockVoice('emma')).toBeNull()
    expect(store.getState().undoStack).toEqual([])
  })

  it('follow a change of the default made in Script', () => {
    store
      .getState()
      .updateMeta({ defaults: { ...store.getState().meta.defaults, voiceId: 'liam' } })
    expect(openVoices()?.defaultVoiceId).toBe('liam')
  })
})

describe('setting the default voice from another workspace', () => {
  it('is an edit of the script: main has it, and Undo takes it back there too', async () => {
    expect(setScriptDefaultVoice('emma')).toBe(true)
    expect(store.getState().meta.defaults.voiceId).toBe('emma')
    expect(openVoices()?.defaultVoiceId).toBe('emma')
    expect(await mainDefaultVoice()).toBe('emma')
    // The rest of the defaults are the script's own, untouched.
    expect(main.projectAt(main.revision).defaults).toEqual({ ...opened.defaults, voiceId: 'emma' })

    store.getState().undo()
    expect(store.getState().meta.defaults.voiceId).toBe('olivia')
    expect(await mainDefaultVoice()).toBe('olivia')
  })

  it('adds no step when the voice is already the default', () => {
    expect(setScriptDefaultVoice('olivia')).toBe(true)
    expect(store.getState().undoStack).toEqual([])
  })
})

describe('giving a voice to a block from another workspace', () => {
  it('edits the block the caret was in, undoably, and says which', async () => {
    useEditorUiStore.getState().setCaret({ blockId: 'b', start: 0, end: 0 })
    expect(setCaretBlockVoice('liam')).toBe(2)
    expect(store.getState().blocks.get('b')?.voiceId).toBe('liam')
    expect(openVoices()?.spokenVoiceIds.has('liam')).toBe(true)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(main.projectAt(main.revision).blocks[1]?.voiceId).toBe('liam')
    store.getState().undo()
    expect(store.getState().blocks.get('b')?.voiceId).toBeUndefined()
  })

  it('edits the first block when the caret is in none of this script', () => {
    useEditorUiStore.getState().setCaret({ blockId: 'gone', start: 0, end: 0 })
    expect(setCaretBlockVoice('liam')).toBe(1)
    expect(store.getState().blocks.get('a')?.voiceId).toBe('liam')
  })
})
