import { describe, expect, it } from 'vitest'
import { classesIn, cssSubset } from '../../src/lib/css-subset'

// The styles inlined into a prerendered page keep every rule that can apply to it.

const css =
  '.a{color:red}.b .c{margin:0}.a,.z{padding:1px}.d:not(.x){top:0}' +
  'html[data-consent=pt] .banner[data-consent-banner=pt]{display:block}' +
  '@media (max-width:520px){.a{color:blue}.z{color:green}}' +
  '@keyframes spin{to{transform:rotate(1turn)}}' +
  'a:hover{text-decoration:underline}.q{content:"{}"}.e:is(.f,.g){left:0}'

describe('cssSubset', () => {
  it('drops exactly the rules whose every selector needs a class the page lacks', () => {
    const kept = cssSubset(css, new Set(['a', 'b', 'd', 'banner', 'e', 'f']))
    expect(kept).toBe(
      '.a{color:red}.a,.z{padding:1px}.d:not(.x){top:0}' +
        'html[data-consent=pt] .banner[data-consent-banner=pt]{display:block}' +
        '@media (max-width:520px){.a{color:blue}}' +
        '@keyframes spin{to{transform:rotate(1turn)}}' +
        'a:hover{text-decoration:underline}.e:is(.f,.g){left:0}',
    )
  })

  it('keeps everything for a page that uses every class', () => {
    const all = new Set(['a', 'b', 'c', 'd', 'z', 'banner', 'q', 'e', 'f', 'g'])
    expect(cssSubset(css, all)).toBe(css)
  })

  it('reads the classes of a page', () => {
    expect([...classesIn('<p class="a  b"><span class="c">x</span><i class=""></i></p>')]).toEqual([
      'a',
      'b',
      'c',
    ])
  })
})
