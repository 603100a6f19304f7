import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// Comments cite files of the repository (`docs/product.md §4`, `docs/tax-rules.md "MEI"`), which
// a reader has: never the specification's documents outside it (PRODUCT.md, SPEC.md, DOMAIN.md)
// nor an issue's number, which say nothing to whoever reads the code. What a comment would cite
// from them is written in docs/ first. Comments only: a string may say what it likes.

const root = path.resolve(import.meta.dirname, '../..')
const folders = ['src', 'mock-server', 'scripts', 'tests', '.']
const sourceFile = /\.(ts|tsx|js|mjs|cjs|css|html)$/
const self = path.relative(root, import.meta.filename)

/** Every source file of the folders above, as a path from the repository's root. */
function sourceFiles(folder: string): string[] {
  // The root's own files only (the configs: eslint.config.js, vite.config.ts…).
  if (folder === '.')
    return readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isFile() && sourceFile.test(entry.name))
      .map((entry) => entry.name)
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file)
    return sourceFile.test(entry.name) ? [file] : []
  })
}

/**
 * The comments of a source text: block comments, and line comments that start a line or follow
 * code after a space or a bracket (so `https://…` in a string is not one).
 */
export const commentsOf = (text: string): string[] =>
  text.match(/\/\*[\s\S]*?\*\/|(?<=^|[\s;,{}()[\]])\/\/.*$/gm) ?? []

const citations = [
  /\b(PRODUCT|SPEC|DOMAIN)\.md\b/,
  /\bissues? #?\d+/i,
  // `#31`; three digits are a colour (`#333`) as often as an issue, and an issue past #99 is
  // still caught when called one.
  /(?<![\w&#])#\d{1,2}\b(?![\w-])/,
]

/** The first citation of a document outside the repository or of an issue in a comment, if any. */
export const outsideCitation = (comment: string): string | undefined =>
  citations.map((pattern) => pattern.exec(comment)?.[0]).find(Boolean)

/**
 * The repository's documents a comment cites with the sections it names: `docs/product.md §4
 * "Company status", §6`, `README.md "Demo accounts"`. A section is `§N` (a heading `N. …`) or a
 * quoted name the document holds.
 */
export function documentCitations(comment: string) {
  const found: { file: string; sections: number[]; names: string[] }[] = []
  for (const match of comment.matchAll(/\b(README\.md|CONTRIBUTING\.md|docs\/[\w-]+\.md)/g)) {
    const cited = { file: match[1]!, sections: [] as number[], names: [] as string[] }
    let rest = comment.slice(match.index + match[0].length)
    for (;;) {
      const next = /^(?:[\s,*/]|and\b)*(?:§\s*(\d+)|"([^"]+)")/.exec(rest)
      if (!next) break
      if (next[1]) cited.sections.push(Number(next[1]))
      if (next[2]) cited.names.push(next[2].replace(/\s*\n\s*(\/\/|\*)?\s*/g, ' '))
      rest = rest.slice(next[0].length)
    }
    found.push(cited)
  }
  return found
}

/** What a cited document lacks of what a comment cites from it, if anything. */
function missingIn(cited: ReturnType<typeof documentCitations>[number]): string[] {
  let text: string
  try {
    text = readFileSync(path.join(root, cited.file), 'utf8')
  } catch {
    return [`${cited.file}: no such file`]
  }
  const folded = text.replace(/\s+/g, ' ').toLowerCase()
  return [
    ...cited.sections
      .filter((n) => !new RegExp(`^#+ ${n}\\. `, 'm').test(text))
      .map((n) => `${cited.file} has no §${n}`),
    ...cited.names
      .filter((name) => !folded.includes(name.toLowerCase()))
      .map((name) => `${cited.file} has no "${name}"`),
  ]
}

describe('comments cite files of the repository', () => {
  it.each(folders)('in %s/: no PRODUCT.md, SPEC.md, DOMAIN.md nor issue numbers', (folder) => {
    const found = sourceFiles(folder)
      .filter((file) => file !== self)
      .flatMap((file) => {
        const text = readFileSync(path.join(root, file), 'utf8')
        return commentsOf(text).flatMap((comment) => {
          const cited = outsideCitation(comment)
          if (!cited) return []
          const line = text.slice(0, text.indexOf(comment)).split('\n').length
          return [`${file}:${line}: ${cited}`]
        })
      })
    expect(found).toEqual([])
  })

  it.each(folders)('in %s/: every cited document and section exists', (folder) => {
    const missing = sourceFiles(folder)
      .filter((file) => file !== self)
      .flatMap((file) =>
        commentsOf(readFileSync(path.join(root, file), 'utf8')).flatMap((comment) =>
          documentCitations(comment)
            .flatMap(missingIn)
            .map((what) => `${file}: ${what}`),
        ),
      )
    expect(missing).toEqual([])
  })
})

describe('the check itself', () => {
  it('finds each kind of citation in a comment', () => {
    for (const comment of [
      '// The rule (PRODUCT.md "Billing").',
      '/** DOMAIN.md: the MEI */',
      '// Issue 28: one change at a time',
      '// as issue 14 measured',
      '// after the merge of #31',
      '/* issues 19 and 28 */',
    ])
      expect(outsideCitation(comment), comment).toBeDefined()
  })

  it('leaves alone what only looks like one', () => {
    for (const comment of [
      '// docs/product.md §4 "Company status"',
      '// A PKCS#12 file and its password',
      '// .replace(/&#39;/g, "\'")',
      '// the colour #333 and anchors like docs/api.md#uploads',
    ])
      expect(outsideCitation(comment), comment).toBeUndefined()
  })

  it('reads the sections a comment cites from a document', () => {
    expect(
      documentCitations(
        '// The session (docs/product.md §4 "Session", §6 "Roles and gates"), README.md "Demo\n// accounts"; docs/api.md.',
      ),
    ).toEqual([
      { file: 'docs/product.md', sections: [4, 6], names: ['Session', 'Roles and gates'] },
      { file: 'README.md', sections: [], names: ['Demo accounts'] },
      { file: 'docs/api.md', sections: [], names: [] },
    ])
    expect(
      missingIn({ file: 'docs/product.md', sections: [4, 99], names: ['No such thing'] }),
    ).toEqual(['docs/product.md has no §99', 'docs/product.md has no "No such thing"'])
  })

  it('reads comments, not strings', () => {
    const text = [
      "const url = 'https://example.com/issue 3' // a link",
      '/** a block',
      ' * with lines */',
      'const x = 1 // after code, PRODUCT.md',
    ].join('\n')
    expect(commentsOf(text)).toEqual([
      '// a link',
      '/** a block\n * with lines */',
      '// after code, PRODUCT.md',
    ])
  })
})
