import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { PageContent, RichText, RichTextNode } from '@/schemas/content'
import { Blocks } from '@/screens/site/content/Blocks'
import { fillPlaceholders, cityVars } from '@/screens/site/content/placeholders'
import { StoryPage } from '@/screens/site/pages/StoryPage'
import { rememberReferral } from '@/services/site/links/signup'
import { blok, plan, renderInRouter, storyLink, storyOf, urlLink } from './support'

// The component map: each blok of a story renders through its component, with the story's
// relations (plans, testimonials, posts) and links (story links, sign-up links) resolved.

const doc = (...content: RichTextNode[]): RichText => ({ type: 'doc', content })
const text = (
  value: string,
  marks?: { type: string; attrs?: Record<string, unknown> }[],
): RichTextNode => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
})
const paragraph = (...content: RichTextNode[]): RichTextNode => ({ type: 'paragraph', content })

const hero = blok('hero', {
  eyebrow: 'Abertura de empresa',
  headline: 'Abra sua empresa sem sair de casa',
  text: 'Cuidamos de tudo.',
  primary: [
    blok('button', {
      label: 'Começar a abertura',
      link: urlLink('/app/login?mode=signup&track=create-company'),
      variant: 'accent',
    }),
  ],
  secondary: [
    blok('button', {
      label: 'Ver planos',
      link: storyLink('abrir-empresa', 'planos'),
      variant: 'secondary',
    }),
  ],
  highlights: 'Honorários grátis\nCNPJ em 9 dias úteis',
  aside: [
    blok('summary_card', {
      title: 'Cartão do editor',
      subtitle: 'Resumo de outubro',
      rows: [
        blok('summary_row', {
          label: 'DAS de outubro',
          value: 'R$ 1.460,00',
          note: 'Pago',
          tone: 'success',
        }),
      ],
      footnote: 'Exemplo.',
    }),
  ],
})

const page = storyOf<PageContent>('abrir-empresa', {
  _uid: 'root',
  component: 'page',
  body: [
    hero,
    blok('stats', { items: [blok('stat', { value: '27 estados', label: 'atendidos' })] }),
    blok('benefits', {
      title: 'O que está incluído',
      intro: 'Sem surpresas.',
      items: [
        blok('benefit', { icon: 'receipt', title: 'Impostos no prazo', text: 'DAS todo mês.' }),
      ],
    }),
    blok('steps', {
      title: 'Como funciona',
      items: [blok('step', { title: 'Planejamento', text: 'Definimos o CNAE.' })],
    }),
    blok('pricing', {
      title: 'Planos',
      plans: [
        plan('plan-servicos', 'Serviços', 189.9, true),
        plan('plan-comercio', 'Comércio', 259.9),
      ],
      footnote: 'Sem fidelidade.',
      cta_label: 'Quero este plano',
      cta_link: urlLink('/app/login?mode=signup&track=create-company'),
    }),
    blok('faq', {
      title: 'Perguntas frequentes',
      items: [
        blok('faq_item', {
          question: 'Posso trocar de contador no meio do ano?',
          answer: doc(
            paragraph(
              text('Pode. Veja '),
              text('como funciona', [
                {
                  type: 'link',
                  attrs: {
                    linktype: 'story',
                    href: '/trocar-contador',
                    uuid: 'u',
                    story: { full_slug: 'trocar-contador' },
                  },
                },
              ]),
              text('.'),
            ),
          ),
        }),
      ],
    }),
    blok('testimonials', {
      title: 'Quem já simplificou',
      items: [
        storyOf('depoimentos/ana', {
          _uid: 't',
          component: 'testimonial',
          author: 'Ana Paula',
          business: 'Ana Design',
          city: 'São Paulo (SP)',
          quote: 'Abri o CNPJ em nove dias.',
        }),
      ],
    }),
    blok('rich_text', {
      title: 'O que é a CNAE',
      body: doc(
        { type: 'heading', attrs: { level: 2 }, content: [text('Por que importa')] },
        {
          type: 'bullet_list',
          content: [
            { type: 'list_item', content: [paragraph(text('define o anexo', [{ type: 'bold' }]))] },
          ],
        },
      ),
    }),
    blok('table', {
      title: 'Qual tipo de empresa abrir?',
      table: {
        thead: [{ value: '' }, { value: 'MEI' }, { value: 'SLU' }],
        tbody: [
          {
            _uid: 'r1',
            body: [{ value: 'Sócios' }, { value: 'Só o titular' }, { value: 'Um único sócio' }],
          },
        ],
      },
    }),
    blok('callout', {
      tone: 'warning',
      title: 'O prazo terminou',
      text: doc(paragraph(text('Ainda dá para declarar.'))),
    }),
    blok('cta', {
      title: 'Pronto para começar?',
      buttons: [
        blok('button', {
          label: 'Abrir minha empresa',
          link: urlLink('/app/login?mode=signup&track=create-company'),
        }),
      ],
    }),
    blok('carousel', { title: 'Um componente que o site não conhece' }),
  ],
})

beforeEach(() => window.localStorage.clear())

describe('component map', () => {
  it('renders every known component from the story fields', async () => {
    await renderInRouter(() => <StoryPage story={page} path="/abrir-empresa" />)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abra sua empresa sem sair de casa' }),
    ).toBeVisible()
    // The body appears in steps; the last sections come in the next tasks (slower on a busy
    // machine than the default wait).
    expect(
      await screen.findByRole(
        'heading',
        { level: 2, name: 'Pronto para começar?' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('27 estados')).toBeInTheDocument()
    const summary = screen.getByText('Cartão do editor').closest('figure')!
    expect(within(summary).getByRole('definition')).toHaveTextContent('R$ 1.460,00Pago')
    expect(screen.getByRole('heading', { level: 3, name: 'Impostos no prazo' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 3, name: 'Planejamento' })).toBeInTheDocument()
    expect(screen.getByText('Posso trocar de contador no meio do ano?')).toBeInTheDocument()
    expect(screen.getByText('“Abri o CNPJ em nove dias.”')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 3, name: 'Por que importa' })).toBeInTheDocument()
    expect(screen.getByText('define o anexo').tagName).toBe('STRONG')
    expect(screen.getByRole('columnheader', { name: 'MEI' })).toBeInTheDocument()
    expect(screen.getByRole('rowheader', { name: 'Sócios' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'O prazo terminou' })).toBeInTheDocument()
  })

  it("shows the example company's month as the Simples rules work it out, not typed figures", async () => {
    await renderInRouter(() => (
      <Blocks blocks={[blok('example_company', {})]} ctx={{ path: '/', preview: false }} />
    ))
    const card = screen.getByText('Estúdio Aurora Design Ltda').closest('figure')!
    const figure = (term: string) =>
      expect(within(card).getByText(term).closest('div')!.querySelector('dd'))
    expect(within(card).getByText('Resumo de junho no app')).toBeVisible()
    figure('DAS de junho').toHaveTextContent('R$ 1.332,13Pago')
    figure('Fator R (12 meses)').toHaveTextContent('28 %Anexo III')
    figure('Pró-labore').toHaveTextContent('R$ 5.200,00Em dia')
    figure('Próxima guia').toHaveTextContent('20/08/2026DAS de julho')
    expect(within(card).getByText(/Empresa fictícia/)).toBeVisible()
  })

  it('renders resolved relations: plans with their prices and features', async () => {
    await renderInRouter(() => <StoryPage story={page} path="/abrir-empresa" />)
    const plans = await screen.findByRole('heading', { level: 2, name: 'Planos' })
    const section = plans.closest('section')!
    expect(within(section).getByRole('heading', { level: 3, name: 'Serviços' })).toBeInTheDocument()
    expect(within(section).getByText('R$ 189,90')).toBeInTheDocument()
    expect(within(section).getByText('Mais escolhido')).toBeInTheDocument()
    expect(within(section).getAllByText('DAS todo mês')).toHaveLength(2)
    expect(
      within(section).getByRole('link', { name: 'Quero este plano: plano Comércio' }),
    ).toHaveAttribute('href', '/app/login?mode=signup&track=create-company')
  })

  it('resolves links: story links to site paths, rich text links, sign-up links with the referral', async () => {
    rememberReferral('ANA5847')
    await renderInRouter(() => <StoryPage story={page} path="/abrir-empresa" />)
    expect(await screen.findByRole('link', { name: 'Ver planos' })).toHaveAttribute(
      'href',
      '/abrir-empresa#planos',
    )
    expect(screen.getByRole('link', { name: 'Começar a abertura' })).toHaveAttribute(
      'href',
      '/app/login?mode=signup&track=create-company&indicatedBy=ANA5847',
    )
    expect(await screen.findByRole('link', { name: 'como funciona' })).toHaveAttribute(
      'href',
      '/trocar-contador',
    )
  })

  it('hides unknown components from visitors and names them in preview', async () => {
    await renderInRouter(() => (
      <Blocks blocks={page.content.body.slice(-1)} ctx={{ path: '/', preview: false }} />
    ))
    expect(screen.queryByText(/carousel/)).not.toBeInTheDocument()
    await renderInRouter(() => (
      <Blocks blocks={page.content.body.slice(-1)} ctx={{ path: '/', preview: true }} />
    ))
    expect(await screen.findByRole('note')).toHaveTextContent(
      'o componente “carousel” ainda não tem visual no site',
    )
  })

  it('lets a page fill a blok with its own data (slots)', async () => {
    const blog = [blok('post_index', {}), blok('cta', { title: 'Fim', buttons: [] })]
    await renderInRouter(() => (
      <Blocks
        blocks={blog}
        ctx={{ path: '/blog', preview: false, slots: { post_index: <p>Lista de artigos</p> } }}
      />
    ))
    expect(await screen.findByText('Lista de artigos')).toBeInTheDocument()
  })

  it('renders rich text with several marked texts in one paragraph, each in its place', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const body = doc(
      paragraph(
        text('O código diz '),
        text('o que a empresa faz', [{ type: 'bold' }]),
        text('; o imposto depende de '),
        text('como ela fatura', [{ type: 'bold' }, { type: 'italic' }]),
        text('.'),
      ),
    )
    await renderInRouter(() => (
      <Blocks
        blocks={[blok('rich_text', { title: 'Como usar', body })]}
        ctx={{ path: '/tools/cnae', preview: false }}
      />
    ))
    const paragraphText = await screen.findByText(/O código diz/)
    expect(paragraphText).toHaveTextContent(
      'O código diz o que a empresa faz; o imposto depende de como ela fatura.',
    )
    expect(screen.getByText('o que a empresa faz').tagName).toBe('STRONG')
    expect(screen.getByText('como ela fatura').closest('strong')).not.toBeNull()
    // React reports sibling elements sharing a key (they could be dropped or duplicated).
    expect(errors.mock.calls.filter((call) => String(call[0]).includes('same key'))).toEqual([])
    errors.mockRestore()
  })

  it('fills a template with the city, in text and rich text', () => {
    const template = storyOf<PageContent>('modelos/contabilidade-em', {
      _uid: 'r',
      component: 'page',
      seo_title: 'Contabilidade em {cidade} - {uf}',
      body: [
        blok('hero', {
          headline: 'Contabilidade em {cidade} - {uf}',
          text: 'Registro na {junta}.',
          link: storyLink('abrir-empresa'),
        }),
        blok('rich_text', { body: doc(paragraph(text('Empresas de {cidade}, {estado}.'))) }),
      ],
    })
    const filled = fillPlaceholders(
      template,
      cityVars({
        ibgeCode: '3549904',
        name: 'São José dos Campos',
        state: 'SP',
        stateName: 'São Paulo',
        slug: 'sao-jose-dos-campos-sp',
        board: 'Junta Comercial do Estado de São Paulo (Jucesp)',
      }),
    )
    expect(filled.content.seo_title).toBe('Contabilidade em São José dos Campos - SP')
    expect(filled.content.body[0]!.text).toBe(
      'Registro na Junta Comercial do Estado de São Paulo (Jucesp).',
    )
    expect(JSON.stringify(filled.content.body[1])).toContain(
      'Empresas de São José dos Campos, São Paulo.',
    )
    // Ids and links are left as they are.
    expect(filled.content.body[0]!._uid).toBe(template.content.body[0]!._uid)
  })
})
