import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import { snap } from './support/screenshots'
import { closedLoopbackPort, issueAccessToken } from './support/sandbox-helpers'
import {
  personalVoices,
  prepareVoice,
  signIn,
  speechWav,
  toneWav,
  VoicesScreen,
} from './support/voices-screen'

let dir: string
let samplePath: string
test.beforeAll(async ({ sandbox }) => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-voices-errors-'))
  samplePath = join(dir, 'reading.wav')
  await speechWav(sandbox, samplePath)
})
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})
test.afterEach(({ sandbox }) => {
  sandbox.clearFaults()
  sandbox.setAccount('paid', { maxPersonalVoices: 10, voiceCloning: true })
})

test('a plan without cloning says so (402 voice_cloning_not_included)', async ({
  app,
  sandbox,
}) => {
  await signIn(app, sandbox, { apiKey: sandbox.keys.free })
  const voices = new VoicesScreen(app.page)
  await voices.open()
  const dialog = await prepareVoice(app, voices, samplePath)
  await dialog.getByRole('button', { name: 'Create voice' }).click()
  const error = dialog.getByTestId('create-error')
  await expect(error).toContainText('Your plan does not cover this')
  await expect(error.getByTestId('error-message')).toContainText(
    'Your plan does not include voice cloning. Upgrade the plan to create personal voices.',
  )
  await error.getByRole('button', { name: 'Details', exact: true, expanded: false }).click()
  await expect(error.getByTestId('error-request-id')).toHaveText(/^req_/)
  expect(await personalVoices(sandbox, sandbox.keys.free)).toEqual([])
})

test('too many personal voices (409 too_many_voices)', async ({ app, sandbox }) => {
  sandbox.setAccount('paid', { maxPersonalVoices: 0 })
  await signIn(app, sandbox)
  const voices = new VoicesScreen(app.page)
  await voices.open()
  const dialog = await prepareVoice(app, voices, samplePath)
  await dialog.getByRole('button', { name: 'Create voice' }).click()
  await expect(dialog.getByTestId('create-error').getByTestId('error-message')).toContainText(
    'You have reached the maximum number of personal voices. Delete one and try again.',
  )
})

test("a sample the service rejects shows the service's message next to the sample", async ({
  app,
  sandbox,
}) => {
  const short = join(dir, 'short.wav')
  await toneWav(short, 0.6)
  await signIn(app, sandbox)
  const voices = new VoicesScreen(app.page)
  await voices.open()
  const dialog = await prepareVoice(app, voices, short)
  // The page warns first, but leaves the decision to the service.
  await expect(dialog.getByTestId('sample-findings')).toContainText('Far too short')
  await dialog.getByRole('button', { name: 'Create voice' }).click()
  await expect(dialog.getByTestId('sample-rejected')).toHaveText(
    'The service rejected the sample: is too short (0.60 s; at least 1 s)',
  )
  await expect(dialog.getByTestId('create-error')).toHaveCount(0)
  // Choosing a good sample clears it, and the voice is created.
  app.platform.answerNextOpen([samplePath])
  await dialog.getByRole('button', { name: 'Choose a file…' }).click()
  await expect(dialog.getByTestId('sample-rejected')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Create voice' }).click()
  await expect(app.page.getByTestId('voice-created')).toBeVisible()
  for (const voice of await personalVoices(sandbox)) {
    await fetch(`${sandbox.baseUrl}/v1/voices/${voice.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${sandbox.keys.paid}` },
    })
  }
})

test('an access token without voices:create is explained (SCOPE_MISSING)', async ({
  app,
  sandbox,
}) => {
  const { token } = await issueAccessToken(sandbox, 'audio:all voices:read')
  await signIn(app, sandbox, { token })
  const voices = new VoicesScreen(app.page)
  await voices.open()
  await expect(voices.count).toHaveText('44 voices')
  const dialog = await prepareVoice(app, voices, samplePath)
  await dialog.getByRole('button', { name: 'Create voice' }).click()
  const error = dialog.getByTestId('create-error')
  await expect(error).toContainText('Your access token does not allow this')
  await expect(error.getByTestId('error-message')).toContainText('voices:create')
})

test('a network failure while creating says the service cannot be reached', async ({
  app,
  sandbox,
}) => {
  await signIn(app, sandbox)
  const voices = new VoicesScreen(app.page)
  await voices.open()
  await expect(voices.count).toHaveText('44 voices')
  const dialog = await prepareVoice(app, voices, samplePath)
  // The connection goes away while the dialog is open (the user lets the key follow the address).
  const port = await closedLoopbackPort()
  app.platform.answerNextConfirm(true)
  const changed = await app.page.evaluate(
    async (baseUrl) =>
      (
        await (
          globalThis as unknown as {
            api: { account: { setBaseUrl(i: { baseUrl: string }): Promise<{ ok: boolean }> } }
          }
        ).api.account.setBaseUrl({ baseUrl })
      ).ok,
    `http://127.0.0.1:${port}`,
  )
  expect(changed).toBe(true)
  await dialog.getByRole('button', { name: 'Create voice' }).click()
  const error = dialog.getByTestId('create-error')
  await expect(error).toContainText('Cannot reach the service', { timeout: 30_000 })
  await expect(error.getByTestId('error-message')).toContainText(`127.0.0.1:${port}`)
})

test('a cut "try with my text" stream is reported, not played as finished', async ({
  app,
  sandbox,
}) => {
  await signIn(app, sandbox)
  const voices = new VoicesScreen(app.page)
  await voices.open()
  await voices.row('emma').click()
  sandbox.setFaults({ truncateAfterBytes: 2500 })
  await voices.details
    .getByTestId('try-text')
    .fill('A longer line of text, so that the stream is cut well before its natural end.')
  await voices.details.getByTestId('try-button').click()
  await expect(voices.player).toHaveAttribute('data-status', 'error', { timeout: 30_000 })
  await expect(app.page.getByTestId('player-error')).toContainText('The audio ended early')
})

test('without a key, Voices explains what it needs and leads to Account', async ({
  app,
  sandbox,
}) => {
  const listedBefore = sandbox.requestLog({ pathPrefix: '/v1/voices' }).length
  const voices = new VoicesScreen(app.page)
  await voices.open()
  const onboarding = app.page.getByTestId('voices-onboarding')
  await expect(onboarding.getByRole('heading', { level: 2 })).toHaveText(
    'Add your API key to see the voices',
  )
  // A calm panel, not an error: no red notice, no "Try again", no list call made without a key.
  await expect(app.page.getByTestId('voices-error')).toHaveCount(0)
  await expect(app.page.getByRole('button', { name: 'Try again' })).toHaveCount(0)
  await expect(app.page.getByRole('alert')).toHaveCount(0)
  expect(sandbox.requestLog({ pathPrefix: '/v1/voices' })).toHaveLength(listedBefore)
  // What needs a key is disabled, and says why.
  const create = app.page.getByRole('button', { name: 'New personal voice…' })
  await expect(create).toBeDisabled()
  await expect(create).toHaveAccessibleDescription(/Add your API key on the Account screen/)
  // Disabled, it does not look like the thing to press: "Go to Account" is the one primary.
  await expect(create).not.toHaveClass(/button--primary/)
  await expect(app.page.locator('[data-testid="workspace"] .button--primary:visible')).toHaveText([
    'Go to Account',
  ])
  // Nothing to refresh without a key: no Refresh that looks pressable.
  await expect(app.page.getByRole('button', { name: 'Refresh' })).toHaveCount(0)
  // Nothing can play yet: no player bar.
  await expect(voices.player).toHaveCount(0)
  await snap(app, 'voices-no-key')

  // Keyboard: the button takes focus, Enter opens Account with focus on its heading.
  await onboarding.getByRole('button', { name: 'Go to Account' }).focus()
  await app.page.keyboard.press('Enter')
  const heading = app.page.getByRole('heading', { level: 1, name: 'Account' })
  await expect(heading).toBeFocused()

  // With a key, the same workspace lists the voices.
  await signIn(app, sandbox)
  await voices.open()
  await expect(voices.count).toHaveText('44 voices')
  await expect(onboarding).toHaveCount(0)
  await expect(create).toBeEnabled()
  await expect(create).toHaveClass(/button--primary/)
  await expect(app.page.getByRole('button', { name: 'Refresh' })).toBeEnabled()
})
