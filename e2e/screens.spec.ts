import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { AppHost } from './fixtures/app-host'
import { expect, test } from './fixtures/test'
import { ConversationsScreen } from './support/conversations-screen'
import { auditAtSizes } from './support/audit-sizes'
import { ScriptScreen, signInForScript } from './support/script-screen'

// Every workspace, in light and dark, at a small laptop, a common laptop and a desktop window:
// an accessibility audit (axe: no serious or critical violation), a layout check (no sideways
// scroll; no interactive element clipped, pushed off screen, or lying on another) and a
// screenshot of each for a person to look at.

const SCRIPT = [
  '# Chapter One',
  '',
  'The harbour was quiet before dawn. Gulls sat on the posts and watched the water.',
  '',
  'Mara walked the length of the pier and counted the boats, as her father had taught her.',
  '',
  'ALICE: Are you coming to the market?',
  '',
  'BOB: In a minute. I want to see the fishing boats come in.',
  '',
].join('\n')

/** axe once and the layout check at each size, with a screenshot at each. */
function audit(app: AppHost, screen: string, theme: string): Promise<string[]> {
  return auditAtSizes(app, { name: screen, theme, shot: `screen-${screen}-${theme}` })
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ appColorScheme: theme })

    test(`every workspace passes the accessibility audit and the layout check at three sizes (${theme})`, async ({
      app,
      sandbox,
      userDataDir,
    }) => {
      test.setTimeout(240_000)
      const { page } = app
      const problems: string[] = []

      // Account before a key, then signed in.
      await page.getByTestId('nav-account').click()
      await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
      problems.push(...(await audit(app, 'account-no-key', theme)))
      await signInForScript(app, sandbox)
      problems.push(...(await audit(app, 'account', theme)))

      // Script: empty, then a short manuscript.
      const script = new ScriptScreen(page)
      await script.open()
      await expect(page.getByTestId('script-empty')).toBeVisible()
      problems.push(...(await audit(app, 'script-empty', theme)))
      const source = join(userDataDir, 'harbour.md')
      await writeFile(source, SCRIPT)
      await script.openFile(app, source)
      await expect(script.blocks).toHaveCount(4)
      problems.push(...(await audit(app, 'script', theme)))

      // Voices: the catalog with its first rows.
      await page.getByTestId('nav-voices').click()
      await expect(page.getByRole('heading', { level: 1, name: 'Voices' })).toBeVisible()
      await expect(page.getByTestId('voice-row').first()).toBeVisible({ timeout: 20_000 })
      problems.push(...(await audit(app, 'voices', theme)))

      // Conversations: the overview it opens on, the inbox, then one conversation beside it.
      await page.getByTestId('nav-conversations').click()
      const conversations = new ConversationsScreen(page)
      await expect(page.getByRole('heading', { level: 1, name: 'Conversations' })).toBeVisible()
      await expect(page.getByTestId('overview-tiles')).toBeVisible({ timeout: 20_000 })
      problems.push(...(await audit(app, 'conversations-overview', theme)))
      await conversations.showInbox()
      const firstRow = page.getByTestId('inbox-row').first()
      await expect(firstRow).toBeVisible({ timeout: 20_000 })
      problems.push(...(await audit(app, 'conversations', theme)))
      await page
        .getByTestId('inbox-row')
        .filter({ has: page.getByTestId('status-chip').getByText('Completed', { exact: true }) })
        .first()
        .click()
      await expect(conversations.detail).toBeVisible()
      await expect(page.getByTestId('header-agent')).not.toBeEmpty()
      problems.push(...(await audit(app, 'conversation-detail', theme)))

      expect(problems).toEqual([])
    })
  })
}
