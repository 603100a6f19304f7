// The rules of a (minified) stylesheet that can apply to a page: a rule whose selectors all name
// a class the page does not use is dropped. Rules without classes, at-rules that hold no style
// rules (@font-face, @keyframes) and the rules inside @media / @supports are kept by the same test.
// Used by the build for the styles it inlines into each prerendered page: whatever appears later
// (an island's new states) comes with that island's own stylesheet.

type Block = { prelude: string; body: string | null }

/** Splits CSS into its top-level blocks: `prelude{body}` or `@statement;`. */
function blocks(css: string): Block[] {
  const out: Block[] = []
  let start = 0
  let i = 0
  while (i < css.length) {
    const char = css[i]!
    if (char === '"' || char === "'") {
      const end = css.indexOf(char, i + 1)
      i = end === -1 ? css.length : end + 1
      continue
    }
    if (char === ';' && css.slice(start, i).trim().startsWith('@')) {
      out.push({ prelude: css.slice(start, i + 1).trim(), body: null })
      start = ++i
      continue
    }
    if (char !== '{') {
      i++
      continue
    }
    // Find the matching brace.
    let depth = 1
    let j = i + 1
    while (j < css.length && depth > 0) {
      const c = css[j]!
      if (c === '"' || c === "'") {
        const end = css.indexOf(c, j + 1)
        j = end === -1 ? css.length : end + 1
        continue
      }
      if (c === '{') depth++
      else if (c === '}') depth--
      j++
    }
    out.push({ prelude: css.slice(start, i).trim(), body: css.slice(i + 1, j - 1) })
    start = i = j
  }
  const rest = css.slice(start).trim()
  if (rest) out.push({ prelude: rest, body: null })
  return out
}

/** Top-level commas of a selector list (not those inside :is(), :not() …). */
function selectors(list: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < list.length; i++) {
    const char = list[i]
    if (char === '(' || char === '[') depth++
    else if (char === ')' || char === ']') depth--
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, i))
      start = i + 1
    }
  }
  parts.push(list.slice(start))
  return parts
}

/**
 * Class names a selector surely requires: those inside :not(), :is(), :where(), :has() are left
 * out (alternatives or absences), so such a rule is kept whenever the rest matches.
 */
const requiredClasses = (selector: string) =>
  [
    ...selector
      .replace(/:(not|is|where|has|matches)\((?:[^()]|\([^()]*\))*\)/g, '')
      .matchAll(/\.(-?[_a-zA-Z][\w-]*)/g),
  ].map((match) => match[1]!)

const GROUPING = /^@(media|supports|container|layer)\b/

export function cssSubset(css: string, classes: ReadonlySet<string>): string {
  return blocks(css)
    .map(({ prelude, body }) => {
      if (body === null) return prelude
      if (prelude.startsWith('@')) {
        if (!GROUPING.test(prelude)) return `${prelude}{${body}}`
        const inner = cssSubset(body, classes)
        return inner ? `${prelude}{${inner}}` : ''
      }
      const applies = selectors(prelude).some((selector) =>
        requiredClasses(selector).every((name) => classes.has(name)),
      )
      return applies ? `${prelude}{${body}}` : ''
    })
    .join('')
}

/** Every class name used in an HTML document. */
export function classesIn(html: string): Set<string> {
  const found = new Set<string>()
  for (const match of html.matchAll(/\bclass="([^"]*)"/g))
    for (const name of match[1]!.split(/\s+/)) if (name) found.add(name)
  return found
}
