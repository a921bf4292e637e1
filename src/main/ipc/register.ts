import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron'
import { invokes } from '../../shared/ipc/contract'
import type { Dispatch, Emit, SenderInfo } from './dispatch'

/** The part of `ipcMain` registration needs (a fake in tests). */
export type IpcMainLike = Pick<IpcMain, 'handle' | 'removeHandler'>

/** The part of a WebContents events are sent through. */
export type EventTarget = Pick<WebContents, 'send' | 'isDestroyed'>

const UNTRUSTED: Omit<SenderInfo, 'webContentsId'> = {
  isMainFrame: false,
  url: '',
  isWebview: false,
}

/**
 * What main can tell about the sender of an invoke. A missing or destroyed frame (the page navigated
 * away while the call was in flight) yields an untrusted sender, never a guess.
 */
export function senderInfoFrom(event: IpcMainInvokeEvent): SenderInfo {
  const sender = event.sender
  const webContentsId = sender.id
  let frame: IpcMainInvokeEvent['senderFrame']
  try {
    frame = event.senderFrame
  } catch {
    // Electron throws when the frame was disposed between the message and this read.
    return { webContentsId, ...UNTRUSTED }
  }
  if (frame === null || frame.detached) return { webContentsId, ...UNTRUSTED }
  return {
    webContentsId,
    isMainFrame: frame === sender.mainFrame,
    url: frame.url,
    isWebview: sender.getType() === 'webview',
  }
}

/** Sends events to one window; silently dropped once that window is gone. */
export function emitTo(target: EventTarget): Emit {
  return (channel, payload) => {
    if (target.isDestroyed()) return
    target.send(channel, payload)
  }
}

/**
 * The only place that touches ipcMain: one handler per invoke channel of the contract, each
 * running the shared dispatcher (sender check, zod parse, handler, Result). Returns the undo.
 */
export function registerIpc(ipcMain: IpcMainLike, dispatch: Dispatch): () => void {
  const channels = Object.keys(invokes)
  for (const channel of channels) {
    ipcMain.handle(channel, (event, input: unknown) =>
      dispatch(channel, input, senderInfoFrom(event), emitTo(event.sender)),
    )
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel)
  }
}
