import { Fragment, type ReactNode } from 'react'
import { storyPath, type RichTextMark, type RichTextNode } from '@/schemas/content'
import { ContentLink } from './ContentLink'
import { useProgressive } from './progressive'
import styles from './RichText.module.css'
import tables from './Tables.module.css'

// Storyblok rich text (a ProseMirror document) as React elements: no HTML strings, so content
// can never inject markup. Unknown nodes render their children, so nothing is silently lost.

function linkHref(attrs: Record<string, unknown> = {}): string {
  const story = attrs.story as { full_slug?: string; url?: string } | undefined
  const anchor = typeof attrs.anchor === 'string' && attrs.anchor ? `#${attrs.anchor}` : ''
  if (attrs.linktype === 'story' && (story?.full_slug || story?.url))
    return storyPath(story.full_slug ?? story.url ?? '') + anchor
  const href = String(attrs.href ?? '')
  if (attrs.linktype === 'email' && !href.startsWith('mailto:')) return `mailto:${href}`
  return href + anchor
}

function applyMark(mark: RichTextMark, child: ReactNode, key: number): ReactNode {
  switch (mark.type) {
    case 'bold':
      return <strong key={key}>{child}</strong>
    case 'italic':
      return <em key={key}>{child}</em>
    case 'strike':
      return <s key={key}>{child}</s>
    case 'underline':
      return <u key={key}>{child}</u>
    case 'code':
      return <code key={key}>{child}</code>
    case 'link':
      return (
        <ContentLink key={key} href={linkHref(mark.attrs)}>
          {child}
        </ContentLink>
      )
    default:
      return child
  }
}

function children(node: RichTextNode, offset: number): ReactNode[] {
  return (node.content ?? []).map((child, index) => renderNode(child, index, offset))
}

/** Headings in content start at h2: the page's h1 is its title. */
const headingTag = (level: unknown, offset: number) => {
  const n = Math.min(6, Math.max(2, (Number(level) || 2) + offset))
  return `h${n}` as 'h2' | 'h3' | 'h4' | 'h5' | 'h6'
}

function renderNode(node: RichTextNode, key: number, offset: number): ReactNode {
  switch (node.type) {
    case 'doc':
      return <Fragment key={key}>{children(node, offset)}</Fragment>
    case 'text':
      // The node's own key on the outside: two marked texts in one paragraph are siblings.
      return (
        <Fragment key={key}>
          {(node.marks ?? []).reduceRight<ReactNode>(
            (inner, mark, index) => applyMark(mark, inner, index),
            node.text ?? '',
          )}
        </Fragment>
      )
    case 'paragraph':
      return <p key={key}>{children(node, offset)}</p>
    case 'heading': {
      const Tag = headingTag(node.attrs?.level, offset)
      return <Tag key={key}>{children(node, offset)}</Tag>
    }
    case 'bullet_list':
      return <ul key={key}>{children(node, offset)}</ul>
    case 'ordered_list':
      return (
        <ol key={key} start={Number(node.attrs?.order) || undefined}>
          {children(node, offset)}
        </ol>
      )
    case 'list_item':
      return <li key={key}>{children(node, offset)}</li>
    case 'blockquote':
      return <blockquote key={key}>{children(node, offset)}</blockquote>
    case 'horizontal_rule':
      return <hr key={key} />
    case 'hard_break':
      return <br key={key} />
    case 'code_block':
      return (
        <pre key={key}>
          <code>{children(node, offset)}</code>
        </pre>
      )
    case 'table': {
      const [head, ...rows] = node.content ?? []
      const hasHead = head?.content?.every((cell) => cell.type === 'tableHeader')
      return (
        <div key={key} className={`${tables.wrap} ${styles.tableSpacing}`}>
          <table className={tables.table}>
            {hasHead && head && (
              <thead>
                <tr>
                  {(head.content ?? []).map((cell, index) => (
                    <th key={index} scope="col">
                      {children(cell, offset)}
                    </th>
                  ))}
                </tr>
              </thead>
            )}
            <tbody>
              {(hasHead ? rows : (node.content ?? [])).map((row, index) =>
                renderNode(row, index, offset),
              )}
            </tbody>
          </table>
        </div>
      )
    }
    case 'tableRow':
      return <tr key={key}>{children(node, offset)}</tr>
    case 'tableHeader':
      return (
        <th key={key} scope="row">
          {children(node, offset)}
        </th>
      )
    case 'tableCell':
      return <td key={key}>{children(node, offset)}</td>
    default:
      return <Fragment key={key}>{children(node, offset)}</Fragment>
  }
}

/**
 * `headingOffset` shifts headings down, e.g. 1 inside a section whose own title is an h2.
 */
export function RichText({
  doc,
  headingOffset = 0,
  className,
  progressive = false,
}: {
  doc: RichTextNode | null | undefined
  headingOffset?: number
  className?: string
  /** A long article: the first paragraphs at once, the rest in the next tasks. */
  progressive?: boolean
}) {
  const nodes = doc?.type === 'doc' ? (doc.content ?? []) : doc ? [doc] : []
  const shown = useProgressive(nodes.length, progressive ? 6 : nodes.length, 8)
  if (!doc) return null
  return (
    <div className={[styles.prose, className].filter(Boolean).join(' ')}>
      {nodes.slice(0, shown).map((node, index) => renderNode(node, index, headingOffset))}
    </div>
  )
}

/** The plain text of a rich text document (excerpts, structured data). */
export function richTextToPlain(node: RichTextNode | null | undefined): string {
  if (!node) return ''
  if (node.type === 'text') return node.text ?? ''
  const inner = (node.content ?? []).map(richTextToPlain).join(node.type === 'doc' ? '\n' : '')
  return ['paragraph', 'heading', 'list_item'].includes(node.type) ? `${inner}\n` : inner
}
