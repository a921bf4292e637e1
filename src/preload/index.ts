import { contextBridge, ipcRenderer } from 'electron'
import type { Result } from '../shared/errors'
import { buildApi, pageHasUserGesture } from './build-api'

// Why no generic invoke: the page gets one named function per operation in the contract. The
// ipcRenderer object itself never crosses the context bridge, and the listener wrapper drops the
// IpcRendererEvent (it carries `sender`, which would hand the page the raw IPC object).
const api = buildApi({
  invoke: (channel, input) => ipcRenderer.invoke(channel, input) as Promise<Result<unknown>>,
  subscribe: (channel, listener) => {
    const wrapped = (_event: Electron.IpcRendererEvent, payload: unknown) => listener(payload)
    ipcRenderer.on(channel, wrapped)
    return () => {
      ipcRenderer.removeListener(channel, wrapped)
    }
  },
  hasUserGesture: pageHasUserGesture,
})

contextBridge.exposeInMainWorld('api', api)
