import { expect, test } from './fixtures/test'
import { ScriptScreen } from './support/script-screen'

test('a dropped script larger than VoiceDesk accepts is refused with the limit in plain words', async ({
  app,
}) => {
  const script = new ScriptScreen(app.page)
  await script.open()
  const workspace = app.page.locator('section.script-workspace')
  // A real drop of a 21,000,000-character .txt file: the page reads it and sends its text, and
  // main's schema refuses it (it is within the message size, so the count is named).
  const dataTransfer = await app.page.evaluateHandle(() => {
    const w = globalThis as unknown as {
      DataTransfer: new () => { items: { add(file: unknown): void } }
      File: new (parts: string[], name: string, options: { type: string }) => unknown
    }
    const transfer = new w.DataTransfer()
    transfer.items.add(new w.File(['word '.repeat(4_200_000)], 'huge.txt', { type: 'text/plain' }))
    return transfer
  })
  await workspace.dispatchEvent('drop', { dataTransfer })
  const notice = app.page.getByTestId('script-file-error')
  await expect(notice).toContainText('This is more than VoiceDesk accepts', { timeout: 30_000 })
  await expect(notice.getByTestId('error-message')).toContainText(
    'A script file can have at most 20,971,520 characters; this one has 21,000,000. Make it smaller and try again',
  )
  await expect(script.blocks).toHaveCount(0)
})
