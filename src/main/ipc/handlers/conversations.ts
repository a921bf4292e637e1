import type { ExportFormat } from '../../../shared/domain/conversation-watch'
import type { ConversationService } from '../../core/conversations/conversation-service'
import type { PlatformPorts } from '../../core/platform-ports'
import type { ExportedFiles } from '../../core/conversations/exported-files'
import type { Handlers } from '../dispatch'

type ConversationHandlers = Pick<
  Handlers,
  | 'conversations:open'
  | 'conversations:close'
  | 'conversations:listRecent'
  | 'conversations:removeRecent'
  | 'conversations:dismissListNotice'
  | 'conversations:setVisibility'
  | 'conversations:prepareRecording'
  | 'conversations:readRecording'
  | 'conversations:export'
>

const EXPORTS: Record<ExportFormat, { extension: string; name: string }> = {
  json: { extension: 'json', name: 'JSON (records as received)' },
  markdown: { extension: 'md', name: 'Markdown' },
  text: { extension: 'txt', name: 'Plain text' },
}

/** `conversations:*` handlers: thin, the work is in core/conversations. */
export function createConversationHandlers(deps: {
  conversations: ConversationService
  platform: PlatformPorts
  /** Where a saved export is remembered for Show in folder. */
  exported: ExportedFiles
}): ConversationHandlers {
  const { conversations, platform } = deps
  return {
    'conversations:open': async ({ id }, { sender, emit }) => {
      const { snapshot, jobId } = await conversations.open(sender.webContentsId, id, {
        event: (event) => emit('conversations:event', event),
        state: (state) => emit('conversations:watch', state),
        recentChanged: (list) => emit('conversations:recentChanged', list),
      })
      return { ...snapshot, jobId }
    },
    'conversations:close': ({ id }, { sender }) => ({
      closed: conversations.close(sender.webContentsId, id),
    }),
    'conversations:listRecent': () => conversations.recent.list(),
    'conversations:removeRecent': async ({ id }) => {
      await conversations.recent.remove(id)
      return conversations.recent.list()
    },
    'conversations:dismissListNotice': () => {
      conversations.recent.dismissNotice()
      return conversations.recent.list()
    },
    'conversations:setVisibility': ({ hidden }, { sender }) => {
      conversations.setHidden(sender.webContentsId, hidden)
    },
    'conversations:prepareRecording': ({ id }, { sender }) =>
      conversations.prepareRecording(sender.webContentsId, id),
    'conversations:readRecording': ({ id, offset }) => conversations.recordings.read(id, offset),
    'conversations:export': async ({ id, format }, { sender }) => {
      const { extension, name } = EXPORTS[format]
      // Why main asks for the path: the page never names a file for main to write.
      const path = await platform.showSaveDialog(sender.webContentsId, {
        title: 'Export conversation',
        defaultName: `${id}.${extension}`,
        filters: [{ name, extensions: [extension] }],
      })
      if (path === null) return null
      const saved = await conversations.exportTo(sender.webContentsId, id, format, path)
      if (saved !== null) deps.exported.remember(sender.webContentsId, saved.path)
      return saved
    },
  }
}
