import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AppHost } from './fixtures/app-host'
import { expect, test } from './fixtures/test'
import { LAYOUT_SIZES, layoutProblems } from './support/layout-check'
import { snap } from './support/screenshots'
import { accessibilityProblems } from './support/axe'
import { expectVisibleFocus } from './support/focus-walk'
import { fillVoiceForm, signIn, speechWav, VoicesScreen } from './support/voices-screen'

/** At each size: no sideways scroll, no control cut off, covered or overlapping; a screenshot. */
async function checkAtEverySize(
  app: AppHost,
  screen: string,
  scheme: string,
  afterResize?: () => Promise<void>,
): Promise<void> {
  for (const size of LAYOUT_SIZES) {
    await app.page.setViewportSize(size)
    await afterResize?.()
    const label = `${screen}, ${scheme}, ${size.width}x${size.height}`
    await expect
      .poll(async () => (await layoutProblems(app.page)).problems, { message: label })
      .toEqual([])
    expect((await layoutProblems(app.page)).checked, label).toBeGreaterThan(3)
    expect(await cutText(app), label).toEqual([])
    await snap(app, `voices-${screen}-${scheme}-${size.width}x${size.height}`)
  }
}

/**
 * Text the screen cuts with an ellipsis (a language chip "Chinese (Chi…", a name): each as its
 * full text. Only what is on screen counts (the virtualized list's rows below the fold are not).
 */
async function cutText(app: AppHost): Promise<string[]> {
  return app.page.evaluate<string[]>(`(() => {
    const cut = []
    for (const el of document.querySelectorAll('[data-testid="workspace"] *')) {
      const style = getComputedStyle(el)
      if (style.textOverflow !== 'ellipsis' || style.display === 'none') continue
      const r = el.getBoundingClientRect()
      if (r.width < 1 || r.bottom <= 0 || r.top >= innerHeight) continue
      if (el.scrollWidth > el.clientWidth + 1) cut.push(el.textContent.trim())
    }
    return cut
  })()`)
}

/** The bottom edges of the filters (aligned at the bottom: one value when they share one row). */
async function filterRows(voices: VoicesScreen): Promise<number[]> {
  const boxes = await voices.page.locator('.voice-toolbar__filters > *:not(legend)').all()
  const tops = await Promise.all(
    boxes.map(async (box) => {
      const r = await box.boundingBox()
      return r === null ? -1 : r.y + r.height
    }),
  )
  return [...new Set(tops.map((top) => Math.round(top)))]
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the Voices screens lay out at 1024x700, 1280x800 and 1920x1080 (${scheme})`, async ({
    app,
    sandbox,
  }) => {
    test.setTimeout(420_000)
    await app.page.emulateMedia({ colorScheme: scheme })
    const voices = new VoicesScreen(app.page)
    await voices.open()
    await expect(app.page.getByTestId('voices-onboarding')).toBeVisible()
    await checkAtEverySize(app, 'no-key', scheme)

    await signIn(app, sandbox)
    await voices.open()
    await expect(voices.count).toHaveText('44 voices')
    // Nothing chosen yet: the side panel says what to do, the keys fold away under "Keyboard".
    await expect(app.page.getByTestId('voice-keys')).toBeVisible()
    await expect(
      app.page.getByTestId('voice-keys').getByText('Play the selected voice'),
    ).toBeHidden()
    await expect(voices.player).toBeHidden()
    await checkAtEverySize(app, 'empty-side', scheme)
    // At 1280 and 1024 the filters are one row, the favourites filter with its word; at 900 wide
    // nothing is cut either.
    for (const size of [LAYOUT_SIZES[1], LAYOUT_SIZES[0]]) {
      await app.page.setViewportSize(size)
      expect(await filterRows(voices), `${size.width}`).toHaveLength(1)
      await expect(app.page.getByTestId('favourites-words'), `${size.width}`).toBeVisible()
    }
    await app.page.setViewportSize({ width: 900, height: 700 })
    expect(await cutText(app)).toEqual([])
    expect((await layoutProblems(app.page)).problems).toEqual([])

    await app.page.setViewportSize(LAYOUT_SIZES[0])
    await voices.row('arthur').click()
    await expect(voices.details.getByRole('heading', { name: 'Arthur' })).toBeVisible()
    // The try section's model choice says what it is, visibly, and fits the panel.
    const model = voices.details.getByTestId('try-model')
    await expect(model).toBeVisible()
    await expect(voices.details.locator('.voice-try__model')).toHaveText(/^Model/)
    await expect(model.locator('option:checked')).toHaveText('Default')
    const inside = async (): Promise<boolean> => {
      const [box, panel] = [await model.boundingBox(), await voices.details.boundingBox()]
      return box !== null && panel !== null && box.x + box.width <= panel.x + panel.width
    }
    expect(await inside()).toBe(true)
    await checkAtEverySize(app, 'catalog', scheme)
    // A narrow list keeps a voice's style words (beside the name) as well as its language.
    for (const width of [1024, 900]) {
      await app.page.setViewportSize({ width, height: 700 })
      const arthur = voices.row('arthur')
      await expect(arthur.locator('.voice-row__meta'), `${width}`).toHaveText('Deep · Audiobook')
      await expect(arthur.locator('.voice-row__meta'), `${width}`).toBeVisible()
      await expect(arthur.locator('.voice-row__where'), `${width}`).toContainText(
        'English (United Kingdom)',
      )
    }
    expect(await cutText(app)).toEqual([])
    expect((await layoutProblems(app.page)).problems).toEqual([])
    // A voice the service gives no gender: the column shows a dash, never a blank, and a screen
    // reader hears "Gender not given", not a dash.
    await voices.search.fill('River')
    for (const size of [LAYOUT_SIZES[2], LAYOUT_SIZES[1]]) {
      await app.page.setViewportSize(size)
      const river = voices.row('river')
      const gender = river.locator('.voice-row__gender')
      await expect(gender, `${size.width}`).toBeVisible()
      await expect(gender.locator('[aria-hidden="true"]'), `${size.width}`).toHaveText('—')
      await expect(river, `${size.width}`).toHaveAccessibleName(/Gender not given/)
      await expect(river, `${size.width}`).not.toHaveAccessibleName(/—/)
    }
    await voices.search.fill('')
    await expect(voices.count).toHaveText('44 voices')

    // Playing: the row's button turns to Stop, the player bar shows what plays.
    for (const size of LAYOUT_SIZES) {
      await app.page.setViewportSize(size)
      await app.page.getByRole('button', { name: 'Play Arthur', exact: true }).first().click()
      await expect(voices.player).toHaveAttribute('data-status', 'playing')
      await expect(voices.player).toBeVisible()
      expect((await layoutProblems(app.page)).problems).toEqual([])
      expect(await cutText(app)).toEqual([])
      await snap(app, `voices-playing-${scheme}-${size.width}x${size.height}`)
      // Stop it, unless the short preview has ended under load already: either way the bar goes.
      // (A click event on the bar's one button, found by CSS, not by role: a hidden bar's button
      // has no role to find, and the event does not wait on a bar that has just hidden.)
      await voices.player.locator('button').dispatchEvent('click')
      await expect(voices.player).toBeHidden()
    }

    await voices.details
      .getByTestId('voice-ids')
      .getByRole('button', { name: 'Details', exact: true, expanded: false })
      .click()
    // The service's tags in words, each whole, not as its code ("timbre:deep, style:…").
    await expect(voices.details.getByTestId('voice-tags')).toHaveText(
      'Timbre: deep · Style: audiobook · Emotions: calm, warm, assertive, direct',
    )
    await expect(voices.details.getByTestId('voice-ids')).not.toContainText('timbre:deep')
    // The whole screen with the identifiers open, the chosen row's tinted line included.
    expect(await accessibilityProblems(app.page)).toEqual([])
    // Scrolled to the last identifier, so the screenshot shows them all.
    await checkAtEverySize(app, 'details-ids', scheme, () =>
      voices.details.getByTestId('voice-ids').locator('dd').last().scrollIntoViewIfNeeded(),
    )

    // Keyboard: from the search box, every stop shows where focus is.
    await app.page.setViewportSize(LAYOUT_SIZES[0])
    await voices.search.focus()
    const stops = await expectVisibleFocus(app.page, 60)
    expect(stops.length).toBeGreaterThan(15)
    expect(stops).toContain('button Details')
    expect(stops.some((s) => s.includes('Copy voice id'))).toBe(true)

    await voices.details
      .getByTestId('voice-ids')
      .getByRole('button', { name: 'Details', exact: true, expanded: true })
      .click()
    // Another voice's panel opens at its top, not scrolled down to where the last one was.
    await app.page.setViewportSize(LAYOUT_SIZES[0])
    await voices.row('arjun').click()
    await expect(voices.details.getByRole('heading', { name: 'Arjun' })).toBeInViewport()
    expect(
      await app.page.evaluate<number>("document.querySelector('.voices-side').scrollTop"),
    ).toBe(0)
    await app.page.getByRole('button', { name: 'New personal voice…' }).click()
    const dialog = voices.createDialog
    await expect(dialog).toBeVisible()
    // An empty form does not look ready: Create waits, and says what it still needs.
    const createButton = dialog.getByRole('button', { name: 'Create voice' })
    await expect(createButton).toBeDisabled()
    await expect(dialog.getByTestId('create-missing')).toHaveText(
      'Still needed: a name, a sample, the speaker’s full name, their email and their consent.',
    )
    await expect(createButton).toHaveAccessibleDescription(/^Still needed: a name/)
    await checkAtEverySize(app, 'create-dialog', scheme)

    // A sample chosen: its check in words, and the whole form (the consent above Create) in view.
    const dir = await mkdtemp(join(tmpdir(), 'voicedesk-voices-layout-'))
    try {
      const samplePath = join(dir, 'ada reading.wav')
      await speechWav(sandbox, samplePath)
      await fillVoiceForm(dialog, { name: 'Ada Studio', locale: 'en-GB' })
      await expect(dialog.getByTestId('create-missing')).toHaveText('Still needed: a sample.')
      app.platform.answerNextOpen([samplePath])
      await dialog.getByRole('button', { name: 'Choose a file…' }).click()
      await expect(dialog.getByTestId('sample-findings')).toBeVisible()
      await expect(dialog.getByTestId('create-missing')).toHaveCount(0)
      await expect(createButton).toBeEnabled()
      // The sample plays on the app's own round button, its length in words; no browser player.
      await expect(dialog.locator('audio[controls]')).toHaveCount(0)
      const samplePlay = dialog.getByRole('button', { name: 'Play the sample ada reading.wav' })
      await expect(samplePlay).toHaveClass(/voice-play/)
      await expect(dialog.getByTestId('sample-card')).toContainText(/· \d+ seconds/)
      await expect(dialog.getByTestId('sample-card')).not.toContainText(/\d\.\d s\b/)
      await samplePlay.click()
      await expect(dialog.getByTestId('sample-player')).toHaveAttribute(
        'data-status',
        /playing|ended/,
      )
      const consent = dialog.getByRole('checkbox', { name: /agreed to have their voice cloned/ })
      await checkAtEverySize(app, 'create-dialog-sample', scheme, async () => {
        await expect(consent).toBeInViewport({ ratio: 1 })
        await expect(dialog.getByRole('button', { name: 'Create voice' })).toBeInViewport({
          ratio: 1,
        })
      })
      await app.page.setViewportSize(LAYOUT_SIZES[1])
      await dialog.getByRole('button', { name: 'Create voice' }).click()
      await expect(dialog).toBeHidden()

      // The new personal voice: its panel opens at its top, the voice and Play first.
      await expect(voices.details.getByRole('heading', { name: 'Ada Studio' })).toBeVisible()
      // "Personal" once on its row at every width: its mark, not again among the style words
      // (the service tags a personal voice "personal" as well), and on no catalog row.
      const rows = app.page.getByTestId('voice-row')
      const personalOnce = async (): Promise<void> => {
        const ada = rows.filter({ hasText: 'Ada Studio' })
        expect((await ada.innerText()).match(/Personal/g) ?? []).toHaveLength(1)
        await expect(rows.filter({ hasText: 'Personal' })).toHaveCount(1)
      }
      await checkAtEverySize(app, 'personal', scheme, async () => {
        await personalOnce()
        await expect(
          voices.details.getByRole('button', { name: 'Play Ada Studio' }),
        ).toBeInViewport()
        expect(
          await app.page.evaluate<number>("document.querySelector('.voices-side').scrollTop"),
        ).toBe(0)
      })

      // Its sample saved: the file's name and Show in folder, never the folder's path.
      app.platform.answerNextSave(join(dir, 'ada-copy'))
      await voices.details.getByRole('button', { name: 'Download sample…' }).click()
      const saved = voices.details.getByTestId('sample-saved')
      await expect(saved).toContainText('ada-copy.wav')
      await expect(saved).not.toContainText(dir)
      await checkAtEverySize(app, 'sample-saved', scheme, () => saved.scrollIntoViewIfNeeded())
      // The sandbox outlives this test in its worker: the next scheme starts from the 44 voices.
      await voices.details.getByRole('button', { name: 'Delete voice…' }).click()
      await app.page
        .getByRole('dialog', { name: 'Delete “Ada Studio”?' })
        .getByRole('button', { name: 'Delete voice' })
        .click()
      await expect(voices.count).toHaveText('44 voices')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
}
