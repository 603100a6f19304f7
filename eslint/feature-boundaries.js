// A feature imports another feature only through that feature's index.ts (CONTRIBUTING.md
// "Feature folders"). Features are the folders directly under src/screens and src/services; a
// file in src/screens/<a> or src/services/<a> may import src/screens/<b> or src/services/<b>
// (b ≠ a) only as `@/screens/<b>` / `@/services/<b>` (its index), never a file inside it.
// Routes and the app's entry files are not features: they pick a screen file per route, so each
// route stays its own chunk.
import path from 'node:path'

const LAYERS = ['screens', 'services']
const srcRoot = path.resolve(import.meta.dirname, '..', 'src')

/** 'src/<layer>/<feature>/<rest>' of a file, or null when it is not inside a feature. */
function featureOf(file) {
  const relative = path.relative(srcRoot, file).split(path.sep)
  if (relative[0] === '..' || !LAYERS.includes(relative[0]) || relative.length < 3) return null
  return { layer: relative[0], feature: relative[1], rest: relative.slice(2).join('/') }
}

function resolveSpecifier(specifier, importer) {
  if (specifier.startsWith('@/')) return path.join(srcRoot, specifier.slice(2))
  if (specifier.startsWith('.')) return path.resolve(path.dirname(importer), specifier)
  return null
}

const isIndex = (rest) => rest === '' || /^index(\.tsx?)?$/.test(rest)

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Cross-feature imports go through the feature index.ts' },
    messages: {
      deep: "'{{importer}}' imports '{{specifier}}' inside the '{{target}}' feature: import '@/{{layer}}/{{feature}}' (its index.ts) instead.",
    },
    schema: [],
  },
  create(context) {
    const importer = featureOf(context.filename)
    if (!importer) return {}
    function check(node, source) {
      if (!source || typeof source.value !== 'string') return
      const resolved = resolveSpecifier(source.value, context.filename)
      if (!resolved) return
      const relative = path.relative(srcRoot, resolved).split(path.sep)
      if (!LAYERS.includes(relative[0]) || relative.length < 2) return
      const target = { layer: relative[0], feature: relative[1], rest: relative.slice(2).join('/') }
      if (target.feature === importer.feature) return
      if (isIndex(target.rest)) return
      context.report({
        node: source,
        messageId: 'deep',
        data: {
          importer: `${importer.layer}/${importer.feature}`,
          specifier: source.value,
          target: `${target.layer}/${target.feature}`,
          layer: target.layer,
          feature: target.feature,
        },
      })
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    }
  },
}

export default { rules: { 'feature-boundaries': featureBoundaries } }
