import type { LexiconService } from '../../core/lexicon/lexicon-service'
import type { Handlers } from '../dispatch'

type LexiconChannel = Extract<keyof Handlers, `lexicon:${string}`>

/** `lexicon:*` handlers: the shared pronunciations and PLS/CSV files through main's dialogs. */
export function createLexiconHandlers(lexicon: LexiconService): Pick<Handlers, LexiconChannel> {
  return {
    'lexicon:getUser': () => lexicon.userEntries(),
    'lexicon:setUser': ({ entries }) => lexicon.setUserEntries(entries),
    'lexicon:import': ({ target }, { sender }) => lexicon.importFile(sender.webContentsId, target),
    'lexicon:export': ({ source, document }, { sender }) =>
      lexicon.exportFile(sender.webContentsId, source, document ?? null),
  }
}
