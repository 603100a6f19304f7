import { renderToString } from 'react-dom/server'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Cnae } from '@/schemas/cnae'
import { CnaeSearchIsland } from '@/screens/site/cnae/CnaeSearchIsland'
import { firstCnaePage } from '@/screens/site/cnae/search-state'
import { CitySearch } from '@/screens/site/content/CitySearch'
import { LeadFormSlot } from '@/screens/site/forms/LeadFormSlot'
import { Island, IslandCollector, type IslandRecord } from '@/screens/site/islands/Island'
import { hydrateIsland } from '@/entries/site/site-islands'

// The islands of prerendered pages: the build renders each as a root of its own with its id
// prefix and its props next to it (src/entries/prerender/entry-prerender.tsx); the browser hydrates exactly that
// (src/entries/site/site-islands.tsx). React in development reports any difference between the two, so a
// hydration here with no error means the page is taken over as it is.

const cnae: Cnae = {
  code: '6201501',
  text: 'Desenvolvimento de programas de computador sob encomenda',
  taxRates: null,
  isAllowedMei: false,
  isRFactor: true,
  cnaeAllowedActivities: null,
  cnaeNotAllowedActivities: null,
  obs: null,
  hierarchy: {
    section: { code: 'J', text: 'Informação e comunicação' },
    division: { code: '62', formatted: '62', text: 'Atividades dos serviços de TI' },
    group: { code: '620', formatted: '62.0', text: 'Atividades dos serviços de TI' },
    class: { code: '62015', formatted: '62.01-5', text: 'Desenvolvimento de programas' },
    subclass: { code: '6201501', formatted: '6201-5/01', text: 'Desenvolvimento sob encomenda' },
  },
  isActive: true,
} as Cnae

/** What the build writes for one island: its HTML and, next to it, its props. */
function prerendered(element: React.ReactElement) {
  const islands: IslandRecord[] = []
  renderToString(<IslandCollector.Provider value={islands}>{element}</IslandCollector.Provider>)
  const [island] = islands
  const html = renderToString(island!.element, { identifierPrefix: `${island!.id}-` })
  document.body.innerHTML =
    `<div data-island="${island!.name}" data-island-id="${island!.id}" style="display:contents">${html}</div>` +
    `<script type="application/json" data-island-props="">${JSON.stringify(island!.props)}</script>`
  return document.querySelector<HTMLElement>('[data-island]')!
}

async function hydrate(element: HTMLElement) {
  const ready = vi.fn()
  await act(async () => hydrateIsland(element, ready))
  await waitFor(() => expect(ready).toHaveBeenCalled())
}

afterEach(() => {
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

describe('islands hydrate what the build rendered', () => {
  it('the lead form, which then loads its full version', async () => {
    const errors = vi.spyOn(console, 'error')
    const element = prerendered(
      <Island
        name="lead-form"
        component={LeadFormSlot}
        props={{
          title: 'Fale com um contador',
          text: 'Respondemos em até um dia útil.',
          submitLabel: 'Quero falar com um contador',
          source: '/contabilidade-em/campinas-sp',
          track: null,
          plans: [{ id: 'plan-servicos', name: 'Serviços', price: 189.9 }],
        }}
      />,
    )
    const typed = element.querySelector<HTMLInputElement>('input[name="name"]')!
    typed.value = 'Joana'
    await hydrate(element)
    // The full form took the light one's place, with what was typed before.
    await waitFor(() => expect(screen.getByLabelText(/Celular/)).toHaveAttribute('inputmode'))
    expect(screen.getByLabelText(/Nome/)).toHaveValue('Joana')
    expect(errors).not.toHaveBeenCalled()
  })

  it('the city search, keeping what was typed before it came to life', async () => {
    const errors = vi.spyOn(console, 'error')
    const element = prerendered(
      <Island name="city-search" component={CitySearch} props={{ prefix: 'contador-em' }} />,
    )
    element.querySelector('input')!.value = 'Recife'
    await hydrate(element)
    expect(screen.getByLabelText('Nome da cidade')).toHaveValue('Recife')
    expect(errors).not.toHaveBeenCalled()
  })

  it('the CNAE search, with the first results it was built with', async () => {
    const errors = vi.spyOn(console, 'error')
    const element = prerendered(
      <Island
        name="cnae-search"
        component={CnaeSearchIsland}
        props={{
          search: firstCnaePage,
          results: { data: [cnae], total: 1332 },
          label: 'Buscar atividade ou código',
          placeholder: 'Ex.: padaria',
        }}
      />,
    )
    await hydrate(element)
    expect(screen.getByText('1.332 subclasses da CNAE 2.3, por código')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /6201-5\/01/ })).toHaveAttribute(
      'href',
      '/tools/cnae/6201501-desenvolvimento-de-programas-de-computador-sob-encomenda',
    )
    expect(errors).not.toHaveBeenCalled()
  })
})
