/**
 * The slice of the page's `window` that specs evaluate against. Why not the DOM library: e2e code
 * is type-checked with the Node program (tsconfig.node.json), where DOM globals must not exist;
 * page functions cast `globalThis` to this instead.
 */
export interface PageElement {
  outerHTML: string
  textContent: string | null
  append(child: PageElement): void
}

export interface PageStorage {
  readonly length: number
  key(index: number): string | null
  getItem(key: string): string | null
}

export interface PageWindow {
  document: {
    documentElement: PageElement
    body: PageElement
    title: string
    fonts: { ready: Promise<unknown> }
    createElement(tag: string): PageElement & { src?: string; srcdoc?: string }
  }
  location: { origin: string; href: string }
  localStorage: PageStorage
  sessionStorage: PageStorage
  performance: { getEntriesByType(type: string): { name: string }[] }
  getComputedStyle(element: unknown): Record<string, string> & {
    getPropertyValue(name: string): string
  }
  open(url: string): unknown
  api?: Record<string, Record<string, (input?: unknown) => Promise<unknown>>>
  frames: { length: number } & Record<number, PageWindow>
  [key: string]: unknown
}
