import { describe, expect, it } from 'vitest'
import { checkAccountPage, httpsInstead } from './account-page'

// Issue 27: the page dialog refused http:// and left the user to fix it; it now offers the https
// form, and only when that form would be kept.
describe('httpsInstead', () => {
  it.each([
    ['http://voices.example/account', 'https://voices.example/account'],
    ['  HTTP://Voices.Example/account/billing?x=1 ', 'https://voices.example/account/billing?x=1'],
  ])('offers the https form of %s', (given, offered) => {
    expect(checkAccountPage(given)).toEqual({ problem: 'The address must start with https://.' })
    expect(httpsInstead(given)).toBe(offered)
  })

  it.each([
    ['already https', 'https://voices.example/account'],
    ['another scheme', 'ftp://voices.example/account'],
    ['a local address', 'http://localhost/account'],
    ['a numeric address', 'http://192.168.1.4/billing'],
    ['a user name in it', 'http://me:secret@voices.example/account'],
    ['no address at all', 'voices.example/account'],
  ])('offers nothing for %s', (_name, given) => {
    expect(httpsInstead(given)).toBeNull()
  })
})
