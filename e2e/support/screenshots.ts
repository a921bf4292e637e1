import { fileURLToPath } from 'node:url'
import type { AppHost } from '../fixtures/app-host'
import type { PageWindow } from './page-window'

const root = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url))

/** Saves a full-window screenshot to artifacts/screenshots/<host>/<name>.png for human review. */
export async function snap(app: AppHost, name: string): Promise<void> {
  // Why wait for fonts and a frame: a screenshot mid-layout shows a state no user ever sees.
  await app.page.evaluate(() =>
    (globalThis as unknown as PageWindow).document.fonts.ready.then(() => undefined),
  )
  await app.page.screenshot({ path: `${root}${app.host}/${name}.png`, animations: 'disabled' })
}
