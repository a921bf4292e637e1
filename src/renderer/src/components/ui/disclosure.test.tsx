import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Disclosure } from './disclosure'

/** The disclosure as the page first receives it, parsed just enough to read its parts. */
function rendered(defaultOpen?: boolean): {
  html: string
  button: string
  content: string
} {
  const html = renderToStaticMarkup(
    <Disclosure summary="Details" defaultOpen={defaultOpen} className="place" testId="ids">
      <code>voice_123</code>
    </Disclosure>,
  )
  const button = /<button[^>]*>/.exec(html)?.[0] ?? ''
  const content = /<div[^>]*class="disclosure__content"[^>]*>/.exec(html)?.[0] ?? ''
  return { html, button, content }
}

function attribute(tag: string, name: string): string | null {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null
}

describe('Disclosure', () => {
  it('is a real button named by its summary, collapsed, with its content hidden but present', () => {
    const { html, button, content } = rendered()
    expect(attribute(button, 'type')).toBe('button')
    expect(attribute(button, 'aria-expanded')).toBe('false')
    expect(html).toMatch(/<span>Details<\/span><\/button>/)
    expect(content).toMatch(/\shidden=""/)
    expect(html).toContain('<code>voice_123</code>')
    expect(html).not.toMatch(/<details|<summary/)
  })

  it('names the part it controls by an id the content carries', () => {
    const { button, content } = rendered()
    const controls = attribute(button, 'aria-controls')
    expect(controls).not.toBeNull()
    expect(controls).not.toBe('')
    expect(attribute(content, 'id')).toBe(controls)
  })

  it('starts open when asked: expanded, content shown', () => {
    const { html, button, content } = rendered(true)
    expect(attribute(button, 'aria-expanded')).toBe('true')
    expect(content).not.toMatch(/\shidden/)
    expect(html).toMatch(/^<div class="disclosure place" data-open="true" data-testid="ids">/)
  })

  it('keeps the place and test id on the whole disclosure, and says it is closed', () => {
    expect(rendered().html).toMatch(
      /^<div class="disclosure place" data-open="false" data-testid="ids">/,
    )
  })

  it('gives two disclosures on one page different ids', () => {
    const html = renderToStaticMarkup(
      <>
        <Disclosure summary="One">a</Disclosure>
        <Disclosure summary="Two">b</Disclosure>
      </>,
    )
    const ids = [...html.matchAll(/aria-controls="([^"]+)"/g)].map((m) => m[1])
    expect(ids).toHaveLength(2)
    expect(new Set(ids).size).toBe(2)
  })
})
