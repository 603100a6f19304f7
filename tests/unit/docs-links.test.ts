import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import GithubSlugger from 'github-slugger'
import { Lexer, marked, type Token, type Tokens } from 'marked'
import { describe, expect, it } from 'vitest'

// The documents point where they say: every relative link of README.md, CONTRIBUTING.md and
// docs/*.md reaches a file of the repository, and every anchor a heading of that file (as GitHub
// makes its ids); every repository path a document names in code (`mock-server/api.ts`) exists,
// so a file that moved is followed by the words about it. The README stays a front door.

const root = path.resolve(import.meta.dirname, '../..')
const documents = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]
const README_MAX_LINES = 250

const tokensOf = (file: string) => new Lexer().lex(readFileSync(path.join(root, file), 'utf8'))

/** A heading's text as a reader sees it (code spans, emphasis and links reduced to their text). */
const plainText = (tokens: Token[] = []): string =>
  tokens
    .map((token) =>
      'tokens' in token && token.tokens
        ? plainText(token.tokens)
        : 'text' in token
          ? token.text
          : '',
    )
    .join('')

/** The ids GitHub gives a document's headings. */
function anchorsOf(file: string): Set<string> {
  const slugger = new GithubSlugger()
  const anchors = new Set<string>()
  marked.walkTokens(tokensOf(file), (token) => {
    if (token.type === 'heading')
      anchors.add(slugger.slug(plainText((token as Tokens.Heading).tokens)))
  })
  return anchors
}

/** Every link and image target of a document, and every code span in its prose. */
function referencesOf(file: string) {
  const links: string[] = []
  const codeSpans: string[] = []
  marked.walkTokens(tokensOf(file), (token) => {
    if (token.type === 'link' || token.type === 'image') links.push((token as Tokens.Link).href)
    if (token.type === 'codespan') codeSpans.push((token as Tokens.Codespan).text)
  })
  return { links, codeSpans }
}

const external = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href)

/** What is wrong with a relative link of `file`, or nothing. */
function brokenLink(file: string, href: string): string | null {
  const [target = '', anchor] = href.split('#')
  const resolved = target ? path.join(path.dirname(file), decodeURI(target)) : file
  if (!existsSync(path.join(root, resolved))) return `${href}: no file ${resolved}`
  if (anchor === undefined) return null
  if (!resolved.endsWith('.md') || statSync(path.join(root, resolved)).isDirectory())
    return `${href}: an anchor into ${resolved}, which has no headings`
  return anchorsOf(resolved).has(decodeURIComponent(anchor))
    ? null
    : `${href}: ${resolved} has no heading #${anchor}`
}

/** A code span that names one file or folder of the repository: `mock-server/api.ts`, `docs/`. */
const repositoryPath = (text: string) =>
  /^(src|mock-server|scripts|tests|docs|fixtures|eslint|\.ci)\/[\w./@$-]*$/.test(text) &&
  !text.includes('..')

describe.each(documents)('%s', (file) => {
  const { links, codeSpans } = referencesOf(file)

  it('links only to files and headings that exist', () => {
    const broken = links
      .filter((href) => !external(href))
      .map((href) => brokenLink(file, href))
      .filter(Boolean)
    expect(broken).toEqual([])
  })

  it('names in code only repository paths that exist', () => {
    const missing = codeSpans
      .filter(repositoryPath)
      .filter((named) => !existsSync(path.join(root, named)))
    expect(missing).toEqual([])
  })
})

describe('README.md', () => {
  it(`is a front door: at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n').length
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES)
  })

  it('links to every document of docs/', () => {
    const { links } = referencesOf('README.md')
    const linked = new Set(links.map((href) => href.split('#')[0]))
    expect(documents.filter((file) => file.startsWith('docs/') && !linked.has(file))).toEqual([])
  })
})

describe('the check itself', () => {
  it('finds a missing file, a missing heading and a path that is not there', () => {
    expect(brokenLink('README.md', 'docs/nowhere.md')).toMatch(/no file/)
    expect(brokenLink('README.md', 'docs/product.md#no-such-heading')).toMatch(/no heading/)
    expect(brokenLink('README.md', 'docs/product.md#7-the-api-the-app-calls')).toBeNull()
    expect(brokenLink('docs/api.md', '../CONTRIBUTING.md#tests')).toBeNull()
    expect(repositoryPath('mock-server/nowhere.ts')).toBe(true)
    expect(repositoryPath('src/services/<feature>/keys.ts')).toBe(false)
  })
})
