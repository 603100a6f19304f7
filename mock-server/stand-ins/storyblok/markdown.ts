import { marked, type Token, type Tokens } from 'marked'
import type { RichText, RichTextMark, RichTextNode } from '../../../src/schemas/content'

// The fixtures are written in Markdown (readable, reviewable); Storyblok serves rich text as a
// ProseMirror document. This turns one into the other, node for node as Storyblok names them.

/** Finds the story a site path points at, so internal links become story links (with uuid). */
export type LinkResolver = (href: string) => { uuid: string; full_slug: string } | null

function inline(tokens: Token[] | undefined, marks: RichTextMark[], links: LinkResolver) {
  const nodes: RichTextNode[] = []
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'text': {
        const text = token as Tokens.Text
        if (text.tokens && text.tokens.length > 0) nodes.push(...inline(text.tokens, marks, links))
        else if (text.text) nodes.push(textNode(decode(text.text), marks))
        break
      }
      case 'escape':
        nodes.push(textNode((token as Tokens.Escape).text, marks))
        break
      case 'strong':
        nodes.push(...inline((token as Tokens.Strong).tokens, [...marks, { type: 'bold' }], links))
        break
      case 'em':
        nodes.push(...inline((token as Tokens.Em).tokens, [...marks, { type: 'italic' }], links))
        break
      case 'del':
        nodes.push(...inline((token as Tokens.Del).tokens, [...marks, { type: 'strike' }], links))
        break
      case 'codespan':
        nodes.push(textNode(decode((token as Tokens.Codespan).text), [...marks, { type: 'code' }]))
        break
      case 'br':
        nodes.push({ type: 'hard_break' })
        break
      case 'link': {
        const link = token as Tokens.Link
        nodes.push(...inline(link.tokens, [...marks, linkMark(link.href, links)], links))
        break
      }
      default:
        if ('text' in token && typeof token.text === 'string')
          nodes.push(textNode(decode(token.text), marks))
    }
  }
  return nodes
}

function linkMark(href: string, links: LinkResolver): RichTextMark {
  const [path = '', anchor = null] = href.split('#')
  const story = href.startsWith('/') ? links(path) : null
  if (story)
    return {
      type: 'link',
      attrs: {
        href: path,
        uuid: story.uuid,
        anchor,
        target: null,
        linktype: 'story',
        story: { full_slug: story.full_slug },
      },
    }
  const external = /^https?:\/\//.test(href)
  return {
    type: 'link',
    attrs: {
      href,
      uuid: null,
      anchor: null,
      target: external ? '_blank' : null,
      linktype: href.startsWith('mailto:') ? 'email' : 'url',
    },
  }
}

const textNode = (text: string, marks: RichTextMark[]): RichTextNode =>
  marks.length > 0 ? { type: 'text', text, marks } : { type: 'text', text }

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

function block(token: Token, links: LinkResolver): RichTextNode[] {
  switch (token.type) {
    case 'space':
    case 'html':
      return []
    case 'heading': {
      const heading = token as Tokens.Heading
      return [
        {
          type: 'heading',
          attrs: { level: heading.depth },
          content: inline(heading.tokens, [], links),
        },
      ]
    }
    case 'paragraph':
      return [{ type: 'paragraph', content: inline((token as Tokens.Paragraph).tokens, [], links) }]
    case 'text': {
      // A loose line inside a list item.
      const text = token as Tokens.Text
      return [{ type: 'paragraph', content: inline(text.tokens ?? [text], [], links) }]
    }
    case 'list': {
      const list = token as Tokens.List
      return [
        {
          type: list.ordered ? 'ordered_list' : 'bullet_list',
          ...(list.ordered ? { attrs: { order: Number(list.start) || 1 } } : {}),
          content: list.items.map((item) => ({
            type: 'list_item',
            content: item.tokens.flatMap((child) => block(child, links)),
          })),
        },
      ]
    }
    case 'blockquote':
      return [
        {
          type: 'blockquote',
          content: (token as Tokens.Blockquote).tokens.flatMap((child) => block(child, links)),
        },
      ]
    case 'hr':
      return [{ type: 'horizontal_rule' }]
    case 'code':
      return [
        { type: 'code_block', content: [{ type: 'text', text: (token as Tokens.Code).text }] },
      ]
    case 'table': {
      const table = token as Tokens.Table
      const cell = (type: string, content: Tokens.TableCell) => ({
        type,
        content: [{ type: 'paragraph', content: inline(content.tokens, [], links) }],
      })
      return [
        {
          type: 'table',
          content: [
            { type: 'tableRow', content: table.header.map((c) => cell('tableHeader', c)) },
            ...table.rows.map((row) => ({
              type: 'tableRow',
              content: row.map((c) => cell('tableCell', c)),
            })),
          ],
        },
      ]
    }
    default:
      throw new Error(`Markdown "${token.type}" is not supported in content fixtures`)
  }
}

/** Markdown → Storyblok rich text document. */
export function markdownToRichText(markdown: string, links: LinkResolver): RichText {
  const tokens = marked.lexer(markdown.trim(), { gfm: true })
  return { type: 'doc', content: tokens.flatMap((token) => block(token, links)) }
}
