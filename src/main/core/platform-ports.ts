/** A file-type filter for native open and save dialogs. */
export interface DialogFilter {
  name: string
  extensions: string[]
}

/**
 * The Electron-specific abilities core services and handlers need, injected so the same code runs
 * in the app (real Electron ports, built in index.ts), in the e2e browser host and in tests (test
 * ports). Declared in core, which must not import electron or anything outside itself. Each takes the
 * id of the window that asked, so a dialog is modal to it and progress shows on it.
 */
export interface PlatformPorts {
  /** Opens an already-checked http(s) link in the default browser. */
  openExternal(url: string): Promise<void>
  /**
   * The native open dialog. Returns the chosen paths, or null when cancelled. Why main picks the
   * path: the page never names a file for main to read; the user does, in a dialog main shows.
   */
  showOpenDialog(
    ownerId: number,
    options: {
      title: string
      filters: DialogFilter[]
      multiple?: boolean
      /** Pick a folder instead of files (a batch export's destination); `filters` are ignored. */
      directory?: boolean
    },
  ): Promise<string[] | null>
  /** The native save dialog. Returns the chosen path, or null when cancelled. */
  showSaveDialog(
    ownerId: number,
    options: { title: string; defaultName: string; filters: DialogFilter[] },
  ): Promise<string | null>
  /**
   * A native yes/no question, modal to the window. True only when the user picks `confirmLabel`
   * (Escape and closing the box mean no). Why native: the page must not be able to answer it.
   */
  confirm(ownerId: number, question: ConfirmQuestion): Promise<boolean>
  /** Reveals a file in the system file manager. */
  showItemInFolder(path: string): void
  /** Opens a file with its default application (a finished narration, an export). */
  openPath(path: string): Promise<void>
  /** True when the window is focused (no OS notification is needed then). */
  isWindowFocused(ownerId: number): boolean
  /** An OS notification (a long render ended or failed while the window was in the background). */
  notify(notification: { title: string; body: string }): void
  /** Taskbar/dock progress of a window: 0..1, or null to clear it. */
  setProgress(ownerId: number, fraction: number | null): void
}

/** A question for a native confirmation box. */
export interface ConfirmQuestion {
  title: string
  message: string
  detail: string
  confirmLabel: string
  cancelLabel: string
}
