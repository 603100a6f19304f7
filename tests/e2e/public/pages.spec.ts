import { expect, test } from '@playwright/test'
import { expectSeo } from './support'

// Every public route of SPEC section 2 shows its real content from the content service, with its
// own title, description, canonical address and Open Graph tags, inside the site's layout.

const pages = [
  {
    path: '/',
    h1: 'O controle da sua empresa, reinventado',
    title: 'Contabil | O controle da sua empresa, reinventado',
    text: 'Planos simples, preço justo',
  },
  {
    path: '/abrir-empresa',
    h1: 'Abra sua empresa sem sair de casa',
    title: /Abrir empresa online/,
    text: 'Como abrimos a sua empresa',
  },
  {
    path: '/trocar-contador',
    h1: 'Trocar de contador é mais simples do que parece',
    title: /Trocar de contador/,
    text: 'Como funciona a troca',
  },
  {
    path: '/areas/tecnologia',
    h1: 'Contabilidade para quem vive de código',
    title: /desenvolvedores/,
    text: 'Desenvolvimento de programas de computador sob encomenda',
  },
  {
    path: '/areas/saude',
    h1: 'Contabilidade para quem cuida das pessoas',
    title: /médicos/,
    text: 'Atividade odontológica',
  },
  {
    path: '/areas/advocacia',
    h1: 'Contabilidade para advogados e escritórios',
    title: /advogados/,
    text: 'Serviços advocatícios',
  },
  {
    path: '/areas/marketing-e-design',
    h1: 'Contabilidade para quem cria',
    title: /agências/,
    text: 'Agências de publicidade',
  },
  {
    path: '/areas/engenharia-e-arquitetura',
    h1: 'Contabilidade para quem projeta',
    title: /engenheiros/,
    text: 'Serviços de engenharia',
  },
  {
    path: '/areas/comercio-e-ecommerce',
    h1: 'Contabilidade para quem vende',
    title: /e-commerce/,
    text: 'Comércio varejista de cosméticos',
  },
  { path: '/blog', h1: 'Contabilidade explicada por quem faz', title: /Blog/, text: '7 artigos' },
  {
    path: '/lp/irpf/2025',
    h1: 'Sua declaração do IRPF 2025 feita por um contador',
    title: /IRPF 2025/,
    text: 'R$ 33.888,00',
  },
  {
    path: '/lp/irpf/2024',
    h1: 'Ficou alguma pendência no IRPF 2024?',
    title: /IRPF 2024/,
    text: 'R$ 30.639,90',
  },
  {
    path: '/tools/cnae',
    h1: 'Consulta CNAE',
    title: /Consulta CNAE/,
    text: '1.332 subclasses da CNAE 2.3',
  },
]

for (const { path, h1, title, text } of pages) {
  test(`${path} shows its content`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible()
    await expect(page.getByText(text).first()).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeAttached()
    await expect(page.getByRole('contentinfo')).toContainText('Contabilidade online para empresas')
    await expectSeo(page, path === '/' ? '/' : path, title)
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  })
}

test('every blog post has its article, author, date and related posts', async ({ page }) => {
  await page.goto('/blog')
  await expect(page.locator('a[href^="/blog/posts/"]').first()).toBeVisible()
  const links = page.getByRole('list').getByRole('link')
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!))
  const posts = hrefs.filter((href) => href.startsWith('/blog/posts/'))
  expect(posts).toHaveLength(7)
  for (const href of posts) {
    await page.goto(href)
    const h1 = page.getByRole('heading', { level: 1 })
    await expect(h1).toBeVisible()
    await expect(page.getByText(/^Por /)).toContainText(/Contador|Contadora/)
    await expect(page.getByText(/Publicado em \d{2}\/\d{2}\/\d{4}/)).toBeVisible()
    // Substantial: many paragraphs and sections.
    expect(await page.locator('article h2').count()).toBeGreaterThanOrEqual(4)
    await expect(page.getByRole('heading', { name: 'Leia também' })).toBeVisible()
    await expectSeo(page, href, /\| Contabil$/)
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
  }
})

test('links between public pages load the next prerendered page', async ({ page }) => {
  await page.goto('/')
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname)
  })
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Abrir empresa' })
    .click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Abra sua empresa sem sair de casa' }),
  ).toBeVisible()
  await expect(page).toHaveTitle(/Abrir empresa online/)
  expect(documents).toEqual(['/abrir-empresa'])
  await expect(
    page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', {
      name: 'Abrir empresa',
    }),
  ).toHaveAttribute('aria-current', 'page')
})

test('/404 and unknown addresses show the 404 page in the site layout', async ({ page }) => {
  await page.goto('/404')
  await expect(page.getByTestId('status-message')).toHaveText('Page not found: /404')
  await page.goto('/pagina-que-nao-existe')
  await expect(page.getByTestId('status-message')).toHaveText(
    'Page not found: /pagina-que-nao-existe',
  )
  await expect(page.getByRole('link', { name: 'Contabil, página inicial' })).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
})

test('preview (?_storyblok) reads the draft version, and can be left', async ({ page }) => {
  await page.goto('/?_storyblok=123')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Feche 2026 com a contabilidade em dia' }),
  ).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Pré-visualização' })).toBeVisible()
  // Still in preview on the next page: a draft-only post exists there.
  await page.goto('/blog/posts/reforma-tributaria-e-o-simples')
  await expect(page.getByRole('heading', { level: 1, name: /Reforma tributária/ })).toBeVisible()
  await page.getByRole('button', { name: 'Sair da pré-visualização' }).click()
  await expect(page.getByTestId('status-message')).toHaveText(
    'Page not found: /blog/posts/reforma-tributaria-e-o-simples',
  )
  await page.goto('/')
  await expect(
    page.getByRole('heading', { level: 1, name: 'O controle da sua empresa, reinventado' }),
  ).toBeVisible()
})

test('published pages need no content request; a preview that cannot load shows a helpful page', async ({
  page,
}) => {
  let contentRequests = 0
  await page.route(/\/v2\/cdn\/stories/, (route) => {
    contentRequests++
    return route.fulfill({ status: 503, body: '{"message":"indisponível"}' })
  })
  // The content is in the page: the content service being down changes nothing for visitors.
  await page.goto('/trocar-contador')
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Trocar de contador é mais simples do que parece',
    }),
  ).toBeVisible()
  expect(contentRequests).toBe(0)
  // An editor's preview reads the drafts in the browser: a failure is explained, and can be retried.
  await page.goto('/trocar-contador?preview=1')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Não conseguimos mostrar esta página agora' }),
  ).toBeVisible()
  expect(contentRequests).toBeGreaterThan(0)
  await expect(page.getByRole('link', { name: 'contato@contabil.dev' }).first()).toBeVisible()
  await page.unroute(/\/v2\/cdn\/stories/)
  await page.getByRole('button', { name: 'Tentar de novo' }).click()
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Trocar de contador é mais simples do que parece',
    }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Sair da pré-visualização' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Pré-visualização' })).toHaveCount(0)
})

test('a later blog page, which the build does not write, is rendered in the browser', async ({
  page,
}) => {
  await page.goto('/blog?pagina=2')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Contabilidade explicada por quem faz' }),
  ).toBeVisible()
  await expect(page.getByText('Nenhum artigo nesta página')).toBeVisible()
  await expect(page).toHaveTitle(/\(página 2\) \| Contabil$/)
  await page.getByRole('link', { name: 'Voltar para a primeira página' }).click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.locator('a[href^="/blog/posts/"]').first()).toBeVisible()
})
