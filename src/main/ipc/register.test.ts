import { describe, expect, it, vi } from 'vitest'
import type { IpcMainInvokeEvent } from 'electron'
import { events, invokes } from '../../shared/ipc/contract'
import { eventPropertyName, splitChannel } from '../../shared/ipc/contract-types'
import { buildApi } from '../../preload/build-api'
import type { Dispatch } from './dispatch'
import { emitTo, registerIpc, senderInfoFrom } from './register'

// Why mock: register.ts must never load the real electron package here (it would try to download
// the binary); the adapters get everything through their parameters.
vi.mock('electron', () => ({}))

type Listener = (event: IpcMainInvokeEvent, input: unknown) => unknown

function fakeIpcMain() {
  const handlers = new Map<string, Listener>()
  return {
    handlers,
    handle: vi.fn((channel: string, listener: Listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`)
      handlers.set(channel, listener)
    }),
    removeHandler: vi.fn((channel: string) => {
      handlers.delete(channel)
    }),
  }
}

function fakeEvent(options: {
  frameUrl?: string
  subFrame?: boolean
  detached?: boolean
  nullFrame?: boolean
  throwingFrame?: boolean
  type?: string
}): IpcMainInvokeEvent {
  const mainFrame = { url: options.frameUrl ?? 'http://localhost:5173/', detached: false }
  const frame = options.subFrame
    ? { url: options.frameUrl ?? 'http://localhost:5173/', detached: false }
    : { ...mainFrame, detached: options.detached ?? false }
  const sender = {
    id: 7,
    mainFrame: options.subFrame || options.detached ? mainFrame : frame,
    getType: () => options.type ?? 'window',
    send: vi.fn(),
    isDestroyed: () => false,
  }
  const event = { sender } as unknown as IpcMainInvokeEvent
  Object.defineProperty(event, 'senderFrame', {
    get: () => {
      if (options.throwingFrame) throw new Error('Render frame was disposed')
      return options.nullFrame ? null : frame
    },
  })
  return event
}

describe('IPC surface', () => {
  it('contract keys == registered channels == preload surface', () => {
    const fakeMain = fakeIpcMain()
    const dispatch: Dispatch = vi.fn(() => Promise.resolve({ ok: true as const, data: null }))
    registerIpc(fakeMain, dispatch)
    const contract = Object.keys(invokes).sort()
    expect([...fakeMain.handlers.keys()].sort()).toEqual(contract)

    const api = buildApi({
      invoke: () => Promise.resolve({ ok: true, data: null }),
      subscribe: () => () => {},
    })
    const exposed = Object.entries(api)
      .flatMap(([domain, members]) => Object.keys(members).map((name) => `${domain}.${name}`))
      .sort()
    const expected = [
      ...Object.keys(invokes).map((c) => {
        const { domain, name } = splitChannel(c)
        return `${domain}.${name}`
      }),
      ...Object.keys(events).map((c) => {
        const { domain, name } = splitChannel(c)
        return `${domain}.${eventPropertyName(name)}`
      }),
    ].sort()
    expect(exposed).toEqual(expected)
  })

  it('every channel is domain:action and every handler runs the dispatcher with the sender', async () => {
    const fakeMain = fakeIpcMain()
    const dispatch = vi.fn<Dispatch>(() => Promise.resolve({ ok: true as const, data: 1 }))
    registerIpc(fakeMain, dispatch)
    for (const [channel, listener] of fakeMain.handlers) {
      expect(channel).toMatch(/^[a-z]+:[a-zA-Z]+$/)
      await listener(fakeEvent({}), { some: 'input' })
      expect(dispatch).toHaveBeenLastCalledWith(
        channel,
        { some: 'input' },
        { webContentsId: 7, isMainFrame: true, url: 'http://localhost:5173/', isWebview: false },
        expect.any(Function),
      )
    }
  })

  it('the undo removes every handler', () => {
    const fakeMain = fakeIpcMain()
    const undo = registerIpc(fakeMain, vi.fn())
    undo()
    expect(fakeMain.handlers.size).toBe(0)
    expect(fakeMain.removeHandler).toHaveBeenCalledTimes(Object.keys(invokes).length)
  })
})

describe('senderInfoFrom', () => {
  it('reads the main frame, URL and webview-ness from the event', () => {
    expect(senderInfoFrom(fakeEvent({ frameUrl: 'file:///app/index.html' }))).toEqual({
      webContentsId: 7,
      isMainFrame: true,
      url: 'file:///app/index.html',
      isWebview: false,
    })
  })

  it('marks a sub-frame as not the main frame', () => {
    expect(senderInfoFrom(fakeEvent({ subFrame: true })).isMainFrame).toBe(false)
  })

  it('marks a webview guest', () => {
    expect(senderInfoFrom(fakeEvent({ type: 'webview' })).isWebview).toBe(true)
  })

  it.each([
    ['a null frame', { nullFrame: true }],
    ['a detached frame', { detached: true }],
    ['a disposed frame that throws', { throwingFrame: true }],
  ])('%s yields an untrusted sender', (_name, options) => {
    expect(senderInfoFrom(fakeEvent(options))).toEqual({
      webContentsId: 7,
      isMainFrame: false,
      url: '',
      isWebview: false,
    })
  })
})

describe('emitTo', () => {
  it('sends to a live window and drops events for a destroyed one', () => {
    let destroyed = false
    const target = { send: vi.fn(), isDestroyed: () => destroyed }
    const emit = emitTo(target)
    emit('account:changed', { credential: 'none' } as never)
    expect(target.send).toHaveBeenCalledTimes(1)
    destroyed = true
    emit('account:changed', { credential: 'none' } as never)
    expect(target.send).toHaveBeenCalledTimes(1)
  })
})
